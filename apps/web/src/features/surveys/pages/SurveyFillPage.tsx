import { SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { SurveyApiMessages, SurveyFillTexts, type FieldErrors, type SurveyAnswers, type SurveyFillForm } from '@osp/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { saveSurveyDraft, submitSurvey, useSurveyFillForm } from '../../../api/survey-fill';
import { mySurveysKey } from '../../../api/survey-waiting';
import { ButtonGuarded } from '../../../components/ButtonGuarded';
import { PageLoading } from '../../../components/PageLoading';
import { toast } from '../../../components/toast';
import { formatDateTime } from '../../../utils/datetime';
import { answersToSend } from '../fill/survey-form-logic';
import { FillRefusal } from '../fill/FillRefusal';
import { idOf } from '../fill/route-ids';
import { SurveyForm } from '../fill/SurveyForm';
import { useSurveyDraft } from '../fill/useSurveyDraft';
import '../fill/survey-form.css';

/**
 * /survey/survey-share-check/{id}?ratee_id= (SPEC §2, signed in): the released version to fill as a targeted person,
 * resuming the server-side draft; 暂存 and the autosave keep it; 提交 sends and opens /survey/success. A refusal (not
 * targeted, closed, already answered) is shown in place of the form.
 */
export default function SurveyFillPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const surveyId = idOf(id);
  const rateeId = idOf(search.get('ratee_id'));
  const form = useSurveyFillForm(surveyId, rateeId);
  // What was typed when the survey turned out to have a new version: the new one opens with it (ids are stable).
  const [carried, setCarried] = useState<SurveyAnswers | null>(null);
  if (form.error) {
    return (
      <FillRefusal
        error={form.error}
        back={
          rateeId > 0
            ? { to: SurveyFillTexts.paths.pending, label: SurveyFillTexts.backToPending }
            : { to: SurveyFillTexts.paths.mine, label: SurveyFillTexts.backToMine }
        }
      />
    );
  }
  if (!form.data) return <PageLoading />;
  return (
    <FillSession
      key={`${form.data.survey_id}-${form.data.version_id}-${form.data.ratee_id}`}
      form={form.data}
      initialAnswers={carried ?? form.data.answers ?? {}}
      isCarried={carried !== null}
      onVersionChanged={(answers) => {
        // The server's refusal (SurveyApiMessages.fillVersionChanged, toasted by the API client) says what happens here.
        setCarried(answers);
        void form.refetch();
      }}
    />
  );
}

interface FillSessionProps {
  form: SurveyFillForm;
  initialAnswers: SurveyAnswers;
  /** The answers come from a version replaced meanwhile: they are saved as this version's draft at once. */
  isCarried: boolean;
  /** The server refused the answers for a version no longer current: the page reads the new one, keeping `answers`. */
  onVersionChanged: (answers: SurveyAnswers) => void;
}

function FillSession({ form, initialAnswers, isCarried, onVersionChanged }: FillSessionProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const startedAt = useRef(new Date().toISOString());
  const isSubmitted = form.state === 'submitted';
  const isReadOnly = isSubmitted && !form.definition.settings.editableUntilDeadline;
  const body = (answers: SurveyAnswers) => ({
    version_id: form.version_id,
    answers: answersToSend(form.definition, answers),
    ratee_id: form.ratee_id,
    started_at: startedAt.current,
  });
  const isVersionChanged = (error: unknown) => error instanceof ApiError && error.message === SurveyApiMessages.fillVersionChanged;
  // A new version met by a submit or a draft save: this session stops saving (its draft is of the old version) and the
  // page opens the new one with the answers.
  const moveToNewVersion = (answers: SurveyAnswers) => {
    draft.markSubmitted();
    onVersionChanged(answers);
  };
  const draft = useSurveyDraft(initialAnswers, {
    save: (answers) =>
      saveSurveyDraft(form.survey_id, body(answers)).catch((error: unknown) => {
        if (isVersionChanged(error)) moveToNewVersion(answers);
        throw error;
      }),
    // A submitted response is changed by submitting again, never by a draft.
    isDisabled: isSubmitted,
  });
  useEffect(() => {
    if (isCarried && !isSubmitted) draft.saveNow().catch(() => undefined);
    // Once, as the new version opens: later changes are the draft's own autosave.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [errors, setErrors] = useState<FieldErrors | undefined>(undefined);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const handleSubmit = async (answers: SurveyAnswers) => {
    setIsSubmitting(true);
    try {
      await submitSurvey(form.survey_id, body(answers));
      draft.markSubmitted();
      void queryClient.invalidateQueries({ queryKey: mySurveysKey });
      void navigate(`${SurveyFillTexts.paths.success}?from=${form.kind === 'evaluation' ? 'pending' : 'mine'}`);
    } catch (error) {
      if (isVersionChanged(error)) {
        moveToNewVersion(answers);
        return;
      }
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fieldErrors) setErrors(fieldErrors);
    } finally {
      setIsSubmitting(false);
    }
  };

  const handleSave = () => {
    draft
      .saveNow()
      .then(() => toast.success(SurveyFillTexts.draftSaved))
      .catch(() => undefined);
  };

  return (
    <div className="survey-fill-page">
      <SurveyForm
        definition={form.definition}
        answers={draft.answers}
        onChange={draft.setAnswers}
        onSubmit={handleSubmit}
        mode="fill"
        readOnly={isReadOnly}
        errors={errors}
        isSubmitting={isSubmitting}
        header={
          <div className="survey-form__meta">
            {form.ratee_name && <span>{SurveyFillTexts.ratee(form.ratee_name)}</span>}
            <span>{form.deadline ? SurveyFillTexts.deadline(formatDateTime(form.deadline)) : SurveyFillTexts.noDeadline}</span>
            {draft.savedAt && <span aria-live="polite">{SurveyFillTexts.draftSavedAt(formatDateTime(draft.savedAt.toISOString()))}</span>}
          </div>
        }
        actions={
          isSubmitted ? undefined : (
            <ButtonGuarded
              size="large"
              icon={<SaveOutlined />}
              loading={draft.isSaving}
              onClick={handleSave}
              title={SurveyFillTexts.autosaveHint}
            >
              {SurveyFillTexts.saveDraft}
            </ButtonGuarded>
          )
        }
      />
    </div>
  );
}
