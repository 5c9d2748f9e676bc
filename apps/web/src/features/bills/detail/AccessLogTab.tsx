import { Empty, Flex, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { BillAccessLogTexts, type BillAccessLogEntry } from '@osp/shared';
import { useBillAccessLog } from '../../../api/bills-access-log';
import { DISPLAY_TIME_ZONE } from '../../../utils/datetime';
import { useIsMobile } from '../../../utils/useIsMobile';

const PER_PAGE = 10;

/** To the second: two visits a minute apart are two rows, and the time tells them apart. */
function openedAt(iso: string): string {
  const time = dayjs(iso);
  return time.isValid() ? time.tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD HH:mm:ss') : '';
}

/**
 * The 访问记录 tab of the detail page: who opened the bill, newest first. Shown only when the detail's
 * `abilities.view_access_log` says so (the initiator and bill administrators); the server refuses anyone else.
 */
export function AccessLogTab({ billId }: { billId: number }) {
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const log = useBillAccessLog(billId, page, PER_PAGE);

  const columns: TableColumnsType<BillAccessLogEntry> = isMobile
    ? [
        {
          title: BillAccessLogTexts.tab,
          key: 'entry',
          render: (_, row) => (
            <Flex vertical gap={2}>
              <Flex justify="space-between" align="center">
                <Typography.Text strong>{row.user_name}</Typography.Text>
                <Typography.Text type="secondary">{openedAt(row.opened_at)}</Typography.Text>
              </Flex>
              <Typography.Text type="secondary">
                {row.dept_name ?? '—'} · {row.ip || '—'}
              </Typography.Text>
            </Flex>
          ),
        },
      ]
    : [
        { title: BillAccessLogTexts.reader, dataIndex: 'user_name', width: 140 },
        { title: BillAccessLogTexts.dept, dataIndex: 'dept_name', width: 160, render: (dept: string | null) => dept ?? '—' },
        { title: BillAccessLogTexts.openedAt, dataIndex: 'opened_at', width: 180, render: openedAt },
        // The browser it came from, on hover: enough to tell a phone from a desk without a column of its own.
        {
          title: BillAccessLogTexts.ip,
          dataIndex: 'ip',
          render: (ip: string, row) => <span title={row.user_agent || undefined}>{ip || '—'}</span>,
        },
      ];

  return (
    <div className="access-log">
      <Typography.Paragraph type="secondary" className="access-log__hint">
        {BillAccessLogTexts.hint}
      </Typography.Paragraph>
      <Table<BillAccessLogEntry>
        className="access-log__table"
        rowKey="id"
        columns={columns}
        dataSource={log.data?.list ?? []}
        loading={log.isFetching && !log.data}
        size="small"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={BillAccessLogTexts.empty} /> }}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: log.data?.total ?? 0,
          hideOnSinglePage: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: setPage,
        }}
      />
    </div>
  );
}
