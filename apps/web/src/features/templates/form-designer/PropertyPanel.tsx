import { Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import {
  FORM_FIELD_TYPE_LABELS,
  FormDesignerTexts,
  hasDefaultValue,
  TEXT_MAX,
  TEXTAREA_MAX,
  type FieldErrors,
  type FormField,
  type FormSchema,
} from '@osp/shared';
import { useId, type ReactNode } from 'react';
import { fieldIssues, propIssues, type FieldIssues } from './check';
import { ColumnsEditor } from './ColumnsEditor';
import { DefaultValueInput } from './DefaultValueInput';
import { OptionsEditor } from './OptionsEditor';
import { totalSources } from './schema-editing';

interface PropertyPanelProps {
  schema: FormSchema;
  index: number;
  errors: FieldErrors;
  onChange: (patch: Partial<FormField>) => void;
}

interface PropProps {
  label: string;
  htmlFor?: string;
  issues: string[];
  extra?: ReactNode;
  children: ReactNode;
}

/** One property: its label tied to the input (so it is found by its name), its refusal under it. */
function Prop({ label, htmlFor, issues, extra, children }: PropProps) {
  return (
    <Form.Item
      label={label}
      htmlFor={htmlFor}
      validateStatus={issues.length > 0 ? 'error' : undefined}
      help={issues.length > 0 ? issues.join('；') : undefined}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}

/** A number property: an empty box removes it. */
function NumberProp({
  id,
  label,
  value,
  issues,
  extra,
  min,
  max,
  precision,
  onChange,
}: {
  id: string;
  label: string;
  value: number | undefined;
  issues: string[];
  extra?: ReactNode;
  min?: number;
  max?: number;
  precision?: number;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <Prop label={label} htmlFor={id} issues={issues} extra={extra}>
      <InputNumber
        id={id}
        className="form-designer-props__number"
        value={value ?? null}
        min={min}
        max={max}
        precision={precision}
        onChange={(next: number | null) => onChange(next ?? undefined)}
      />
    </Prop>
  );
}

function TypeSpecific({
  id,
  field,
  schema,
  issues,
  onChange,
}: {
  id: string;
  field: FormField;
  schema: FormSchema;
  issues: FieldIssues;
  onChange: (patch: Partial<FormField>) => void;
}) {
  const at = (prop: string) => propIssues(issues, prop);
  const hasPlaceholder = field.type === 'text' || field.type === 'textarea' || field.type === 'number' || field.type === 'select';
  const hasOptions = field.type === 'select' || field.type === 'radio' || field.type === 'checkbox';
  const isComputed = field.sumOf !== undefined;
  const sources = totalSources(schema);
  const ranges = schema.fields.filter((f) => f.type === 'daterange');
  return (
    <>
      {field.type === 'description' && (
        <Prop label={FormDesignerTexts.propContent} htmlFor={`${id}-content`} issues={at('content')}>
          <Input.TextArea
            id={`${id}-content`}
            value={field.content ?? ''}
            maxLength={2000}
            showCount
            autoSize={{ minRows: 3, maxRows: 10 }}
            onChange={(event) => onChange({ content: event.target.value })}
          />
        </Prop>
      )}
      {field.type === 'money' && (
        <Prop label={FormDesignerTexts.propSumOf} htmlFor={`${id}-sumof`} issues={at('sumOf')} extra={FormDesignerTexts.propSumOfHint}>
          <Select
            id={`${id}-sumof`}
            value={field.sumOf ?? ''}
            options={[
              { value: '', label: FormDesignerTexts.noSumOf },
              ...sources.map((source) => ({ value: source.key, label: source.label })),
              // A source that is no longer valid stays visible (and refused) instead of silently vanishing.
              ...(field.sumOf !== undefined && !sources.some((s) => s.key === field.sumOf)
                ? [{ value: field.sumOf, label: field.sumOf }]
                : []),
            ]}
            onChange={(key: string) =>
              onChange(key === '' ? { sumOf: undefined } : { sumOf: key, defaultValue: undefined, required: false, placeholder: undefined })
            }
          />
        </Prop>
      )}
      {field.type === 'number' && (
        <Prop label={FormDesignerTexts.propDaysOf} htmlFor={`${id}-daysof`} issues={at('daysOf')} extra={FormDesignerTexts.propDaysOfHint}>
          <Select
            id={`${id}-daysof`}
            value={field.daysOf ?? ''}
            options={[
              { value: '', label: FormDesignerTexts.noDaysOf },
              ...ranges.map((range) => ({ value: range.key, label: range.label })),
              ...(field.daysOf !== undefined && !ranges.some((r) => r.key === field.daysOf)
                ? [{ value: field.daysOf, label: field.daysOf }]
                : []),
            ]}
            onChange={(key: string) => onChange({ daysOf: key === '' ? undefined : key })}
          />
        </Prop>
      )}
      {hasPlaceholder && (
        <Prop label={FormDesignerTexts.propPlaceholder} htmlFor={`${id}-placeholder`} issues={at('placeholder')}>
          <Input
            id={`${id}-placeholder`}
            value={field.placeholder ?? ''}
            maxLength={100}
            onChange={(event) => onChange({ placeholder: event.target.value || undefined })}
          />
        </Prop>
      )}
      {(field.type === 'text' || field.type === 'textarea') && (
        <NumberProp
          id={`${id}-maxlength`}
          label={FormDesignerTexts.propMaxLength}
          value={field.maxLength}
          issues={at('maxLength')}
          min={1}
          max={field.type === 'text' ? TEXT_MAX : TEXTAREA_MAX}
          precision={0}
          onChange={(maxLength) => onChange({ maxLength })}
        />
      )}
      {(field.type === 'number' || field.type === 'money') && (
        <div className="form-designer-props__pair">
          <NumberProp
            id={`${id}-min`}
            label={FormDesignerTexts.propMin}
            value={field.min}
            issues={at('min')}
            extra={field.type === 'money' ? FormDesignerTexts.propMoneyMinHint : undefined}
            onChange={(min) => onChange({ min })}
          />
          <NumberProp
            id={`${id}-max`}
            label={FormDesignerTexts.propMax}
            value={field.max}
            issues={at('max')}
            onChange={(max) => onChange({ max })}
          />
        </div>
      )}
      {field.type === 'number' && (
        <NumberProp
          id={`${id}-precision`}
          label={FormDesignerTexts.propPrecision}
          value={field.precision}
          issues={at('precision')}
          extra={FormDesignerTexts.propPrecisionHint}
          min={0}
          max={4}
          precision={0}
          onChange={(precision) => onChange({ precision })}
        />
      )}
      {(field.type === 'user' || field.type === 'department') && (
        <Prop label={FormDesignerTexts.propMultiple} htmlFor={`${id}-multiple`} issues={at('multiple')}>
          <Switch
            id={`${id}-multiple`}
            checked={field.multiple === true}
            onChange={(multiple) => onChange({ multiple: multiple || undefined })}
          />
        </Prop>
      )}
      {hasOptions && (
        <Prop label={FormDesignerTexts.propOptions} issues={issues.byProp.options ?? []}>
          <OptionsEditor
            label={FormDesignerTexts.propOptions}
            options={field.options ?? []}
            defaultValue={field.defaultValue}
            issuesOf={(i) => issues.byProp[`options.${i}`] ?? []}
            onChange={onChange}
          />
        </Prop>
      )}
      {field.type === 'items' && (
        <>
          <Prop label={FormDesignerTexts.propColumns} issues={[]}>
            <ColumnsEditor idPrefix={id} field={field} issues={issues} onChange={onChange} />
          </Prop>
          <Prop label={FormDesignerTexts.propTotalOf} htmlFor={`${id}-totalof`} issues={at('totalOf')}>
            <Select
              id={`${id}-totalof`}
              value={field.totalOf ?? ''}
              options={[
                { value: '', label: FormDesignerTexts.noTotal },
                ...(field.columns ?? [])
                  .filter((c) => c.type === 'money' || c.type === 'number' || c.key === field.totalOf)
                  .map((c) => ({ value: c.key, label: c.label || c.key })),
              ]}
              onChange={(key: string) => onChange({ totalOf: key === '' ? undefined : key })}
            />
          </Prop>
        </>
      )}
      {hasDefaultValue(field.type) && !isComputed && (
        <DefaultValueInput
          // A new probe form per field: its editor shape differs by type.
          key={`${id}-${field.type}`}
          id={`${id}-default`}
          field={field}
          issues={at('defaultValue')}
          onChange={(defaultValue) => onChange({ defaultValue })}
        />
      )}
    </>
  );
}

/** The selected field's properties, by its type. */
export function PropertyPanel({ schema, index, errors, onChange }: PropertyPanelProps) {
  const id = `fd${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const field = schema.fields[index];
  if (!field) return null;
  const issues = fieldIssues(errors, index);
  const at = (prop: string) => propIssues(issues, prop);
  const isComputed = field.sumOf !== undefined;
  return (
    <Form layout="vertical" component="div" className="form-designer-props" aria-label={FormDesignerTexts.properties}>
      <div className="form-designer-props__type">
        {FormDesignerTexts.propType}
        <Tag>{FORM_FIELD_TYPE_LABELS[field.type]}</Tag>
      </div>
      <Prop label={FormDesignerTexts.propLabel} htmlFor={`${id}-label`} issues={at('label')}>
        <Input id={`${id}-label`} value={field.label} maxLength={50} onChange={(event) => onChange({ label: event.target.value })} />
      </Prop>
      <Prop label={FormDesignerTexts.propKey} htmlFor={`${id}-key`} issues={at('key')} extra={FormDesignerTexts.propKeyHint}>
        <Input
          id={`${id}-key`}
          value={field.key}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange({ key: event.target.value })}
        />
      </Prop>
      {field.type !== 'description' && !isComputed && (
        <Prop label={FormDesignerTexts.propRequired} htmlFor={`${id}-required`} issues={at('required')}>
          <Switch id={`${id}-required`} checked={field.required} onChange={(required) => onChange({ required })} />
        </Prop>
      )}
      {field.type !== 'description' && (
        <Prop label={FormDesignerTexts.propHelp} htmlFor={`${id}-help`} issues={at('help')} extra={FormDesignerTexts.propHelpHint}>
          <Input
            id={`${id}-help`}
            value={field.help ?? ''}
            maxLength={200}
            onChange={(event) => onChange({ help: event.target.value || undefined })}
          />
        </Prop>
      )}
      <TypeSpecific id={id} field={field} schema={schema} issues={issues} onChange={onChange} />
    </Form>
  );
}
