import { Alert, Form, Select } from 'antd';
import { ApprovalMessages, BILL_ACTION_LABELS, BillPageMessages, type BillDetail } from '@osp/shared';
import { useActiveUsers } from '../../../api/directory';
import { useShareBill } from '../../../api/bills';
import { showFieldErrors } from '../../../components/form-errors';
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
  const users = useActiveUsers();

  const handleOk = () => {
    share.mutateAsync({ id: bill.id, user_ids: form.getFieldsValue().user_ids ?? [] }).then(
      () => {
        toast.success(ApprovalMessages.shared);
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
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={BillPageMessages.transferPlaceholder}
          loading={users.isPending}
          options={(users.data ?? [])
            .filter((user) => user.id !== bill.initiator.id)
            .map((user) => ({ value: user.id, label: user.dept_name ? `${user.name}（${user.dept_name}）` : user.name }))}
        />
      </Form.Item>
    </ActionDialog>
  );
}
