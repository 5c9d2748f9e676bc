import { Alert, Form } from 'antd';
import { ApprovalMessages, BILL_ACTION_LABELS, BillPageMessages, type BillDetail } from '@osp/shared';
import { useShareBill } from '../../../api/bills';
import { showFieldErrors } from '../../../components/form-errors';
import { PersonPicker } from '../../../components/pickers';
import { toast } from '../../../components/toast';
import { ActionDialog } from './ActionDialog';

interface ShareDialogProps {
  bill: BillDetail;
  open: boolean;
  onClose: () => void;
}

/** Shares the bill with chosen users, who may then read it (the server's 422 lands at the field). */
export function ShareDialog({ bill, open, onClose }: ShareDialogProps) {
  const [form] = Form.useForm<{ user_ids?: number[] }>();
  const share = useShareBill();

  const handleOk = () => {
    share.mutateAsync({ id: bill.id, user_ids: form.getFieldsValue().user_ids ?? [] }).then(
      ({ message }) => {
        toast.success(message || ApprovalMessages.shared);
        onClose();
      },
      (error: unknown) => showFieldErrors(form, error),
    );
  };

  return (
    <ActionDialog
      form={form}
      open={open}
      title={`${BILL_ACTION_LABELS.share} · ${bill.title}`}
      okText={BILL_ACTION_LABELS.share}
      loading={share.isPending}
      onOk={handleOk}
      onClose={onClose}
    >
      <Alert type="info" showIcon className="operate-form__hint" title={BillPageMessages.shareHint} />
      <Form.Item name="user_ids" label={BillPageMessages.shareTo} required>
        <PersonPicker multiple filter={(person) => person.id !== bill.initiator.id} placeholder={BillPageMessages.transferPlaceholder} />
      </Form.Item>
    </ActionDialog>
  );
}
