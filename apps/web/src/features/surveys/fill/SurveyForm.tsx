import { Alert, Button, Empty } from 'antd';
import {
  evaluateSurvey,
  SurveyFillTexts,
  SurveyTexts,
  type FieldErrors,
  type SurveyAnswers,
  type SurveyAnswerValue,
  type SurveyDefinition,
  type SurveyQuestion,
  type SurveyQuestionState,
} from '@osp/shared';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { messageText } from '../../../components/HtmlMessage';
import { toast } from '../../../components/toast';
import { PhoneLayoutContext } from './phone-layout';
import { QuestionInput } from './QuestionInput';
import {
  answersToSend,
  currentPageId,
  firstPageWithError,
  pageErrors,
  pageNeighbours,
  questionNumbers,
  splitServerErrors,
  todayText,
  validateAnswers,
  visibleQuestions,
  type QuestionErrors,
} from './survey-form-logic';
import './survey-form.css';

/**
 * The survey as a respondent sees it, page by page (issue 16). Used by the fill pages and by the designer's live
 * preview (helper W1), so its props stay few:
 *
 * - `definition`: the version to answer (or the working copy being designed).
 * - `answers` / `onChange`: the answers as the respondent left them, hidden questions' ones included (they come
 *   back when a rule lets go); without `onChange` the form keeps its own copy, starting from `answers`.
 * - `onSubmit`: called on 提交 with what to send (answersToSend: visible questions only) once the shared
 *   validation passes on every page of the path; the page sends it. Absent, or in preview, 提交 only checks.
 * - `mode`: 'fill' for a respondent; 'preview' for a designer or an administrator (a banner says nothing is sent).
 * - `readOnly`: every control disabled (submitted answers of a survey that cannot be changed); pages still turn.
 * - `errors`: a 422's `data.errors`; `answers.<id>` go under their questions (the form turns to the first page that
 *   has one), other keys are listed above the buttons.
 * - `isSignedIn`: false on the public share page, where uploads and the department tree are not offered.
 * - `isPhone`: laid out as on a phone at any width (the designer's phone preview); a narrow window gets it anyway.
 * - `hideSubmit`: no 提交 at all (a preview whose own button leads to the real form, as 待我评价's 去评价).
 * - `header`: between the survey's description and its questions (the public page's name field, whom an evaluation
 *   rates); `actions`: beside 提交 (暂存). `isSubmitting` shows 提交 as busy.
 *
 * The shared evaluator runs on every change: questions and options a rule hides disappear, a rule's 必答 appears, and
 * 下一页 follows the jumps (the path). 下一页 checks its page, 提交 the whole path, with the shared validation.
 */
export interface SurveyFormProps {
  definition: SurveyDefinition;
  answers?: SurveyAnswers;
  onChange?: (answers: SurveyAnswers) => void;
  onSubmit?: (answers: SurveyAnswers) => Promise<void> | void;
  mode: 'fill' | 'preview';
  readOnly?: boolean;
  errors?: FieldErrors | undefined;
  isSignedIn?: boolean;
  isPhone?: boolean;
  hideSubmit?: boolean;
  header?: ReactNode;
  actions?: ReactNode;
  isSubmitting?: boolean;
}

const NO_ANSWERS: SurveyAnswers = {};

