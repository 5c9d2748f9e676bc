import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, DatePicker, Flex, Form, Input, InputNumber, Modal, Radio, Select, Switch, Tooltip } from 'antd';
import {
  SURVEY_DECIMALS_MAX,
  SURVEY_DESCRIPTION_MAX,
  SURVEY_FILES_MAX,
  SURVEY_OPTION_LABEL_MAX,
  SURVEY_RATING_STARS_MAX,
  SURVEY_SCORED_TYPES,
  SURVEY_TEXT_MAX,
  SURVEY_TITLE_MAX,
  SurveyDesignerTexts,
  SurveyTexts,
  type SurveyDimension,
  type SurveyQuestion,
  type TextValidator,
} from '@osp/shared';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { messageText } from '../../../components/HtmlMessage';
import { addItem, addItems, shiftItem, type Labelled } from './designer-state';

const T = SurveyDesignerTexts;

export interface FieldProblem {
  field: string;
  message: string;
}

interface QuestionEditorProps {
  question: SurveyQuestion;
  /** The survey's kind decides whether the 评分维度 field shows. */
  dimensions: readonly SurveyDimension[] | null;
  problems: readonly FieldProblem[];
  onChange: (question: SurveyQuestion) => void;
  /** Option removal goes through the designer: rules naming the option change with it. */
  onRemoveOption: (optionId: string) => void;
}

/** The problems of one field (`title`) or of a field and what is under it (`options` takes `options.1.label`). */
function problemsAt(problems: readonly FieldProblem[], field: string, isPrefix = false): string[] {
  return problems.filter((p) => p.field === field || (isPrefix && p.field.startsWith(`${field}.`))).map((p) => messageText(p.message));
}

