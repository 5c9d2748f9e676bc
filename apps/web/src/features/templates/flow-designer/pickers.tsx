import { DatePicker, Input, InputNumber, Select } from 'antd';
import { BillFormTexts, type Job } from '@osp/shared';
import dayjs from 'dayjs';
import { DeptPicker, PersonPicker } from '../../../components/pickers';
import type { RuleSubject } from './rule-model';

/** What a rule value or a preview value holds: one scalar, or a list for "one of" / several choices. */
export type PickedValue = string | number | (string | number)[];

interface PickerProps<T> {
  id?: string;
  value: T;
  onChange: (value: T) => void;
  /** When the picker has no visible label of its own (a table cell, a rule row). */
  ariaLabel?: string;
}

function asList(value: unknown): (string | number)[] {
  if (Array.isArray(value)) return value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  return value === '' || value === 0 || value === null || value === undefined ? [] : [value as string | number];
}

function asIds(value: unknown): number[] {
  return asList(value).filter((v): v is number => typeof v === 'number' && v > 0);
}

/** A picker of people, departments or jobs: one id or a list of them. */
interface IdPickerProps extends PickerProps<number | number[]> {
  isMultiple: boolean;
}

/** What every id picker passes to antd: its label, clearing, and the id (0 when none) or the list as its value. */
function idPickerProps({ id, value, onChange, ariaLabel }: PickerProps<number | number[]>, isMultiple: boolean) {
  const ids = asIds(value);
  return {
    id,
    'aria-label': ariaLabel,
    allowClear: true,
    value: isMultiple ? ids : ids[0],
    onChange: (next: number | number[] | undefined) => onChange(next ?? (isMultiple ? [] : 0)),
  };
}

function IdSelect({
  isMultiple,
  isLoading,
  placeholder,
  options,
  ...picker
}: IdPickerProps & { isLoading: boolean; placeholder: string; options: { value: number; label: string }[] }) {
  return (
    <Select<number | number[]>
      {...idPickerProps(picker, isMultiple)}
      mode={isMultiple ? 'multiple' : undefined}
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      placeholder={placeholder}
      options={options}
    />
  );
}

/*
 * People and departments through the shared pickers (components/pickers); these adapters only translate the
 * flow's values, where one id is 0 when none is chosen and a list may come as one id.
 */

export function UserIdPicker({ id, value, onChange, ariaLabel, isMultiple }: IdPickerProps) {
  const ids = asIds(value);
  return isMultiple ? (
    <PersonPicker id={id} aria-label={ariaLabel} allowClear multiple value={ids} onChange={onChange} />
  ) : (
    <PersonPicker id={id} aria-label={ariaLabel} allowClear value={ids[0]} onChange={(next) => onChange(next ?? 0)} />
  );
}

export function DeptIdPicker({ id, value, onChange, ariaLabel, isMultiple }: IdPickerProps) {
  const ids = asIds(value);
  return isMultiple ? (
    <DeptPicker id={id} aria-label={ariaLabel} allowClear multiple value={ids} onChange={onChange} />
  ) : (
    <DeptPicker id={id} aria-label={ariaLabel} allowClear value={ids[0]} onChange={(next) => onChange(next ?? 0)} />
  );
}

export function JobPicker({ jobs, isLoading, ...picker }: IdPickerProps & { jobs: readonly Job[]; isLoading: boolean }) {
  return <IdSelect {...picker} isLoading={isLoading} placeholder="选择岗位" options={jobs.map((j) => ({ value: j.id, label: j.name }))} />;
}

interface ValueInputProps extends PickerProps<PickedValue> {
  subject: RuleSubject;
  /** A list of values ("one of", a checkbox's choices) rather than one. */
  isList: boolean;
  jobs: readonly Job[];
  isJobsLoading: boolean;
}

/** A value typed for its subject: money as decimal text, a date picker, the field's options, people, departments, jobs. */
export function ValueInput({ id, value, onChange, ariaLabel, subject, isList, jobs, isJobsLoading }: ValueInputProps) {
  const single = Array.isArray(value) ? (value[0] ?? '') : value;
  const idPicker = { id, ariaLabel, isMultiple: isList, value: asIds(value), onChange };
  switch (subject.kind) {
    case 'number':
      return (
        <InputNumber<number>
          id={id}
          aria-label={ariaLabel}
          className="fd-full"
          value={typeof single === 'number' ? single : single === '' ? null : Number(single)}
          onChange={(n) => onChange(n ?? '')}
        />
      );
    case 'money':
      return (
        <Input
          id={id}
          aria-label={ariaLabel}
          prefix="¥"
          inputMode="decimal"
          autoComplete="off"
          maxLength={17}
          placeholder={BillFormTexts.moneyPlaceholder}
          value={String(single)}
          onChange={(e) => onChange(e.target.value.trim())}
        />
      );
    case 'date': {
      const day = typeof single === 'string' && single !== '' ? dayjs(single) : null;
      return (
        <DatePicker
          id={id}
          aria-label={ariaLabel}
          className="fd-full"
          placeholder={BillFormTexts.datePlaceholder}
          value={day?.isValid() ? day : null}
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : '')}
        />
      );
    }
    case 'option':
    case 'options':
      return (
        <Select<string | string[]>
          id={id}
          aria-label={ariaLabel}
          mode={isList ? 'multiple' : undefined}
          allowClear
          placeholder={BillFormTexts.choosePlaceholder}
          options={subject.options.map((o) => ({ value: o, label: o }))}
          value={isList ? asList(value).map(String) : single === '' ? undefined : String(single)}
          onChange={(next) => onChange(next ?? (isList ? [] : ''))}
        />
      );
    case 'text':
      return (
        <Input
          id={id}
          aria-label={ariaLabel}
          maxLength={200}
          autoComplete="off"
          value={String(single)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'user':
      return <UserIdPicker {...idPicker} />;
    case 'dept':
      return <DeptIdPicker {...idPicker} />;
    case 'job':
      return <JobPicker {...idPicker} jobs={jobs} isLoading={isJobsLoading} />;
  }
}
