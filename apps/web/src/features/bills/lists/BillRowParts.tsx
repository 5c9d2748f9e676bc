import { Space, Tag, Typography } from 'antd';
import { SHARE_READ_LABELS, type BillBox, type BillListRow } from '@osp/shared';
import { RelativeTime } from '../../../components/RelativeTime';
import { billStatusColor } from '../detail/flow-display';
import { FlowPopover } from '../detail/FlowPopover';

/** The pieces of a bill's row that the table (desktop) and the cards (phone) both show. */

/** The status tag; outside the draft box it opens the flow popover (SPEC §2). */
export function StatusTag({ bill, box }: { bill: BillListRow; box: BillBox }) {
  const tag = (
    <Tag color={billStatusColor(bill.status)} className="bill-status-tag">
      {bill.status_text}
    </Tag>
  );
  return box === 'draft' ? tag : <FlowPopover billId={bill.id}>{tag}</FlowPopover>;
}

/** 抄送我的: 待阅 until I open the bill, then 已阅; with who shared it and when. */
export function ShareReadTag({ bill, withSharer = false }: { bill: BillListRow; withSharer?: boolean }) {
  if (!bill.share) return null;
  const state = bill.share.read_at === null ? 'unread' : 'read';
  const tag = (
    <Tag color={state === 'unread' ? 'orange' : 'default'} className="bill-share-tag">
      {SHARE_READ_LABELS[state]}
    </Tag>
  );
  if (!withSharer) return tag;
  return (
    <Space orientation="vertical" size={0}>
      {tag}
      <Typography.Text type="secondary" className="bill-list__minor">
        {bill.share.shared_by_name} · <RelativeTime iso={bill.share.shared_at} />
      </Typography.Text>
    </Space>
  );
}

/** The time column each box is about: when a task arrived, when the bill was sent, when it last changed. */
export function timeOf(bill: BillListRow, box: BillBox): { label: string; iso: string } {
  if (box === 'todo') return { label: '到达时间', iso: bill.received_at ?? bill.updated_at };
  if (box === 'mine') return { label: '提交时间', iso: bill.released_at ?? bill.created_at };
  return { label: '更新时间', iso: bill.updated_at };
}

export function BillTitle({ bill }: { bill: BillListRow }) {
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong className="bill-list__title">
        {bill.title}
      </Typography.Text>
      <Typography.Text type="secondary" className="bill-list__minor">
        {bill.template_name} · 编号 {bill.billID}
      </Typography.Text>
    </Space>
  );
}
