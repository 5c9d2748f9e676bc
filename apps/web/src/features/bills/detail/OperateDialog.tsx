import { Alert, Form, Input } from 'antd';
import {
  ApprovalMessages,
  BILL_ACTION_LABELS,
  BILL_OPERATION_HINTS,
  BillPageMessages,
  COMMENT_MAX,
  NextBillTexts,
  type BillDetail,
  type BillOperType,
} from '@osp/shared';
import { useNavigate } from 'react-router';
import { nextTodoBill, useOperateTask } from '../../../api/bills';
import { showFieldErrors } from '../../../components/form-errors';
import { PersonPicker } from '../../../components/pickers';
import { toast } from '../../../components/toast';
import { ActionDialog } from './ActionDialog';
import { detailPath } from './flow-display';

interface OperateValues {
  comment?: string;
  to_user_id?: number;
}

interface OperateDialogProps {
  bill: BillDetail;
  operType: BillOperType | null;
  onClose: () => void;
}

/** What the next bill's page says about the one just decided (router state: gone after a reload, as it should). */
export interface HandledBill {
  id: number;
  title: string;
  status: BillDetail['status'];
  action: string;
}

/** Decisions after which the approver goes on to the next bill in 待我审批; a transfer is no decision. */
const GOES_ON = new Set<BillOperType>(['agree', 'reject', 'back']);

/** What the server says on success (docs/approval-api.md), shown only if an answer carried no message. */
const DONE_MESSAGES: Record<BillOperType, string> = {
  agree: ApprovalMessages.agreed,
  reject: ApprovalMessages.rejected,
  back: ApprovalMessages.backed,
  transfer: ApprovalMessages.transferred,
};

/** The handler's decision on their task: a comment (optional on agree unless the step asks for one), and for a transfer the new handler. */
export function OperateDialog({ bill, operType, onClose }: OperateDialogProps) {
  const [form] = Form.useForm<OperateValues>();
  const operate = useOperateTask();
  const navigate = useNavigate();
  const task = bill.my_task;
  // The step may ask for a comment on agree as well (同意时须填写审批意见); the server holds the rule either way.
  const isCommentOptional = operType === 'transfer' || (operType === 'agree' && task?.comment_required !== true);

  const handleOk = () => {
    if (!task || !operType) return;
    const values = form.getFieldsValue();
    // No client-side required check: the server's message lands at the field (422 comment, to_user_id).
    operate.mutateAsync({ taskId: task.id, operType, comment: values.comment?.trim() || undefined, to_user_id: values.to_user_id }).then(
      async ({ data, message }) => {
        toast.success(message || DONE_MESSAGES[operType]);
        onClose();
        if (!GOES_ON.has(operType)) return;
        // A failed look-up leaves the approver on this bill, which shows its new state: nothing is lost.
        const next = await nextTodoBill(bill.id).catch(() => undefined);
        if (next === null) toast.success(NextBillTexts.allDone);
        if (!next) return;
        const handled: HandledBill = { id: bill.id, title: bill.title, status: data.status, action: BILL_ACTION_LABELS[operType] };
        void navigate(detailPath(next, 'todo', 'next'), { state: { handled } });
      },
      (error: unknown) => showFieldErrors(form, error),
    );
  };

  return (
    <ActionDialog
      form={form}
      open={operType !== null}
      title={operType ? `${BILL_ACTION_LABELS[operType]} · ${bill.title}` : ''}
      okText={operType ? BILL_ACTION_LABELS[operType] : '确定'}
      danger={operType === 'reject' || operType === 'back'}
      loading={operate.isPending}
      onOk={handleOk}
      onClose={onClose}
    >
      {operType && (
        <>
          <Alert type="info" showIcon className="operate-form__hint" title={BILL_OPERATION_HINTS[operType]} />
          {task?.on_behalf_of && (
            <Alert type="warning" showIcon className="operate-form__hint" title={BillPageMessages.onBehalfOfTask(task.on_behalf_of)} />
          )}
          {operType === 'transfer' && (
            <Form.Item name="to_user_id" label={BillPageMessages.transferTo}>
              <PersonPicker placeholder={BillPageMessages.transferPlaceholder} />
            </Form.Item>
          )}
          <Form.Item
            name="comment"
            label={isCommentOptional ? BillPageMessages.commentOptional : BillPageMessages.commentLabel}
            required={!isCommentOptional}
          >
            <Input.TextArea rows={4} maxLength={COMMENT_MAX} showCount placeholder={BillPageMessages.commentPlaceholder} />
          </Form.Item>
        </>
      )}
    </ActionDialog>
  );
}
