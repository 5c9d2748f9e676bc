import { ApprovalMessages, BILL_ACTION_LABELS, type BillListRow } from '@osp/shared';
import { useIgnoreBill } from '../../../api/bills';
import { ButtonGuarded } from '../../../components/ButtonGuarded';
import { toast } from '../../../components/toast';

/**
 * 移出 on a row of 我关注的 or 抄送我的 (PATCH /api/bills/{id}/ignore): the bill leaves both of my boxes, nothing else
 * changes. The toast is the server's message; a refusal was shown by the API client. The list refetches either way.
 */
export function IgnoreButton({ bill }: { bill: Pick<BillListRow, 'id' | 'title'> }) {
  const ignore = useIgnoreBill();
  return (
    <ButtonGuarded
      type="link"
      size="small"
      className="bill-list__ignore"
      aria-label={`${BILL_ACTION_LABELS.ignore} ${bill.title}`}
      loading={ignore.isPending}
      onClick={(event) => {
        // The row opens the bill; this button must not.
        event.stopPropagation();
        ignore.mutateAsync({ id: bill.id }).then(
          ({ message }) => toast.success(message || ApprovalMessages.ignored),
          () => undefined,
        );
      }}
    >
      {BILL_ACTION_LABELS.ignore}
    </ButtonGuarded>
  );
}
