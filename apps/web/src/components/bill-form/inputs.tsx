import { Checkbox, DatePicker, Input, InputNumber, Radio, Select } from 'antd';
import { BillFormTexts, moneyInWordsLabel, TEXT_MAX, TEXTAREA_MAX, type FileCard, type FormField, type ItemColumn } from '@osp/shared';
import { DateRangePicker } from '../DateRangePicker';
import { DeptPicker, PersonPicker } from '../pickers';
import { AttachmentInput } from './AttachmentInput';

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

/** What antd's Form.Item injects into the control it wraps; the editors below pass it on. */
type ControlProps = Record<string, unknown>;

export function FieldInput({
  field,
  attachments,
  ...control
}: {
  field: FormField;
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
      return <DateRangePicker {...control} className="bill-form__full" placeholder={BillFormTexts.rangePlaceholder} />;
    case 'select':
      return <Select {...control} allowClear options={options} placeholder={field.placeholder ?? BillFormTexts.choosePlaceholder} />;
    case 'radio':
      return <Radio.Group {...control} options={options} />;
    case 'checkbox':
      return <Checkbox.Group {...control} options={options} />;
    case 'user':
      // People and departments through the shared pickers (components/pickers), like every other screen.
      return field.multiple ? <PersonPicker {...control} multiple allowClear /> : <PersonPicker {...control} allowClear />;
    case 'department':
      return field.multiple ? <DeptPicker {...control} multiple allowClear /> : <DeptPicker {...control} allowClear />;
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
