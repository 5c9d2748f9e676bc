import { Alert, Checkbox, DatePicker, Input, InputNumber, Radio, Rate, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { SurveyFillTexts, type SurveyAnswerValue, type SurveyQuestion, type SurveyQuestionState } from '@osp/shared';
import { createContext, useContext } from 'react';
import { AttachmentInput } from '../../../components/bill-form/AttachmentInput';
import { AttachmentList } from '../../../components/bill-form/AttachmentList';
import { DeptAnswerInput, PublicDeptAnswerInput } from './DeptAnswerInput';
import { MatrixInput } from './MatrixInput';
import { PublicFileInput } from './PublicFileInput';
import { RankingInput } from './RankingInput';
import { todayText, togglePick } from './survey-form-logic';

export interface QuestionInputProps {
  question: SurveyQuestion;
  state: SurveyQuestionState;
  value: SurveyAnswerValue | undefined;
  /** undefined clears the answer. */
  onChange: (value: SurveyAnswerValue | undefined) => void;
  isDisabled: boolean;
  /** Uploads and the department tree need a session, or the public link's own calls (PublicShareContext). */
  isSignedIn: boolean;
  /** The question title's element id, which names the control for screen readers. */
  labelId: string;
}

const NPS_SCORES = Array.from({ length: 11 }, (_, i) => i);
const INPUT_MODES = { mobile: 'tel', email: 'email', number: 'decimal', id_card: 'text', none: 'text' } as const;

function dateLimit(limit: string | undefined): string | undefined {
  return limit === 'today' ? todayText() : limit;
}

/**
 * The survey whose public link the form is filled through (the share page provides it): its department and file
 * questions then use the link's own calls (GET /api/publish/share/{id}/depts, POST …/files), signed in or not, since
 * the public submit takes only files uploaded through the link.
 */
export const PublicShareContext = createContext<number | null>(null);

/** The control of one question, by type; the answer's shape is docs/surveys.md's. */
export function QuestionInput({ question, state, value, onChange, isDisabled, isSignedIn, labelId }: QuestionInputProps) {
  const shareId = useContext(PublicShareContext);
  const shownOptions = 'options' in question ? question.options.filter((o) => state.options[o.id]) : [];
  switch (question.type) {
    case 'single':
      return (
        <Radio.Group
          className="survey-choices"
          aria-labelledby={labelId}
          disabled={isDisabled}
          value={typeof value === 'string' ? value : undefined}
          onChange={(event) => onChange(String(event.target.value))}
          options={shownOptions.map((o) => ({ value: o.id, label: o.label }))}
        />
      );
    case 'multiple': {
      const picks = Array.isArray(value) ? value : [];
      const isFull = question.maxPicks !== undefined && picks.filter((id) => state.options[id]).length >= question.maxPicks;
      return (
        <>
          <div className="survey-question__hint">{SurveyFillTexts.picksHint(question.minPicks, question.maxPicks)}</div>
          <div className="survey-choices" role="group" aria-labelledby={labelId}>
            {shownOptions.map((option) => {
              const isPicked = picks.includes(option.id);
              return (
                <Checkbox
                  key={option.id}
                  checked={isPicked}
                  // At the maximum, the rest wait until one is unticked; "none of these" stays open, as it replaces them.
                  disabled={isDisabled || (isFull && !isPicked && !option.exclusive)}
                  onChange={(event) => onChange(togglePick(question, picks, option.id, event.target.checked))}
                >
                  {option.label}
                  {option.exclusive && <span className="survey-question__hint">{SurveyFillTexts.exclusiveHint}</span>}
                </Checkbox>
              );
            })}
          </div>
        </>
      );
    }
    case 'dropdown':
      return (
        <Select<string>
          className="survey-input"
          aria-labelledby={labelId}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          disabled={isDisabled}
          placeholder={SurveyFillTexts.choosePlaceholder}
          value={typeof value === 'string' ? value : undefined}
          onChange={(next) => onChange(next ?? undefined)}
          options={shownOptions.map((o) => ({ value: o.id, label: o.label }))}
        />
      );
    case 'text':
      return (
        <Input
          className="survey-input"
          aria-labelledby={labelId}
          disabled={isDisabled}
          inputMode={INPUT_MODES[question.validator.kind]}
          placeholder={SurveyFillTexts.textPlaceholder}
          maxLength={question.maxLength}
          showCount={question.maxLength !== undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          className="survey-input"
          aria-labelledby={labelId}
          disabled={isDisabled}
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={SurveyFillTexts.textPlaceholder}
          maxLength={question.maxLength}
          showCount={question.maxLength !== undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        />
      );
    case 'number':
      return (
        <InputNumber<number>
          className="survey-input survey-input--number"
          aria-labelledby={labelId}
          disabled={isDisabled}
          inputMode={question.decimals > 0 ? 'decimal' : 'numeric'}
          placeholder={SurveyFillTexts.numberPlaceholder}
          min={question.min}
          max={question.max}
          value={typeof value === 'number' ? value : null}
          onChange={(next) => onChange(typeof next === 'number' && Number.isFinite(next) ? next : undefined)}
        />
      );
    case 'date': {
      const min = dateLimit(question.min);
      const max = dateLimit(question.max);
      return (
        <DatePicker
          className="survey-input survey-input--date"
          aria-labelledby={labelId}
          disabled={isDisabled}
          // A phone's keyboard would cover the calendar it already shows.
          inputReadOnly
          placeholder={SurveyFillTexts.datePlaceholder}
          value={typeof value === 'string' && value !== '' ? dayjs(value) : null}
          disabledDate={(day: Dayjs) => {
            const text = day.format('YYYY-MM-DD');
            return (min !== undefined && text < min) || (max !== undefined && text > max);
          }}
          onChange={(day: Dayjs | null) => onChange(day ? day.format('YYYY-MM-DD') : undefined)}
        />
      );
    }
    case 'rating':
      return (
        <div className="survey-rating">
          <Rate
            count={question.stars}
            disabled={isDisabled}
            aria-label={SurveyFillTexts.ratingLabel(question.stars)}
            value={typeof value === 'number' ? value : 0}
            onChange={(next) => onChange(next > 0 ? next : undefined)}
          />
          {typeof value === 'number' && <span className="survey-question__hint">{SurveyFillTexts.ratingStars(value, question.stars)}</span>}
        </div>
      );
    case 'nps':
      return (
        <div className="survey-nps">
          <Radio.Group
            className="survey-nps__scores"
            aria-label={SurveyFillTexts.npsLabel}
            optionType="button"
            disabled={isDisabled}
            value={typeof value === 'number' ? value : undefined}
            onChange={(event) => onChange(Number(event.target.value))}
            options={NPS_SCORES.map((score) => ({ value: score, label: String(score) }))}
          />
          <div className="survey-nps__ends">
            <span>{SurveyFillTexts.npsLow}</span>
            <span>{SurveyFillTexts.npsHigh}</span>
          </div>
        </div>
      );
    case 'matrix':
      return <MatrixInput question={question} value={value} onChange={onChange} isDisabled={isDisabled} />;
    case 'ranking':
      return (
        <RankingInput
          question={question}
          shown={state.options}
          value={value}
          onChange={(order) => onChange(order)}
          isDisabled={isDisabled}
          labelId={labelId}
        />
      );
    case 'file':
      if (shareId !== null) {
        return (
          <>
            <div className="survey-question__hint">{SurveyFillTexts.filesHint(question.maxFiles)}</div>
            <PublicFileInput
              surveyId={shareId}
              maxFiles={question.maxFiles}
              value={value}
              onChange={onChange}
              isDisabled={isDisabled}
              labelId={labelId}
            />
          </>
        );
      }
      if (!isSignedIn) return <Alert type="info" showIcon title={SurveyFillTexts.filesNeedSignIn} />;
      return (
        <>
          <div className="survey-question__hint">{SurveyFillTexts.filesHint(question.maxFiles)}</div>
          {isDisabled ? (
            Array.isArray(value) && value.length > 0 && <AttachmentList ids={value} />
          ) : (
            <AttachmentInput value={Array.isArray(value) ? value : []} onChange={(ids) => onChange(ids.length > 0 ? ids : undefined)} />
          )}
        </>
      );
    case 'department':
      if (shareId !== null)
        return <PublicDeptAnswerInput surveyId={shareId} value={value} onChange={onChange} isDisabled={isDisabled} labelId={labelId} />;
      if (!isSignedIn) return <Alert type="info" showIcon title={SurveyFillTexts.deptNeedSignIn} />;
      return <DeptAnswerInput value={value} onChange={onChange} isDisabled={isDisabled} labelId={labelId} />;
    case 'description':
      return null;
  }
}
