import { Alert, Form, Input } from 'antd';
import { SURVEY_RESPONDENT_NAME_MAX, SurveyApiMessages, SurveyFillTexts, type FieldErrors, type SurveyAnswers } from '@osp/shared';
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { hasSession } from '../../../api/session';
import { submitPublicSurvey, usePublicSurvey, type PublicSurveyForm } from '../../../api/survey-fill';
import { messageText } from '../../../components/HtmlMessage';
import { PageLoading } from '../../../components/PageLoading';
import { formatDateTime } from '../../../utils/datetime';
import { FillRefusal } from '../fill/FillRefusal';
import { PublicShareContext } from '../fill/QuestionInput';
import { idOf } from '../fill/route-ids';
import { SurveyForm } from '../fill/SurveyForm';
import '../fill/survey-form.css';

/**
 * /survey/survey-share/{id} (SPEC §2, public): a survey open through its public link, filled without signing in —
 * anonymously, or with a name field when the survey is named. No layout around it: it is opened from a QR code on a phone.
 */
export default function SurveySharePage() {
  const { id } = useParams();
  const surveyId = idOf(id);
  const survey = usePublicSurvey(surveyId);
  return (
    <main className="survey-public">
      {survey.error ? (
        <div className="survey-public__result">
          <FillRefusal error={survey.error} />
        </div>
      ) : survey.data ? (
        <PublicFill survey={survey.data} onVersionChanged={() => void survey.refetch()} />
      ) : (
        <PageLoading />
      )}
    </main>
  );
}

/**
 * The form of a public link. `onVersionChanged`: the server refused the answers for a version no longer current; the
 * page reads the new one and this component stays, keeping what was typed (answers are keyed by stable ids).
 */
function PublicFill({ survey, onVersionChanged }: { survey: PublicSurveyForm; onVersionChanged: () => void }) {
  const navigate = useNavigate();
  const startedAt = useRef(new Date().toISOString());
  const [answers, setAnswers] = useState<SurveyAnswers>({});
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<FieldErrors | undefined>(undefined);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isNamed = !survey.definition.settings.anonymous;

  const handleSubmit = async (sent: SurveyAnswers) => {
    if (isNamed && name.trim() === '') {
      setNameError(SurveyApiMessages.respondentNameRequired);
      document.getElementById('survey-respondent-name')?.focus();
      return;
    }
    setIsSubmitting(true);
    try {
      await submitPublicSurvey(survey.survey_id, {
        version_id: survey.version_id,
        answers: sent,
        started_at: startedAt.current,
        ...(isNamed ? { name: name.trim() } : {}),
      });
      void navigate(`${SurveyFillTexts.paths.success}?from=share`);
    } catch (error) {
      if (error instanceof ApiError && error.message === SurveyApiMessages.fillVersionChanged) {
        onVersionChanged();
        return;
      }
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fieldErrors) {
        const { name: nameErrors, ...rest } = fieldErrors;
        setNameError(nameErrors?.[0]);
        setErrors(rest);
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    // Department and file questions go through the link's own calls (GET …/depts, POST …/files), as the submit does.
    <PublicShareContext value={survey.survey_id}>
      <SurveyForm
        definition={survey.definition}
        answers={answers}
        onChange={setAnswers}
        onSubmit={handleSubmit}
        mode="fill"
        errors={errors}
        isSubmitting={isSubmitting}
        isSignedIn={hasSession()}
        header={
          <>
            <div className="survey-form__meta">
              <span>{survey.deadline ? SurveyFillTexts.deadline(formatDateTime(survey.deadline)) : SurveyFillTexts.noDeadline}</span>
            </div>
            {isNamed ? (
              <Form layout="vertical" component="div" style={{ marginTop: 12 }}>
                <Form.Item
                  label={SurveyFillTexts.respondentName}
                  htmlFor="survey-respondent-name"
                  required
                  validateStatus={nameError ? 'error' : undefined}
                  help={nameError ? messageText(nameError) : undefined}
                  style={{ marginBottom: 0 }}
                >
                  <Input
                    id="survey-respondent-name"
                    size="large"
                    autoComplete="name"
                    maxLength={SURVEY_RESPONDENT_NAME_MAX}
                    placeholder={SurveyFillTexts.respondentNamePlaceholder}
                    value={name}
                    onChange={(event) => {
                      setName(event.target.value);
                      setNameError(undefined);
                    }}
                  />
                </Form.Item>
              </Form>
            ) : (
              <Alert type="info" showIcon title={SurveyFillTexts.anonymousNote} style={{ marginTop: 12 }} />
            )}
          </>
        }
      />
    </PublicShareContext>
  );
}