function Field({ label, errors, children, extra }: { label: ReactNode; errors?: string[]; children: ReactNode; extra?: ReactNode }) {
  const hasErrors = errors !== undefined && errors.length > 0;
  return (
    <Form.Item
      label={label}
      validateStatus={hasErrors ? 'error' : undefined}
      help={hasErrors ? errors.join('；') : undefined}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}

const numberOrUndefined = (value: number | null): number | undefined => (value === null ? undefined : value);

/**
 * The right-hand panel: everything one question has, by its type. Each change hands the whole question back; ids
 * never change here (new options get theirs from newSurveyId).
 */
export function QuestionEditor({ question, dimensions, problems, onChange, onRemoveOption }: QuestionEditorProps) {
  const set = (patch: Partial<SurveyQuestion>) => onChange({ ...question, ...patch } as SurveyQuestion);
  return (
    <Form layout="vertical" className="survey-question-editor" aria-label={T.questionPanel} component="div">
      <div className="survey-question-editor__type">{SurveyTexts.questionTypes[question.type]}</div>
      <Field label={T.fieldQuestionTitle} errors={problemsAt(problems, 'title')}>
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={SURVEY_TITLE_MAX}
          value={question.title}
          aria-label={T.fieldQuestionTitle}
          onChange={(event) => set({ title: event.target.value })}
        />
      </Field>
      <Field label={T.fieldQuestionDescription} errors={problemsAt(problems, 'description')}>
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={SURVEY_DESCRIPTION_MAX}
          value={question.description ?? ''}
          aria-label={T.fieldQuestionDescription}
          onChange={(event) => set({ description: event.target.value === '' ? undefined : event.target.value })}
        />
      </Field>
      {question.type !== 'description' && (
        <Field label={T.fieldRequired}>
          <Switch checked={question.required} aria-label={T.fieldRequired} onChange={(required) => set({ required })} />
        </Field>
      )}
      <TypeFields question={question} problems={problems} onChange={onChange} onRemoveOption={onRemoveOption} />
      {dimensions !== null && (SURVEY_SCORED_TYPES as readonly string[]).includes(question.type) && (
        <Field label={T.fieldDimension} errors={problemsAt(problems, 'dimensionId')}>
          <Select<string>
            allowClear
            aria-label={T.fieldDimension}
            placeholder={T.noDimension}
            value={(question as { dimensionId?: string }).dimensionId}
            options={dimensions.map((d) => ({ value: d.id, label: d.title }))}
            onChange={(dimensionId) => set({ dimensionId })}
          />
        </Field>
      )}
      {problemsAt(problems, '').length > 0 && (
        <Field label="" errors={problemsAt(problems, '')}>
          {null}
        </Field>
      )}
    </Form>
  );
}

function TypeFields({ question, problems, onChange, onRemoveOption }: Omit<QuestionEditorProps, 'dimensions'>) {
  switch (question.type) {
    case 'single':
    case 'dropdown':
    case 'ranking':
    case 'multiple':
      return (
        <>
          <Field label={T.fieldOptions} errors={problemsAt(problems, 'options', true)}>
            <LabelList
              items={question.options}
              placeholder={T.optionPlaceholder}
              addText={T.addOption}
              canBulk
              onChange={(options) => onChange({ ...question, options })}
              onRemove={onRemoveOption}
              renderExtra={
                question.type === 'multiple'
                  ? (item) => (
                      <Tooltip title={T.exclusiveHint}>
                        <Checkbox
                          checked={question.options.find((o) => o.id === item.id)?.exclusive === true}
                          onChange={(event) =>
                            onChange({
                              ...question,
                              options: question.options.map((o) =>
                                o.id === item.id ? (event.target.checked ? { ...o, exclusive: true } : { id: o.id, label: o.label }) : o,
                              ),
                            })
                          }
                        >
                          {T.exclusive}
                        </Checkbox>
                      </Tooltip>
                    )
                  : undefined
              }
            />
          </Field>
          {question.type === 'multiple' && (
            <Flex gap={12} wrap>
              <Field label={T.fieldMinPicks} errors={problemsAt(problems, 'minPicks')}>
                <InputNumber
                  min={0}
                  max={question.options.length}
                  precision={0}
                  placeholder={T.unlimited}
                  aria-label={T.fieldMinPicks}
                  value={question.minPicks ?? null}
                  onChange={(value) => onChange({ ...question, minPicks: numberOrUndefined(value) })}
                />
              </Field>
              <Field label={T.fieldMaxPicks} errors={problemsAt(problems, 'maxPicks')}>
                <InputNumber
                  min={1}
                  max={question.options.length}
                  precision={0}
                  placeholder={T.unlimited}
                  aria-label={T.fieldMaxPicks}
                  value={question.maxPicks ?? null}
                  onChange={(value) => onChange({ ...question, maxPicks: numberOrUndefined(value) })}
                />
              </Field>
            </Flex>
          )}
        </>
      );
    case 'text':
      return (
        <>
          <Field label={T.fieldValidator} errors={problemsAt(problems, 'validator', true)}>
            <Select<TextValidator['kind']>
              aria-label={T.fieldValidator}
              value={question.validator.kind}
              options={Object.entries(SurveyTexts.textValidators).map(([value, label]) => ({
                value: value as TextValidator['kind'],
                label,
              }))}
              onChange={(kind) => onChange({ ...question, validator: kind === 'number' ? { kind } : { kind } })}
            />
          </Field>
          {question.validator.kind === 'number' && (
            <NumberRange
              min={question.validator.min}
              max={question.validator.max}
              problems={problemsAt(problems, 'validator', true)}
              onChange={(min, max) => onChange({ ...question, validator: { kind: 'number', min, max } })}
            />
          )}
          <MaxLength
            value={question.maxLength}
            problems={problemsAt(problems, 'maxLength')}
            onChange={(maxLength) => onChange({ ...question, maxLength })}
          />
        </>
      );
    case 'textarea':
      return (
        <MaxLength
          value={question.maxLength}
          problems={problemsAt(problems, 'maxLength')}
          onChange={(maxLength) => onChange({ ...question, maxLength })}
        />
      );
    case 'number':
      return (
        <>
          <NumberRange
            min={question.min}
            max={question.max}
            problems={problemsAt(problems, 'min').concat(problemsAt(problems, 'max'))}
            onChange={(min, max) => onChange({ ...question, min, max })}
          />
          <Field label={T.fieldDecimals} errors={problemsAt(problems, 'decimals')}>
            <InputNumber
              min={0}
              max={SURVEY_DECIMALS_MAX}
              precision={0}
              aria-label={T.fieldDecimals}
              value={question.decimals}
              onChange={(value) => onChange({ ...question, decimals: value ?? 0 })}
            />
          </Field>
        </>
      );
    case 'date':
      return (
        <>
          <DateLimit
            label={T.fieldDateMin}
            value={question.min}
            problems={problemsAt(problems, 'min')}
            onChange={(min) => onChange({ ...question, min })}
          />
          <DateLimit
            label={T.fieldDateMax}
            value={question.max}
            problems={problemsAt(problems, 'max')}
            onChange={(max) => onChange({ ...question, max })}
          />
        </>
      );
    case 'rating':
      return (
        <Stars
          value={question.stars}
          problems={problemsAt(problems, 'stars')}
          onChange={(stars) => onChange({ ...question, stars: stars ?? 5 })}
        />
      );
    case 'matrix':
      return (
        <>
          <Field label={T.fieldMode}>
            <Radio.Group
              optionType="button"
              value={question.mode}
              options={Object.entries(SurveyTexts.matrixModes).map(([value, label]) => ({ value, label }))}
              onChange={(event) => {
                const mode = event.target.value as typeof question.mode;
                onChange({ ...question, mode, stars: mode === 'rating' ? (question.stars ?? 5) : undefined });
              }}
            />
          </Field>
          <Field label={T.fieldRows} errors={problemsAt(problems, 'rows', true)}>
            <LabelList
              items={question.rows}
              placeholder={T.rowPlaceholder}
              addText={T.addRow}
              canBulk
              onChange={(rows) => onChange({ ...question, rows })}
            />
          </Field>
          {question.mode === 'rating' ? (
            <Stars value={question.stars} problems={problemsAt(problems, 'stars')} onChange={(stars) => onChange({ ...question, stars })} />
          ) : (
            <Field label={T.fieldColumns} errors={problemsAt(problems, 'columns', true)}>
              <LabelList
                items={question.columns}
                placeholder={T.columnPlaceholder}
                addText={T.addColumn}
                canBulk
                onChange={(columns) => onChange({ ...question, columns })}
              />
            </Field>
          )}
        </>
      );
    case 'file':
      return (
        <Field label={T.fieldMaxFiles} errors={problemsAt(problems, 'maxFiles')}>
          <InputNumber
            min={1}
            max={SURVEY_FILES_MAX}
            precision={0}
            aria-label={T.fieldMaxFiles}
            value={question.maxFiles}
            onChange={(value) => onChange({ ...question, maxFiles: value ?? 1 })}
          />
        </Field>
      );
    case 'nps':
    case 'department':
    case 'description':
      return null;
  }
}

function MaxLength({
  value,
  problems,
  onChange,
}: {
  value: number | undefined;
  problems: string[];
  onChange: (value: number | undefined) => void;
}) {
  return (
    <Field label={T.fieldMaxLength} errors={problems}>
      <InputNumber
        min={1}
        max={SURVEY_TEXT_MAX}
        precision={0}
        placeholder={T.unlimited}
        aria-label={T.fieldMaxLength}
        value={value ?? null}
        onChange={(next) => onChange(numberOrUndefined(next))}
      />
    </Field>
  );
}

function Stars({
  value,
  problems,
  onChange,
}: {
  value: number | undefined;
  problems: string[];
  onChange: (value: number | undefined) => void;
}) {
  return (
    <Field label={T.fieldStars} errors={problems}>
      <InputNumber
        min={2}
        max={SURVEY_RATING_STARS_MAX}
        precision={0}
        aria-label={T.fieldStars}
        value={value ?? null}
        onChange={(next) => onChange(numberOrUndefined(next))}
      />
    </Field>
  );
}

function NumberRange({
  min,
  max,
  problems,
  onChange,
}: {
  min: number | undefined;
  max: number | undefined;
  problems: string[];
  onChange: (min: number | undefined, max: number | undefined) => void;
}) {
  return (
    <Flex gap={12} wrap>
      <Field label={T.fieldMin} errors={problems}>
        <InputNumber
          placeholder={T.unlimited}
          aria-label={T.fieldMin}
          value={min ?? null}
          onChange={(next) => onChange(numberOrUndefined(next), max)}
        />
      </Field>
      <Field label={T.fieldMax}>
        <InputNumber
          placeholder={T.unlimited}
          aria-label={T.fieldMax}
          value={max ?? null}
          onChange={(next) => onChange(min, numberOrUndefined(next))}
        />
      </Field>
    </Flex>
  );
}

/** A date limit: none, 填写当天 ('today'), or a fixed day. */
function DateLimit({
  label,
  value,
  problems,
  onChange,
}: {
  label: string;
  value: string | undefined;
  problems: string[];
  onChange: (value: string | undefined) => void;
}) {
  const mode = value === undefined ? 'none' : value === 'today' ? 'today' : 'fixed';
  return (
    <Field label={label} errors={problems}>
      <Flex gap={8} wrap align="center">
        <Select<'none' | 'today' | 'fixed'>
          aria-label={label}
          value={mode}
          className="survey-question-editor__date-mode"
          options={[
            { value: 'none', label: T.dateNone },
            { value: 'today', label: T.dateToday },
            { value: 'fixed', label: T.dateFixed },
          ]}
          onChange={(next) => onChange(next === 'none' ? undefined : next === 'today' ? 'today' : dayjs().format('YYYY-MM-DD'))}
        />
        {mode === 'fixed' && (
          <DatePicker
            allowClear={false}
            value={value ? dayjs(value) : null}
            onChange={(day) => onChange(day ? day.format('YYYY-MM-DD') : undefined)}
          />
        )}
      </Flex>
    </Field>
  );
}

interface LabelListProps<I extends Labelled> {
  items: readonly I[];
  placeholder: (no: number) => string;
  addText: string;
  canBulk?: boolean;
  onChange: (items: I[]) => void;
  /** Removal handled elsewhere (options: the rules change with them); default: dropped from the list. */
  onRemove?: (id: string) => void;
  renderExtra?: ((item: I) => ReactNode) | undefined;
}

/** Options, matrix rows or columns: label, 上移 / 下移, 删除, add one or several (one per line). Ids stay with their items. */
export function LabelList<I extends Labelled>({
  items,
  placeholder,
  addText,
  canBulk = false,
  onChange,
  onRemove,
  renderExtra,
}: LabelListProps<I>) {
  const [bulk, setBulk] = useState<string | null>(null);
  return (
    <Flex vertical gap={6} className="survey-label-list">
      {items.map((item, index) => (
        <Flex key={item.id} gap={4} align="center" wrap className="survey-label-list__row">
          <Input
            className="survey-label-list__input"
            maxLength={SURVEY_OPTION_LABEL_MAX}
            value={item.label}
            placeholder={placeholder(index + 1)}
            aria-label={placeholder(index + 1)}
            onChange={(event) => onChange(items.map((o) => (o.id === item.id ? { ...o, label: event.target.value } : o)))}
          />
          {renderExtra?.(item)}
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={`${T.optionUp} ${index + 1}`}
            disabled={index === 0}
            onClick={() => onChange(shiftItem(items, item.id, -1))}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={`${T.optionDown} ${index + 1}`}
            disabled={index === items.length - 1}
            onClick={() => onChange(shiftItem(items, item.id, 1))}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${T.removeOption} ${index + 1}`}
            onClick={() => (onRemove ? onRemove(item.id) : onChange(items.filter((o) => o.id !== item.id)))}
          />
        </Flex>
      ))}
      <Flex gap={8} wrap>
        <Button size="small" icon={<PlusOutlined />} onClick={() => onChange(addItem(items, placeholder(items.length + 1)))}>
          {addText}
        </Button>
        {canBulk && (
          <Button size="small" onClick={() => setBulk('')}>
            {T.addOptionsBulk}
          </Button>
        )}
      </Flex>
      {bulk !== null && (
        <Modal
          open
          title={T.addOptionsBulk}
          okText={T.ok}
          cancelText={T.cancel}
          onCancel={() => setBulk(null)}
          onOk={() => {
            onChange(addItems(items, bulk));
            setBulk(null);
          }}
        >
          <Input.TextArea
            autoSize={{ minRows: 6, maxRows: 16 }}
            value={bulk}
            placeholder={T.bulkHint}
            aria-label={T.bulkHint}
            onChange={(event) => setBulk(event.target.value)}
          />
        </Modal>
      )}
    </Flex>
  );
}
