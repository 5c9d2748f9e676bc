import { Alert, Button, Form, List, Tag, Typography } from 'antd';
import {
  ApprovalMessages,
  BILL_ACTION_LABELS,
  BillPageMessages,
  SHARE_READ_LABELS,
  ShareMessages,
  ShareTexts,
  type BillDetail,
  type BillShareEntry,
} from '@osp/shared';
import { useBillShares, useShareBill, useUnshareBill } from '../../../api/bills';
import { showFieldErrors } from '../../../components/form-errors';
import { DeptPicker, PersonPicker } from '../../../components/pickers';
import { toast } from '../../../components/toast';
import { RelativeTime } from '../../../components/RelativeTime';
import { ActionDialog } from './ActionDialog';

interface ShareDialogProps {
  bill: BillDetail;
  open: boolean;
  onClose: () => void;
}

interface ShareForm {
  user_ids?: number[];
  dept_ids?: number[];
}

/**
 * Shares the bill with people or whole departments (the server's 422 lands at the field), and lists who it is
 * already shared with, 待阅 or 已阅, each with 取消分享 where the server says this user may take it back.
 */
export function ShareDialog({ bill, open, onClose }: ShareDialogProps) {
  const [form] = Form.useForm<ShareForm>();
  const share = useShareBill();
  const shares = useBillShares(bill.id, open);

  const handleOk = () => {
    const { user_ids = [], dept_ids = [] } = form.getFieldsValue();
    share.mutateAsync({ id: bill.id, user_ids, dept_ids }).then(
      ({ message }) => {
        toast.success(message || ApprovalMessages.shared);
        form.resetFields();
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
      <Form.Item name="user_ids" label={BillPageMessages.shareTo}>
        <PersonPicker multiple filter={(person) => person.id !== bill.initiator.id} placeholder={BillPageMessages.transferPlaceholder} />
      </Form.Item>
      <Form.Item name="dept_ids" label={BillPageMessages.shareToDepts} extra={BillPageMessages.shareDeptsHint}>
        <DeptPicker multiple />
      </Form.Item>
      <SharedWith billId={bill.id} entries={shares.data} isLoading={shares.isPending} />
    </ActionDialog>
  );
}

function SharedWith({ billId, entries, isLoading }: { billId: number; entries: BillShareEntry[] | undefined; isLoading: boolean }) {
  const unshare = useUnshareBill();
  const takeBack = (entry: BillShareEntry) => {
    unshare.mutateAsync({ id: billId, user_ids: [entry.user_id] }).then(
      ({ message }) => toast.success(message || ShareMessages.unshared),
      // The API client has shown the refusal.
      () => undefined,
    );
  };

  return (
    <section aria-label={BillPageMessages.sharedWith} className="share-list">
      <Typography.Text strong>{BillPageMessages.sharedWith}</Typography.Text>
      <List<BillShareEntry>
        size="small"
        loading={isLoading}
        dataSource={entries ?? []}
        locale={{ emptyText: BillPageMessages.noShares }}
        renderItem={(entry) => (
          <List.Item
            actions={
              entry.may_unshare
                ? [
                    <Button key="unshare" type="link" size="small" danger loading={unshare.isPending} onClick={() => takeBack(entry)}>
                      {BILL_ACTION_LABELS.unshare}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <>
                  {entry.user_name}
                  {entry.dept_name && <Typography.Text type="secondary"> · {entry.dept_name}</Typography.Text>}{' '}
                  <Tag color={entry.read_at ? 'default' : 'orange'}>{SHARE_READ_LABELS[entry.read_at ? 'read' : 'unread']}</Tag>
                </>
              }
              description={
                <>
                  {ShareTexts.sharedBy(entry.shared_by_name)} · <RelativeTime iso={entry.shared_at} />
                </>
              }
            />
          </List.Item>
        )}
      />
    </section>
  );
}
