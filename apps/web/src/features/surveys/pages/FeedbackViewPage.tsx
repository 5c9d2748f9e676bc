import { Button } from 'antd';
import { SurveyFillTexts } from '@osp/shared';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSurveyFillForm } from '../../../api/survey-fill';
import { PageLoading } from '../../../components/PageLoading';
import { formatDateTime } from '../../../utils/datetime';
import { fillPath } from '../fill/my-surveys';
import { FillRefusal } from '../fill/FillRefusal';
import { idOf } from '../fill/route-ids';
import { SurveyForm } from '../fill/SurveyForm';
import '../fill/survey-form.css';

/**
 * /feedback/view/{id}?ratee_id= (SPEC §2): an evaluation form as I will fill it, nothing sent; 去评价 opens it for
 * filling. The side menu keeps 待我评价 highlighted (app/layouts/main/menu-highlight.ts).
 */
export default function FeedbackViewPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const surveyId = idOf(id);
  const rateeId = idOf(search.get('ratee_id'));
  const form = useSurveyFillForm(surveyId, rateeId);
  if (form.error)
    return <FillRefusal error={form.error} back={{ to: SurveyFillTexts.paths.pending, label: SurveyFillTexts.backToPending }} />;
  if (!form.data) return <PageLoading />;
  const data = form.data;
  return (
    <SurveyForm
      key={`${data.survey_id}-${data.version_id}-${data.ratee_id}`}
      definition={data.definition}
      answers={data.answers ?? {}}
      mode="preview"
      hideSubmit
      readOnly={data.state === 'submitted'}
      header={
        <div className="survey-form__meta">
          {data.ratee_name && <span>{SurveyFillTexts.ratee(data.ratee_name)}</span>}
          <span>{data.deadline ? SurveyFillTexts.deadline(formatDateTime(data.deadline)) : SurveyFillTexts.noDeadline}</span>
        </div>
      }
      actions={
        data.state === 'submitted' ? undefined : (
          <Link to={fillPath({ survey_id: data.survey_id, ratee_id: data.ratee_id })}>
            <Button size="large" type="primary">
              {SurveyFillTexts.evaluate}
            </Button>
          </Link>
        )
      }
    />
  );
}
