import { ApartmentOutlined } from '@ant-design/icons';
import { Button, Descriptions, Tag } from 'antd';
import { ArchiveTexts, BILL_ACTION_LABELS, type BillDetail } from '@osp/shared';
import { formatDateTime } from '../../../utils/datetime';
import { useIsMobile } from '../../../utils/useIsMobile';
import { billStatusColor } from './flow-display';
import { FlowPopover } from './FlowPopover';

/** The bill's head: title, status (opening the flow popover), number, template, initiator and dates. */
export function BillSummary({ bill }: { bill: BillDetail }) {
  const isMobile = useIsMobile();
  return (
    <div className="bill-summary">
      <div className="bill-summary__head">
        <h2 className="bill-summary__title">{bill.title}</h2>
        <Tag color={billStatusColor(bill.status)} className="bill-summary__status">
          {bill.status_text}
        </Tag>
        {bill.status !== 'draft' && (
          <FlowPopover billId={bill.id} isChildButton>
            <Button size="small" icon={<ApartmentOutlined />}>
              {BILL_ACTION_LABELS.flow}
            </Button>
          </FlowPopover>
        )}
      </div>
      <Descriptions
        size="small"
        column={isMobile ? 1 : 3}
        className="bill-summary__facts"
        items={[
          { key: 'id', label: '单据编号', children: bill.billID },
          { key: 'template', label: '审批类型', children: bill.template.name },
          {
            key: 'initiator',
            label: '发起人',
            children: bill.initiator.dept_name ? `${bill.initiator.name}（${bill.initiator.dept_name}）` : bill.initiator.name,
          },
          { key: 'node', label: '当前节点', children: bill.current_node ?? '—' },
          { key: 'released', label: '提交时间', children: formatDateTime(bill.released_at) || '—' },
          {
            key: 'finished',
            label: bill.finished_at ? '完成时间' : '更新时间',
            children: formatDateTime(bill.finished_at ?? bill.updated_at),
          },
          ...(bill.archive_no
            ? [
                {
                  key: 'archive',
                  label: ArchiveTexts.archiveNo,
                  children: <span className="bill-summary__archive">{bill.archive_no}</span>,
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