export function SurveyForm({
  definition,
  answers: givenAnswers = NO_ANSWERS,
  onChange,
  onSubmit,
  mode,
  readOnly = false,
  errors,
  isSignedIn = true,
  isPhone = false,
  hideSubmit = false,
  header,
  actions,
  isSubmitting = false,
}: SurveyFormProps) {
  const [ownAnswers, setOwnAnswers] = useState(givenAnswers);
  const answers = onChange ? givenAnswers : ownAnswers;
  const evaluation = useMemo(() => evaluateSurvey(definition, answers), [definition, answers]);
  const [wantedPage, setWantedPage] = useState<string | undefined>(undefined);
  const pageId = currentPageId(definition, evaluation, wantedPage);
  const [shownErrors, setShownErrors] = useState<QuestionErrors>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const top = useRef<HTMLDivElement>(null);
  const isSending = useRef(false);
  // A new object for each request, so that asking twice for the same scroll scrolls twice.
  const [scrollRequest, setScrollRequest] = useState<{ to: 'top' | 'error' } | null>(null);

  // The server's refusal: its messages under their questions, and the page of the first one shown. Adjusted while
  // rendering (React's "storing information from previous renders"), so the refused page never flashes without them.
  const [seenErrors, setSeenErrors] = useState(errors);
  if (errors !== seenErrors) {
    setSeenErrors(errors);
    if (errors) {
      const { byQuestion, other } = splitServerErrors(errors);
      setShownErrors(byQuestion);
      setOtherErrors(Object.values(other).flat());
      const page = firstPageWithError(definition, evaluation, byQuestion);
      if (page !== undefined) setWantedPage(page);
      setScrollRequest({ to: 'error' });
    }
  }

  useEffect(() => {
    if (scrollRequest === null) return;
    if (scrollRequest.to === 'top') {
      top.current?.scrollIntoView({ block: 'start' });
      return;
    }
    const first = top.current?.querySelector('.survey-question--error');
    first?.scrollIntoView({ block: 'center' });
    first?.querySelector<HTMLElement>('input, textarea, button, [tabindex]')?.focus({ preventScroll: true });
  }, [scrollRequest]);

  const setAnswer = (id: string, value: SurveyAnswerValue | undefined) => {
    const next = { ...answers };
    if (value === undefined) delete next[id];
    else next[id] = value;
    if (onChange) onChange(next);
    else setOwnAnswers(next);
    if (shownErrors[id]) {
      const rest = { ...shownErrors };
      delete rest[id];
      setShownErrors(rest);
    }
  };

  const goTo = (next: string) => {
    setWantedPage(next);
    setScrollRequest({ to: 'top' });
  };

  const { previous, next, position } = pageId === undefined ? { position: 0 } : pageNeighbours(evaluation, pageId);

  const handleNext = () => {
    if (pageId === undefined || next === undefined) return;
    if (!readOnly) {
      const problems = pageErrors(definition, validateAnswers(definition, answers, todayText()), pageId);
      setShownErrors(problems);
      if (Object.keys(problems).length > 0) {
        setScrollRequest({ to: 'error' });
        return;
      }
    }
    goTo(next);
  };

  const handleSubmit = async () => {
    const problems = validateAnswers(definition, answers, todayText());
    setShownErrors(problems);
    setOtherErrors([]);
    if (Object.keys(problems).length > 0) {
      const page = firstPageWithError(definition, evaluation, problems);
      if (page !== undefined) setWantedPage(page);
      setScrollRequest({ to: 'error' });
      return;
    }
    if (mode === 'preview' || !onSubmit) {
      toast.warning(SurveyFillTexts.previewSubmitHint, 'survey-preview-submit');
      return;
    }
    // One click sends one submission: a second before the page re-renders with isSubmitting finds this set. A public
    // link has no one-response-per-person to refuse the second.
    if (isSending.current) return;
    isSending.current = true;
    try {
      await onSubmit(answersToSend(definition, answers, evaluation));
    } finally {
      isSending.current = false;
    }
  };

  const numbers = questionNumbers(definition, evaluation);
  const questions = pageId === undefined ? [] : visibleQuestions(definition, evaluation, pageId);
  const page = definition.pages.find((candidate) => candidate.id === pageId);
  const errorCount = Object.keys(shownErrors).length;

  return (
    <PhoneLayoutContext value={isPhone}>
      <div className={isPhone ? 'survey-form survey-form--phone' : 'survey-form'} ref={top}>
        <header className="survey-form__head">
          <h1 className="survey-form__title">{definition.title}</h1>
          {definition.description && <p className="survey-form__description">{definition.description}</p>}
          {header}
        </header>
        {mode === 'preview' && <Alert className="survey-form__banner" type="info" showIcon title={SurveyFillTexts.previewBanner} />}
        {readOnly && mode === 'fill' && (
          <Alert className="survey-form__banner" type="info" showIcon title={SurveyFillTexts.readOnlyBanner} />
        )}
        {evaluation.path.length > 1 && (
          <div className="survey-form__page-bar">
            {page?.title ? <span className="survey-form__page-title">{page.title}</span> : <span />}
            <span className="survey-form__page-count">{SurveyFillTexts.pageOf(position, evaluation.path.length)}</span>
          </div>
        )}
        {questions.length === 0 && <Empty description={SurveyFillTexts.emptySurvey} />}
        {questions.map((question) => (
          <QuestionBlock
            key={question.id}
            question={question}
            state={evaluation.questions[question.id] as SurveyQuestionState}
            number={numbers[question.id]}
            value={Object.hasOwn(answers, question.id) ? answers[question.id] : undefined}
            errors={shownErrors[question.id]}
            isDisabled={readOnly}
            isSignedIn={isSignedIn}
            onChange={(value) => setAnswer(question.id, value)}
          />
        ))}
        {(errorCount > 0 || otherErrors.length > 0) && (
          <Alert
            className="survey-form__errors"
            type="error"
            showIcon
            role="alert"
            title={errorCount > 0 ? SurveyFillTexts.errorsSummary(errorCount) : messageText(otherErrors[0] ?? '')}
            description={errorCount > 0 && otherErrors.length > 0 ? otherErrors.map(messageText).join('；') : undefined}
          />
        )}
        <footer className="survey-form__actions">
          {previous !== undefined && (
            <Button size="large" onClick={() => goTo(previous)}>
              {SurveyFillTexts.previous}
            </Button>
          )}
          {next !== undefined ? (
            <Button size="large" type="primary" onClick={handleNext}>
              {SurveyFillTexts.next}
            </Button>
          ) : (
            !readOnly &&
            !hideSubmit && (
              <Button size="large" type="primary" loading={isSubmitting} onClick={() => void handleSubmit()}>
                {isSubmitting ? SurveyFillTexts.submitting : SurveyFillTexts.submit}
              </Button>
            )
          )}
          {actions}
        </footer>
      </div>
    </PhoneLayoutContext>
  );
}

