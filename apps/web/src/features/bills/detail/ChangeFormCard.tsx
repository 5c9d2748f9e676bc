import { Alert, Button, Card, Form, Input } from 'antd';
import { CHANGE_COMMENT_MAX, ChangeMessages, editableFieldKeys, type BillDetail, type FormSchema } from '@osp/shared';
import { useMemo } from 'react';
import { useChangeBill } from '../../../api/bills';
import { FieldInput, fieldRule } from '../../../components/bill-form';
import { toEditorValues, toPayload, type EditorValues } from '../../../components/bill-form/values';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';

interface ChangeValues {
  form: EditorValues;
  comment?: string;
}

/**
 * 变更节点: the handler edits the fields the node opens to them (my_task.field_access), saves (PATCH
 * /api/bills/{id}/change, each save one history entry old → new), and then agrees in the action bar as at any step.
 */
export function ChangeFormCard({ bill }: { bill: BillDetail }) {
  const access = bill.my_task?.field_access ?? undefined;
  const schema: FormSchema = useMemo(() => {
    const keys = new Set(editableFieldKeys(bill.form_schema, access));
    return { fields: bill.form_schema.fields.filter((f) => keys.has(f.key)) };
  }, [bill.form_schema, access]);
  const [form] = Form.useForm<ChangeValues>();
  const change = useChangeBill();
  // Keyed on the bill's version by the page: a saved change (or anyone's) starts the editor from the stored values.
  const initial = useMemo<ChangeValues>(() => ({ form: toEditorValues(schema, bill.form, bill.items) }), [schema, bill.form, bill.items]);

  const handleSave = (values: ChangeValues) => {
    change
      .mutateAsync({
        id: bill.id,
        version: bill.version,
        form: toPayload(schema, values.form),
        comment: values.comment?.trim() || undefined,
      })
      .then(
        ({ message }) => {
          toast.success(message || ChangeMessages.saved);
          form.setFieldValue('comment', undefined);
        },
        (error: unknown) => showFieldErrors(form, error),
      );
  };

  return (
    <Card variant="borderless" className="bill-detail__card bill-change" title={ChangeMessages.cardTitle}>
      <Alert type="info" showIcon className="bill-change__hint" title={ChangeMessages.cardHint} />
      {schema.fields.length === 0 ? (
        <p className="bill-change__none">{ChangeMessages.noEditable}</p>
      ) : (
        <Form form={form} layout="vertical" initialValues={initial} onFinish={handleSave} aria-label={ChangeMessages.cardTitle}>
          {schema.fields.map((field) => (
            <Form.Item key={field.key} name={['form', field.key]} label={field.label} required={field.required} rules={[fieldRule(field)]}>
              <FieldInput field={field} attachments={bill.attachments} />
            </Form.Item>
          ))}
          <Form.Item name="comment" label={ChangeMessages.commentLabel}>
            <Input.TextArea rows={2} maxLength={CHANGE_COMMENT_MAX} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {ChangeMessages.save}
          </Button>
        </Form>
      )}
    </Card>
  );
}
