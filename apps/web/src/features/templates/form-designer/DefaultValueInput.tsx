import { Button, Form } from 'antd';
import { FormDesignerTexts, type FormField } from '@osp/shared';
import { useEffect } from 'react';
import { FieldInput, fieldRule, toEditorValues, toPayload, type EditorValues } from '../../../components/bill-form';

/** The key the probe form holds the value under (the field's own key may be mid-edit). */
const PROBE_KEY = 'value';

interface DefaultValueInputProps {
  id: string;
  field: FormField;
  /** The schema's refusal of the default (FormSchemaMessages.defaultInvalid). */
  issues: string[];
  onChange: (value: FormField['defaultValue']) => void;
}

function probeOf(field: FormField): FormField {
  return { ...field, key: PROBE_KEY, required: false, defaultValue: undefined, sumOf: undefined };
}

function payloadOf(probe: FormField, editor: EditorValues | undefined): FormField['defaultValue'] {
  const value = toPayload({ fields: [probe] }, editor ?? {})[PROBE_KEY];
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
  return value as FormField['defaultValue'];
}

/**
 * A field's default value, typed into the very editor the bill form uses (a date picker for a date,
 * the options for a select…) and checked by the same rule while typed, so the reason of a refusal shows.
 */
export function DefaultValueInput({ id, field, issues, onChange }: DefaultValueInputProps) {
  const [form] = Form.useForm<{ form: EditorValues }>();
  const probe = probeOf(field);
  const stored = field.defaultValue;
  // The default may change from outside (an option renamed or removed): the editor follows it.
  useEffect(() => {
    const current = payloadOf(probeOf(field), form.getFieldValue('form') as EditorValues | undefined);
    if (JSON.stringify(current) === JSON.stringify(stored)) return;
    form.setFieldsValue({ form: toEditorValues({ fields: [probeOf(field)] }, stored === undefined ? {} : { [PROBE_KEY]: stored }) });
  }, [form, field, stored]);
  return (
    <Form
      form={form}
      component={false}
      layout="vertical"
      name={id}
      initialValues={{ form: toEditorValues({ fields: [probe] }, stored === undefined ? {} : { [PROBE_KEY]: stored }) }}
      onValuesChange={(_changed, all) => onChange(payloadOf(probe, all.form))}
    >
      <Form.Item
        name={['form', PROBE_KEY]}
        label={FormDesignerTexts.propDefault}
        extra={issues.length > 0 ? undefined : FormDesignerTexts.propDefaultHint}
        rules={[fieldRule(probe)]}
        className="form-designer-props__default"
      >
        <FieldInput field={probe} />
      </Form.Item>
      {issues.length > 0 && (
        <div className="form-designer-props__issue" role="alert">
          {issues.join('；')}
        </div>
      )}
      {field.type === 'radio' && stored !== undefined && (
        <Button type="link" size="small" className="form-designer-props__clear" onClick={() => onChange(undefined)}>
          {FormDesignerTexts.clearDefault}
        </Button>
      )}
    </Form>
  );
}
