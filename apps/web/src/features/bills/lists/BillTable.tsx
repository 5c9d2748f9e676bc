import { Empty, List, Pagination, Space, Table, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useState } from 'react';
import { BatchApproveTexts, BillPageMessages, defaultBillSort, type BillBox, type BillListRow, type Paged } from '@osp/shared';
import type { BillSortField } from '../../../api/bills';
import { listState } from '../../../components/LoadFailed';
import { RelativeTime } from '../../../components/RelativeTime';
import { useIsMobile } from '../../../utils/useIsMobile';
import { BatchApproveBar } from './BatchApproveDialog';
import { BillTitle, ShareReadTag, StatusTag, timeOf } from './BillRowParts';
import { IgnoreButton } from './IgnoreButton';

export interface BillSort {
  sort: BillSortField;
  order: 'asc' | 'desc';
}

interface BillTableProps {
  box: BillBox;
  data: Paged<BillListRow> | undefined;
  isLoading: boolean;
  /** The last reading failed: said in place of the rows (or above the rows still shown), with 重试. */
  loadError: Error | null;
  onRetry: () => void;
  sort: BillSort;
  onSortChange: (sort: BillSort) => void;
  onPageChange: (page: number, perPage: number) => void;
  onOpen: (bill: BillListRow) => void;
}

/** The boxes a row can be taken out of (移出, PATCH /api/bills/{id}/ignore): every row there is the caller's to remove. */
const canIgnore = (box: BillBox) => box === 'tracked' || box === 'shared';

function sortOrder(sort: BillSort, field: BillSortField) {
  if (sort.sort !== field) return null;
  return sort.order === 'asc' ? ('ascend' as const) : ('descend' as const);
}

function columns(box: BillBox, sort: BillSort): TableColumnsType<BillListRow> {
  const initiator: TableColumnsType<BillListRow>[number] = {
    title: '发起人',
    key: 'initiator',
    render: (_, bill) => (
      <Space orientation="vertical" size={0}>
        <span>{bill.initiator_name}</span>
        {bill.dept_name && (
          <Typography.Text type="secondary" className="bill-list__minor">
            {bill.dept_name}
          </Typography.Text>
        )}
      </Space>
    ),
  };
  const status: TableColumnsType<BillListRow>[number] = {
    title: '状态',
    key: 'status',
    width: 96,
    render: (_, bill) => <StatusTag bill={bill} box={box} />,
  };
  const node: TableColumnsType<BillListRow>[number] = {
    title: '当前节点',
    dataIndex: 'current_node',
    render: (name: string | null) => name ?? '—',
  };
  const time = (field: BillSortField, title: string): TableColumnsType<BillListRow>[number] => ({
    title,
    key: field,
    width: 160,
    sorter: true,
    sortOrder: sortOrder(sort, field),
    sortDirections: ['descend', 'ascend', 'descend'],
    render: (_, bill) => <RelativeTime iso={field === 'id' ? null : bill[field]} />,
  });
  const title: TableColumnsType<BillListRow>[number] = { title: '标题', key: 'title', render: (_, bill) => <BillTitle bill={bill} /> };

  switch (box) {
    case 'todo':
      return [
        title,
        initiator,
        node,
        {
          title: '到达时间',
          key: 'received_at',
          width: 200,
          sorter: true,
          sortOrder: sortOrder(sort, 'received_at'),
          sortDirections: ['descend', 'ascend', 'descend'],
          render: (_, bill) => (
            <Space orientation="vertical" size={0}>
              <RelativeTime iso={timeOf(bill, box).iso} />
              {bill.on_behalf_of && <Tag color="purple">{bill.on_behalf_of}</Tag>}
            </Space>
          ),
        },
        time('created_at', '创建时间'),
        status,
      ];
    case 'done':
      return [title, initiator, status, node, time('updated_at', '更新时间')];
    case 'tracked':
      return [
        title,
        initiator,
        status,
        node,
        time('updated_at', '更新时间'),
        { title: '操作', key: 'actions', width: 80, render: (_, bill) => <IgnoreButton bill={bill} /> },
      ];
    case 'shared':
      return [
        title,
        initiator,
        status,
        { title: '分享', key: 'share', width: 190, render: (_, bill) => <ShareReadTag bill={bill} withSharer /> },
        node,
        time('updated_at', '更新时间'),
        { title: '操作', key: 'actions', width: 80, render: (_, bill) => <IgnoreButton bill={bill} /> },
      ];
    case 'mine':
      return [title, status, node, time('released_at', '提交时间'), time('updated_at', '更新时间')];
    case 'draft':
      return [title, time('created_at', '创建时间'), time('updated_at', '更新时间')];
  }
}

