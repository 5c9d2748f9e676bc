import { Alert, Card, Form } from 'antd';
import { BillEditTexts, FIELD_KEY_PATTERN, FormDesignerTexts, type FormSchema } from '@osp/shared';
import { useMemo } from 'react';
import { BillFormFields, defaultFormValues, toEditorValues } from '../../../components/bill-form';

interface FormPreviewProps {
  schema: FormSchema;
  hasErrors: boolean;
}

/** The fields the preview can show: a bill form names each field by its key, so keys must be usable and distinct. */
function previewable(schema: FormSchema): FormSchema {
  const seen = new Set<string>();
  return {
    fields: schema.fields.filter((field) => {
      if (!FIELD_KEY_PATTERN.test(field.key) || seen.has(field.key)) return false;
      seen.add(field.key);
      return true;
    }),
  };
}

/**
 * The form as the bill edit page renders it: the same fields component inside an antd Form, pre-filled
 * with the default values of a new bill, checked by the same rules while one types into it.
 */
export function FormPreview({ schema, hasErrors }: FormPreviewProps) {
  const shown = useMemo(() => previewable(schema), [schema]);
  // A new default, key or type starts the preview over (as a new bill would); a label or help text does not.
  const identity = JSON.stringify(shown.fields.map((f) => [f.key, f.type, f.defaultValue, f.options, f.columns, f.multiple]));
  const initialValues = useMemo(() => ({ form: toEditorValues(shown, defaultFormValues(shown)) }), [shown]);
  return (
    <div className="form-designer-preview">
      <p className="form-designer__muted">{FormDesignerTexts.previewHint}</p>
      {hasErrors && <Alert className="form-designer-preview__alert" type="warning" showIcon title={FormDesignerTexts.previewHasErrors} />}
      <Card title={BillEditTexts.formSection}>
        {shown.fields.length === 0 ? (
          <div className="form-designer__muted">{FormDesignerTexts.noFields}</div>
        ) : (
          <Form key={identity} layout="vertical" name="form-designer-preview" initialValues={initialValues}>
            <BillFormFields schema={shown} />
          </Form>
        )}
      </Card>
    </div>
  );
}