interface QuestionBlockProps {
  question: SurveyQuestion;
  state: SurveyQuestionState;
  number: number | undefined;
  value: SurveyAnswerValue | undefined;
  errors: string[] | undefined;
  isDisabled: boolean;
  isSignedIn: boolean;
  onChange: (value: SurveyAnswerValue | undefined) => void;
}

/** One question: its number, title (with 必答 when the question or a rule requires it), description, control and errors. */
function QuestionBlock({ question, state, number, value, errors, isDisabled, isSignedIn, onChange }: QuestionBlockProps) {
  const labelId = `survey-q-${question.id}`;
  const errorId = `${labelId}-error`;
  if (question.type === 'description') {
    return (
      <section className="survey-question survey-question--description" aria-labelledby={labelId}>
        <h2 className="survey-question__title" id={labelId}>
          {question.title}
        </h2>
        {question.description && <p className="survey-question__description">{question.description}</p>}
      </section>
    );
  }
  const hasErrors = errors !== undefined && errors.length > 0;
  return (
    <section
      className={hasErrors ? 'survey-question survey-question--error' : 'survey-question'}
      aria-labelledby={labelId}
      aria-describedby={hasErrors ? errorId : undefined}
      data-question-type={question.type}
    >
      <h2 className="survey-question__title" id={labelId}>
        {number !== undefined && <span className="survey-question__number">{number}.</span>}
        <span>{question.title}</span>
        {state.required && (
          <span className="survey-question__required" aria-label={SurveyFillTexts.required} title={SurveyFillTexts.required}>
            {SurveyFillTexts.requiredMark}
          </span>
        )}
        <span className="survey-question__type">{SurveyTexts.questionTypes[question.type]}</span>
      </h2>
      {question.description && <p className="survey-question__description">{question.description}</p>}
      <div className="survey-question__control">
        <QuestionInput
          question={question}
          state={state}
          value={value}
          onChange={onChange}
          isDisabled={isDisabled}
          isSignedIn={isSignedIn}
          labelId={labelId}
        />
      </div>
      {hasErrors && (
        <div className="survey-question__errors" id={errorId} role="alert">
          {errors.map((message) => (
            <div key={message}>{messageText(message)}</div>
          ))}
        </div>
      )}
    </section>
  );
}
