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

function weekdaysOf(key: string): number {
  const [from = '', to = ''] = key.split('/');
  return weekdaysInRange(from, to);
}

/**
 * 请假天数 of 请假时间: filled with the range's weekdays whenever the range is chosen or changed, so nobody counts
 * days by hand; a half day is typed over it, and stays when the range changes after it. What a saved bill or a
 * restored copy holds is kept. The field's rule (rules.ts `daysOfRule`) refuses more days than the range holds, as the server does.
 */
export function DaysOfInput({ id, value, onChange, field, source }: DaysOfInputProps) {
  const form = Form.useFormInstance();
  // The watch re-renders on a new range; the range itself is read from the form's store, as `value` is, so the two
  // are always of the same moment (a restored copy sets both at once).
  Form.useWatch(['form', source.key], form);
  const key = rangeKey(source, form.getFieldValue(['form', source.key]) as EditorValue | undefined);
  // The range last counted: a saved bill's days stand until its range is changed.
  const counted = useRef(key);
  useEffect(() => {
    const before = counted.current;
    if (key === before) return;
    counted.current = key;
    if (key === null) return;
    // Days the user typed for the range before it (a half day), or typed with it (a restored copy), stay theirs.
    const isOwnCount = value === undefined || value === null || (before !== null && value === weekdaysOf(before));
    if (!isOwnCount) return;
    // setFieldValue, not onChange: the range's change is the user's edit; this follows it.
    form.setFieldValue(['form', field.key], weekdaysOf(key));
    form.validateFields([['form', field.key]]).catch(() => undefined);
  }, [form, field.key, key, value]);
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
