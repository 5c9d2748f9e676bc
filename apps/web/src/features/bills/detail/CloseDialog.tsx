import { Alert, Form, Input } from 'antd';
import { ApprovalMessages, BILL_ACTION_LABELS, BillPageMessages, COMMENT_MAX, type BillDetail } from '@osp/shared';
import { useCloseBill } from '../../../api/bills';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';
import { ActionDialog } from './ActionDialog';

interface CloseDialogProps {
  bill: BillDetail;
  open: boolean;
  onClose: () => void;
}

/** A bill administrator closes the bill: a confirmation and the reason (required; the server's 422 lands at the field). */
export function CloseDialog({ bill, open, onClose }: CloseDialogProps) {
  const [form] = Form.useForm<{ comment?: string }>();
  const closeBill = useCloseBill();

  const handleOk = () => {
    closeBill.mutateAsync({ id: bill.id, version: bill.version, comment: form.getFieldsValue().comment?.trim() ?? '' }).then(
      ({ message }) => {
        toast.success(message || ApprovalMessages.closed);
        onClose();
      },
      (error: unknown) => showFieldErrors(form, error),
    );
  };

  return (
    <ActionDialog
      form={form}
      open={open}
      title={`${BILL_ACTION_LABELS.close}单据 · ${bill.title}`}
      okText={BILL_ACTION_LABELS.close}
      danger
      loading={closeBill.isPending}
      onOk={handleOk}
      onClose={onClose}
    >
      <Alert type="warning" showIcon className="operate-form__hint" title={BillPageMessages.confirmClose} />
      <Form.Item name="comment" label={BillPageMessages.closeReason} required>
        <Input.TextArea rows={4} maxLength={COMMENT_MAX} showCount placeholder={BillPageMessages.closeReasonPlaceholder} />
      </Form.Item>
    </ActionDialog>
  );
}
