import { Checkbox, DatePicker, Input, InputNumber, Radio, Select, TreeSelect } from 'antd';
import {
  BillFormTexts,
  moneyInWordsLabel,
  TEXT_MAX,
  TEXTAREA_MAX,
  type Dept,
  type FileCard,
  type FormField,
  type ItemColumn,
} from '@osp/shared';
import { useMemo } from 'react';
import { AttachmentInput } from './AttachmentInput';
import type { Directory } from './useDirectory';

/*
 * The editor of each field type. antd's Form.Item hands `value` and `onChange` to the element it
 * wraps; the custom ones below keep the same contract.
 */

interface ValueProps<T> {
  id?: string;
  value?: T;
  onChange?: (value: T) => void;
}

/** Money as decimal text (never a float), with its amount in words underneath (SPEC §9). */
export function MoneyInput({ id, value, onChange, hasWords = true }: ValueProps<string> & { hasWords?: boolean }) {
  const words = hasWords ? moneyInWordsLabel(value ?? '') : '';
  return (
    <div className="bill-money-input">
      <Input
        id={id}
        value={value}
        prefix="¥"
        inputMode="decimal"
        autoComplete="off"
        maxLength={17}
        placeholder={BillFormTexts.moneyPlaceholder}
        onChange={(event) => onChange?.(event.target.value)}
      />
      {words && <div className="bill-money__words">{words}</div>}
    </div>
  );
}

interface DeptOption {
  value: number;
  title: string;
  children: DeptOption[];
}

/** The department tree as TreeSelect data. */
export function deptOptions(depts: readonly Dept[]): DeptOption[] {
  return depts.map((dept) => ({ value: dept.id, title: dept.name, children: deptOptions(dept.children) }));
}

/** Active people as Select options, named with their department. */
export function useUserOptions(directory: Directory) {
  return useMemo(
    () =>
      directory.users
        .filter((u) => u.user_status === 1)
        .map((u) => ({ value: u.id, label: u.dept_name ? `${u.name}（${u.dept_name}）` : u.name })),
    [directory.users],
  );
}

/** A user picker: active people, searched by name or department. */
export function UserSelect({
  multiple,
  directory,
  ...props
}: ValueProps<number | number[]> & { multiple?: boolean; directory: Directory }) {
  const options = useUserOptions(directory);
  return (
    <Select
      {...props}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={directory.isLoading}
      placeholder={BillFormTexts.userPlaceholder}
      options={options}
    />
  );
}

/** What antd's Form.Item injects into the control it wraps; the editors below pass it on. */
type ControlProps = Record<string, unknown>;

export function FieldInput({
  field,
  directory,
  attachments,
  ...control
}: {
  field: FormField;
  directory: Directory;
  /** Cards of the files the bill's attachment fields hold (BillDetail.attachments). */
  attachments?: Record<string, FileCard>;
} & ControlProps) {
  const options = (field.options ?? []).map((o) => ({ value: o, label: o }));
  switch (field.type) {
    case 'text':
      return <Input {...control} maxLength={field.maxLength ?? TEXT_MAX} placeholder={field.placeholder} autoComplete="off" />;
    case 'textarea':
      return (
        <Input.TextArea
          {...control}
          autoSize={{ minRows: 3, maxRows: 10 }}
          showCount
          maxLength={field.maxLength ?? TEXTAREA_MAX}
          placeholder={field.placeholder}
        />
      );
    case 'number':
      return <InputNumber {...control} className="bill-form__full" min={field.min} max={field.max} placeholder={field.placeholder} />;
    case 'money':
      return <MoneyInput {...control} />;
    case 'date':
      return <DatePicker {...control} className="bill-form__full" placeholder={BillFormTexts.datePlaceholder} />;
    case 'daterange':
      return <DatePicker.RangePicker {...control} className="bill-form__full" placeholder={BillFormTexts.rangePlaceholder} />;
    case 'select':
      return <Select {...control} allowClear options={options} placeholder={field.placeholder ?? BillFormTexts.choosePlaceholder} />;
    case 'radio':
      return <Radio.Group {...control} options={options} />;
    case 'checkbox':
      return <Checkbox.Group {...control} options={options} />;
    case 'user':
      return <UserSelect {...control} multiple={field.multiple} directory={directory} />;
    case 'department':
      return (
        <TreeSelect
          {...control}
          allowClear
          multiple={field.multiple}
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          loading={directory.isLoading}
          placeholder={BillFormTexts.deptPlaceholder}
          treeData={deptOptions(directory.depts)}
        />
      );
    case 'attachment':
      return <AttachmentInput {...control} known={attachments} />;
    case 'items':
    case 'description':
      return null;
  }
}

export function CellInput({ column, ...control }: { column: ItemColumn } & ControlProps) {
  switch (column.type) {
    case 'text':
      return <Input {...control} maxLength={TEXT_MAX} autoComplete="off" aria-label={column.label} />;
    case 'number':
      return <InputNumber {...control} className="bill-form__full" aria-label={column.label} />;
    case 'money':
      return (
        <Input
          {...control}
          prefix="¥"
          inputMode="decimal"
          autoComplete="off"
          maxLength={17}
          aria-label={column.label}
          placeholder={BillFormTexts.moneyPlaceholder}
        />
      );
    case 'date':
      return <DatePicker {...control} className="bill-form__full" aria-label={column.label} placeholder={BillFormTexts.datePlaceholder} />;
    case 'select':
      return (
        <Select
          {...control}
          allowClear
          aria-label={column.label}
          placeholder={BillFormTexts.choosePlaceholder}
          options={(column.options ?? []).map((o) => ({ value: o, label: o }))}
        />
      );
  }
}
