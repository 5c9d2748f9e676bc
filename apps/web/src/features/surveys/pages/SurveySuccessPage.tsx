import { Button, Result } from 'antd';
import { SurveyFillTexts } from '@osp/shared';
import { Link, useSearchParams } from 'react-router';
import { hasSession } from '../../../api/session';
import '../fill/survey-form.css';

/**
 * /survey/success (SPEC §2, public): after a submission. A signed-in respondent goes back to the list the survey came
 * from (?from=mine or pending); a public respondent has nowhere to go and is only thanked.
 */
export default function SurveySuccessPage() {
  const [search] = useSearchParams();
  const from = search.get('from');
  const back =
    !hasSession() || from === 'share'
      ? undefined
      : from === 'pending'
        ? { to: SurveyFillTexts.paths.pending, label: SurveyFillTexts.backToPending }
        : { to: SurveyFillTexts.paths.mine, label: SurveyFillTexts.backToMine };
  return (
    <main className="survey-public">
      <div className="survey-public__result">
        <Result
          status="success"
          title={SurveyFillTexts.successTitle}
          subTitle={SurveyFillTexts.successSubtitle}
          extra={
            back ? (
              <Link to={back.to}>
                <Button type="primary" size="large">
                  {back.label}
                </Button>
              </Link>
            ) : undefined
          }
        />
      </div>
    </main>
  );
}
