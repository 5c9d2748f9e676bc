import { Alert, Form, Input, Modal } from 'antd';
import { ApprovalMessages, BILL_ACTION_LABELS, BillPageMessages, COMMENT_MAX, type BillDetail } from '@osp/shared';
import { useCloseBill } from '../../../api/bills';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';
import { clearChangedErrors } from './clear-errors';

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
      () => {
        toast.success(ApprovalMessages.closed);
        onClose();
      },
      (error: unknown) => showFieldErrors(form, error),
    );
  };

  return (
    <Modal
      open={open}
      title={`${BILL_ACTION_LABELS.close}单据 · ${bill.title}`}
      okText={BILL_ACTION_LABELS.close}
      okButtonProps={{ danger: true, loading: closeBill.isPending }}
      onOk={handleOk}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      afterOpenChange={(isOpen) => {
        if (!isOpen) form.resetFields();
      }}
    >
      <Form
        form={form}
        layout="vertical"
        className="operate-form"
        preserve={false}
        onValuesChange={(changed: Partial<{ comment?: string }>) => clearChangedErrors(form, changed)}
      >
        <Alert type="warning" showIcon className="operate-form__hint" title={BillPageMessages.confirmClose} />
        <Form.Item name="comment" label={BillPageMessages.closeReason} required>
          <Input.TextArea rows={4} maxLength={COMMENT_MAX} showCount placeholder={BillPageMessages.closeReasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
