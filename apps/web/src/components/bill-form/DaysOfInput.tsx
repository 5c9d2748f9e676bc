import { Form, InputNumber } from 'antd';
import { weekdaysInRange, type FormField } from '@osp/shared';
import { useEffect, useRef } from 'react';
import { toPayload, type EditorValue } from './values';

interface DaysOfInputProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** A number field with `daysOf`, and the date range it counts. */
  field: FormField;
  source: FormField;
}

/** The range as the API writes it ('YYYY-MM-DD' twice), or null while it is not chosen. */
function rangeKey(source: FormField, value: EditorValue | undefined): string | null {
  const range = toPayload({ fields: [source] }, { [source.key]: value })[source.key];
  return Array.isArray(range) ? range.join('/') : null;
}

/**
 * 请假天数 of 请假时间: filled with the range's weekdays whenever the range is chosen or changed, so nobody counts
 * days by hand; a half day is typed over it. What a saved bill holds is kept until its range changes. The field's
 * rule (rules.ts `daysOfRule`) refuses more days than the range holds, as the server does.
 */
export function DaysOfInput({ id, value, onChange, field, source }: DaysOfInputProps) {
  const form = Form.useFormInstance();
  const range = Form.useWatch<EditorValue | undefined>(['form', source.key], form);
  const key = rangeKey(source, range);
  // The range last counted: a saved bill's days stand until its range is changed.
  const counted = useRef(key);
  useEffect(() => {
    if (key === counted.current) return;
    counted.current = key;
    if (key === null) return;
    const [from = '', to = ''] = key.split('/');
    // setFieldValue, not onChange: the range's change is the user's edit; this follows it.
    form.setFieldValue(['form', field.key], weekdaysInRange(from, to));
    form.validateFields([['form', field.key]]).catch(() => undefined);
  }, [form, field.key, key]);
  return (
    <InputNumber
      id={id}
      value={value}
      onChange={onChange}
      className="bill-form__full"
      min={field.min}
      max={field.max}
      placeholder={field.placeholder}
    />
  );
}
