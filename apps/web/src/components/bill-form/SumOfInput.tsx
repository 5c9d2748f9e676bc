import { Form, Input } from 'antd';
import { moneyInWordsLabel, type FormField, type FormSchema } from '@osp/shared';
import { useEffect } from 'react';
import { sumOfTotal, type EditorRow } from './values';

interface SumOfInputProps {
  id?: string;
  schema: FormSchema;
  /** A money field with `sumOf`. */
  field: FormField;
}

/**
 * A money field filled with an items table's total: read only, following the table as it is typed.
 * The server computes the same total and ignores what is sent; the form still holds it, so that the
 * field's min and max check runs here too and a refusal clears once the table is fixed.
 */
export function SumOfInput({ id, schema, field }: SumOfInputProps) {
  const form = Form.useFormInstance();
  const rows = Form.useWatch<EditorRow[] | undefined>(['form', field.sumOf ?? ''], form);
  const total = sumOfTotal(schema, field, rows ?? []) ?? '';
  useEffect(() => {
    const name = ['form', field.key];
    if (form.getFieldValue(name) === total) return;
    // setFieldValue, not onChange: a computed value is no edit of the user's (the page's leave guard stays off).
    form.setFieldValue(name, total);
    if (form.getFieldError(name).length > 0) form.validateFields([name]).catch(() => undefined);
  }, [form, field.key, total]);
  const words = moneyInWordsLabel(total);
  return (
    <div className="bill-money-input">
      <Input id={id} value={total} prefix="¥" readOnly aria-readonly className="bill-form__computed" />
      {words && <div className="bill-money__words">{words}</div>}
    </div>
  );
}
