import {
  CheckOutlined,
  CloseOutlined,
  BellOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  PrinterOutlined,
  RollbackOutlined,
  ShareAltOutlined,
  StarFilled,
  StarOutlined,
  StopOutlined,
  SwapOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { App, Button, Flex } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApprovalMessages, BILL_ACTION_LABELS, BillPageMessages, NoticeMessages, type BillDetail, type BillOperType } from '@osp/shared';
import { useAbandonBill, useReplicateBill, useTrackBill, useUrgeBill, useWithdrawBill } from '../../../api/bills';
import { ButtonGuarded } from '../../../components/ButtonGuarded';
import { toast } from '../../../components/toast';
import { CloseDialog } from './CloseDialog';
import { ShareDialog } from './ShareDialog';
import { editPath, printPath } from './flow-display';

interface ActionBarProps {
  bill: BillDetail;
  onOperate: (operType: BillOperType) => void;
}

/**
 * What this user may do with the bill now, exactly as the server's `abilities` say (STYLE: the client
 * never re-derives permission rules): a current handler decides, the initiator withdraws, voids, edits.
 */
export function ActionBar({ bill, onOperate }: ActionBarProps) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const withdraw = useWithdrawBill();
  const abandon = useAbandonBill();
  const replicate = useReplicateBill();
  const track = useTrackBill();
  const urge = useUrgeBill();
  const [isClosing, setIsClosing] = useState(false);
  const [isSharing, setIsSharing] = useState(false);
  const can = bill.abilities;
  const isResubmit = bill.status === 'rejected' || bill.status === 'returned';

  const confirmWithdraw = () => {
    void modal.confirm({
      title: `${BILL_ACTION_LABELS.withdraw}审批`,
      content: BillPageMessages.confirmWithdraw,
      okText: BILL_ACTION_LABELS.withdraw,
      onOk: () =>
        withdraw.mutateAsync({ id: bill.id, version: bill.version }).then(
          ({ message }) => toast.success(message || ApprovalMessages.withdrawn),
          // The API client has shown the refusal; the page refetches.
          () => undefined,
        ),
    });
  };

  const confirmAbandon = () => {
    void modal.confirm({
      title: `${BILL_ACTION_LABELS.abandon}单据`,
      content: BillPageMessages.confirmAbandon,
      okText: BILL_ACTION_LABELS.abandon,
      okButtonProps: { danger: true },
      onOk: () =>
        abandon.mutateAsync({ id: bill.id, version: bill.version }).then(
          ({ message }) => toast.success(message || ApprovalMessages.abandoned),
          () => undefined,
        ),
    });
  };

  // The copy is a new draft of this user: its edit page opens at once. Refusals were shown by the API client.
  const replicateBill = () => {
    replicate.mutateAsync({ id: bill.id }).then(
      ({ data: draft, message }) => {
        toast.success(message || ApprovalMessages.replicated);
        void navigate(editPath({ id: draft.id, template_id: draft.template.id }));
      },
      () => undefined,
    );
  };

  const toggleTrack = () => {
    const follow = !bill.tracked;
    track.mutateAsync({ id: bill.id, follow }).then(
      ({ message }) => toast.success(message || (follow ? ApprovalMessages.tracked : ApprovalMessages.untracked)),
      () => undefined,
    );
  };

  // The once-an-hour refusal (429) names the time of the next chance; the API client shows it.
  const confirmUrge = () => {
    void modal.confirm({
      title: BILL_ACTION_LABELS.urge,
      content: BillPageMessages.confirmUrge,
      okText: BILL_ACTION_LABELS.urge,
      onOk: () =>
        urge.mutateAsync({ id: bill.id }).then(
          ({ message }) => toast.success(message || NoticeMessages.urged),
          () => undefined,
        ),
    });
  };

  return (
    <Flex wrap gap={8} className="bill-actions">
      {can.agree && (
        <ButtonGuarded type="primary" icon={<CheckOutlined />} onClick={() => onOperate('agree')}>
          {BILL_ACTION_LABELS.agree}
        </ButtonGuarded>
      )}
      {can.reject && (
        <ButtonGuarded danger icon={<CloseOutlined />} onClick={() => onOperate('reject')}>
          {BILL_ACTION_LABELS.reject}
        </ButtonGuarded>
      )}
      {can.back && (
        <ButtonGuarded icon={<RollbackOutlined />} onClick={() => onOperate('back')}>
          {BILL_ACTION_LABELS.back}
        </ButtonGuarded>
      )}
      {can.transfer && (
        <ButtonGuarded icon={<SwapOutlined />} onClick={() => onOperate('transfer')}>
          {BILL_ACTION_LABELS.transfer}
        </ButtonGuarded>
      )}
      {can.edit && (
        <ButtonGuarded
          type={can.agree ? 'default' : 'primary'}
          icon={<EditOutlined />}
          onClick={() => void navigate(editPath({ id: bill.id, template_id: bill.template.id }))}
        >
          {isResubmit ? BILL_ACTION_LABELS.editResubmit : BILL_ACTION_LABELS.edit}
        </ButtonGuarded>
      )}
      {can.withdraw && (
        <ButtonGuarded icon={<UndoOutlined />} onClick={confirmWithdraw}>
          {BILL_ACTION_LABELS.withdraw}
        </ButtonGuarded>
      )}
      {can.urge && (
        <ButtonGuarded icon={<BellOutlined />} onClick={confirmUrge}>
          {BILL_ACTION_LABELS.urge}
        </ButtonGuarded>
      )}
      {can.abandon && (
        <ButtonGuarded danger icon={<DeleteOutlined />} onClick={confirmAbandon}>
          {BILL_ACTION_LABELS.abandon}
        </ButtonGuarded>
      )}
      {can.replicate && (
        <ButtonGuarded icon={<CopyOutlined />} onClick={replicateBill}>
          {BILL_ACTION_LABELS.replicate}
        </ButtonGuarded>
      )}
      {can.close && (
        <ButtonGuarded danger icon={<StopOutlined />} onClick={() => setIsClosing(true)}>
          {BILL_ACTION_LABELS.close}
        </ButtonGuarded>
      )}
      {can.track && (
        <ButtonGuarded icon={bill.tracked ? <StarFilled /> : <StarOutlined />} aria-pressed={bill.tracked} onClick={toggleTrack}>
          {bill.tracked ? BILL_ACTION_LABELS.untrack : BILL_ACTION_LABELS.track}
        </ButtonGuarded>
      )}
      {can.share && (
        <ButtonGuarded icon={<ShareAltOutlined />} onClick={() => setIsSharing(true)}>
          {BILL_ACTION_LABELS.share}
        </ButtonGuarded>
      )}
      {bill.status !== 'draft' && (
        <Button icon={<PrinterOutlined />} href={printPath({ id: bill.id, template_id: bill.template.id }, 'detail')} target="_blank">
          {BILL_ACTION_LABELS.print}
        </Button>
      )}
      {can.close && <CloseDialog bill={bill} open={isClosing} onClose={() => setIsClosing(false)} />}
      {can.share && <ShareDialog bill={bill} open={isSharing} onClose={() => setIsSharing(false)} />}
    </Flex>
  );
}
