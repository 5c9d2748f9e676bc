import { DatePicker, Input, InputNumber, Select, TreeSelect } from 'antd';
import { BillFormTexts, type Dept, type Job } from '@osp/shared';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import type { Directory } from '../../../components/bill-form';
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

function deptTree(depts: readonly Dept[]): { value: number; title: string; children: ReturnType<typeof deptTree> }[] {
  return depts.map((d) => ({ value: d.id, title: d.name, children: deptTree(d.children) }));
}

/** Active people, searched by name or department. */
export function UserPicker({
  id,
  value,
  onChange,
  ariaLabel,
  isMultiple,
  directory,
}: PickerProps<number | number[]> & { isMultiple: boolean; directory: Directory }) {
  const options = useMemo(
    () =>
      directory.users
        .filter((u) => u.user_status === 1)
        .map((u) => ({ value: u.id, label: u.dept_name ? `${u.name}（${u.dept_name}）` : u.name })),
    [directory.users],
  );
  const ids = asIds(value);
  return (
    <Select<number | number[]>
      id={id}
      aria-label={ariaLabel}
      mode={isMultiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={directory.isLoading}
      placeholder={BillFormTexts.userPlaceholder}
      options={options}
      value={isMultiple ? ids : ids[0]}
      onChange={(next) => onChange(next ?? (isMultiple ? [] : 0))}
    />
  );
}

export function DeptPicker({
  id,
  value,
  onChange,
  ariaLabel,
  isMultiple,
  directory,
}: PickerProps<number | number[]> & { isMultiple: boolean; directory: Directory }) {
  const treeData = useMemo(() => deptTree(directory.depts), [directory.depts]);
  const ids = asIds(value);
  return (
    <TreeSelect<number | number[]>
      id={id}
      aria-label={ariaLabel}
      multiple={isMultiple}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={directory.isLoading}
      placeholder={BillFormTexts.deptPlaceholder}
      treeData={treeData}
      value={isMultiple ? ids : ids[0]}
      onChange={(next) => onChange(next ?? (isMultiple ? [] : 0))}
    />
  );
}

export function JobPicker({
  id,
  value,
  onChange,
  ariaLabel,
  isMultiple,
  jobs,
  isLoading,
}: PickerProps<number | number[]> & { isMultiple: boolean; jobs: readonly Job[]; isLoading: boolean }) {
  const ids = asIds(value);
  return (
    <Select<number | number[]>
      id={id}
      aria-label={ariaLabel}
      mode={isMultiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      placeholder="选择岗位"
      options={jobs.map((j) => ({ value: j.id, label: j.name }))}
      value={isMultiple ? ids : ids[0]}
      onChange={(next) => onChange(next ?? (isMultiple ? [] : 0))}
    />
  );
}

interface ValueInputProps extends PickerProps<PickedValue> {
  subject: RuleSubject;
  /** A list of values ("one of", a checkbox's choices) rather than one. */
  isList: boolean;
  directory: Directory;
  jobs: readonly Job[];
  isJobsLoading: boolean;
}

/** A value typed for its subject: money as decimal text, a date picker, the field's options, people, departments, jobs. */
export function ValueInput({ id, value, onChange, ariaLabel, subject, isList, directory, jobs, isJobsLoading }: ValueInputProps) {
  const single = Array.isArray(value) ? (value[0] ?? '') : value;
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
      return (
        <UserPicker id={id} ariaLabel={ariaLabel} isMultiple={isList} directory={directory} value={asIds(value)} onChange={onChange} />
      );
    case 'dept':
      return (
        <DeptPicker id={id} ariaLabel={ariaLabel} isMultiple={isList} directory={directory} value={asIds(value)} onChange={onChange} />
      );
    case 'job':
      return (
        <JobPicker
          id={id}
          ariaLabel={ariaLabel}
          isMultiple={isList}
          jobs={jobs}
          isLoading={isJobsLoading}
          value={asIds(value)}
          onChange={onChange}
        />
      );
  }
}
