import { Alert, Card } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SurveyFillTexts, type SurveyDefinition } from '@osp/shared';
import { useParams } from 'react-router';
import { api } from '../../../api/client';
import { hasSession } from '../../../api/session';
import { fetchSurveyWorkingCopy, type PublicSurveyForm } from '../../../api/survey-fill';
import { PageLoading } from '../../../components/PageLoading';
import { FillRefusal } from '../fill/FillRefusal';
import { idOf } from '../fill/route-ids';
import { SurveyForm } from '../fill/SurveyForm';
import { SurveyShareQr, surveyShareUrl } from '../fill/SurveyShareQr';
import '../fill/survey-form.css';

interface Previewed {
  definition: SurveyDefinition;
  isWorkingCopy: boolean;
}

/**
 * The working copy when the visitor is a survey administrator (GET /api/surveys/{id}/preview, asked quietly: anyone
 * else is refused), else the released version through the public link.
 */
async function loadPreview(surveyId: number): Promise<Previewed> {
  if (hasSession()) {
    try {
      const copy = await fetchSurveyWorkingCopy(surveyId);
      return { definition: copy.definition, isWorkingCopy: true };
    } catch {
      // Not an administrator of surveys (or signed out since): the released version, as any visitor sees it.
    }
  }
  const released = await api.get<PublicSurveyForm>(`/api/publish/share/${surveyId}`);
  return { definition: released.definition, isWorkingCopy: false };
}

/**
 * /survey/survey-view/{id} (SPEC §2, public): the survey as a respondent will see it, answers never sent, with the
 * share link and its QR code. No layout: it is opened in a new tab from the designer or from a link.
 */
export default function SurveyViewPage() {
  const { id } = useParams();
  const surveyId = idOf(id);
  const preview = useQuery({
    queryKey: ['surveys', 'view', surveyId],
    queryFn: () => loadPreview(surveyId),
    retry: false,
    refetchOnWindowFocus: false,
  });
  return (
    <main className="survey-public">
      {preview.error ? (
        <div className="survey-public__result">
          <FillRefusal error={preview.error} />
        </div>
      ) : preview.data ? (
        <>
          <div className="survey-page-extra">
            <Alert
              type="info"
              showIcon
              title={preview.data.isWorkingCopy ? SurveyFillTexts.workingCopyNote : SurveyFillTexts.releasedNote}
            />
          </div>
          <SurveyForm definition={preview.data.definition} mode="preview" isSignedIn={hasSession()} />
          <Card className="survey-page-extra" style={{ marginTop: 16 }} title={SurveyFillTexts.shareQr}>
            <SurveyShareQr url={surveyShareUrl(surveyId, preview.data.definition.settings.publicLink)} />
          </Card>
        </>
      ) : (
        <PageLoading />
      )}
    </main>
  );
}