/** A phone shows each bill as a card: title, status (opening the flow), who and when. */
function BillCard({ bill, box, onOpen }: { bill: BillListRow; box: BillBox; onOpen: (bill: BillListRow) => void }) {
  const time = timeOf(bill, box);
  return (
    <List.Item className="bill-card" onClick={() => onOpen(bill)}>
      <div className="bill-card__head">
        <Typography.Text strong className="bill-list__title" ellipsis>
          {bill.title}
        </Typography.Text>
        {box === 'shared' && <ShareReadTag bill={bill} />}
        {box !== 'draft' && <StatusTag bill={bill} box={box} />}
      </div>
      <div className="bill-card__meta">
        {bill.template_name} · 编号 {bill.billID}
        {box !== 'mine' && box !== 'draft' ? ` · ${bill.initiator_name}` : ''}
      </div>
      <div className="bill-card__meta">
        {bill.current_node && box !== 'draft' ? `${bill.current_node} · ` : ''}
        {time.label} <RelativeTime iso={time.iso} />
      </div>
      {bill.on_behalf_of && <Tag color="purple">{bill.on_behalf_of}</Tag>}
      {canIgnore(box) && <IgnoreButton bill={bill} />}
    </List.Item>
  );
}

/** A box's bills: a sortable table on a desk, cards on a phone; a row opens the bill. */
export function BillTable({ box, data, isLoading, loadError, onRetry, sort, onSortChange, onPageChange, onOpen }: BillTableProps) {
  const isMobile = useIsMobile();
  // 批量同意 (待我审批 on a desk): the rows chosen on the page shown; rows gone after a refresh drop out.
  const [chosenIds, setChosenIds] = useState<number[]>([]);
  const canBatch = box === 'todo';
  const chosen = (data?.list ?? []).filter((bill) => chosenIds.includes(bill.id));
  // Under the spinner nothing is said yet; a failed reading is not an empty box.
  const { emptyText: empty, above: failedAbove } = listState({
    isLoading,
    error: loadError,
    hasRows: data !== undefined,
    onRetry,
    empty: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={BillPageMessages.emptyBox(box)} />,
  });

  if (isMobile) {
    return (
      <>
        {failedAbove}
        <List<BillListRow>
          className="bill-cards"
          loading={isLoading}
          dataSource={data?.list ?? []}
          locale={{ emptyText: empty }}
          renderItem={(bill) => <BillCard bill={bill} box={box} onOpen={onOpen} />}
        />
        {(data?.total ?? 0) > 0 && (
          <Pagination
            simple
            hideOnSinglePage
            className="bill-cards__pages"
            current={data?.page ?? 1}
            pageSize={data?.per_page ?? 15}
            total={data?.total ?? 0}
            onChange={onPageChange}
          />
        )}
      </>
    );
  }

  const handleChange: TableProps<BillListRow>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    if (!one?.columnKey || !one.order) {
      onSortChange({ sort: defaultBillSort(box), order: 'desc' });
      return;
    }
    onSortChange({ sort: one.columnKey as BillSortField, order: one.order === 'ascend' ? 'asc' : 'desc' });
  };

  return (
    <>
      {failedAbove}
      <Table<BillListRow>
        className="bill-table"
        rowKey="id"
        title={canBatch ? () => <BatchApproveBar bills={chosen} onDone={() => setChosenIds([])} /> : undefined}
        rowSelection={
          canBatch
            ? {
                selectedRowKeys: chosen.map((bill) => bill.id),
                onChange: (keys) => setChosenIds(keys.map(Number)),
                getCheckboxProps: (bill) => ({ 'aria-label': BatchApproveTexts.selectRow(bill.title) }),
                // A click beside the checkbox must not open the bill as the rest of the row does.
                onCell: () => ({ onClick: (event) => event.stopPropagation() }),
              }
            : undefined
        }
        columns={columns(box, sort)}
        dataSource={data?.list ?? []}
        loading={isLoading}
        locale={{ emptyText: empty }}
        onRow={(bill) => ({ onClick: () => onOpen(bill), className: 'bill-table__row' })}
        onChange={handleChange}
        pagination={{
          current: data?.page ?? 1,
          pageSize: data?.per_page ?? 15,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [15, 30, 50, 100],
          showTotal: (total) => BillPageMessages.total(total),
          onChange: onPageChange,
        }}
      />
    </>
  );
}
