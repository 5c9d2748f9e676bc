import { Empty, Flex, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SECURITY_EVENTS, type SecurityEventEntry, type SecurityEventName } from '@osp/shared';
import { useState } from 'react';
import { useSecurityEvents, type SecurityEventFilter } from '../../../api/security-log';
import { AdminPage } from '../../../components/AdminPage';
import { queryListState } from '../../../components/LoadFailed';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { formatDateTime } from '../../../utils/datetime';
import { useIsMobile } from '../../../utils/useIsMobile';

const PER_PAGE = 20;

/** Failures and refusals stand out; successes and ordinary changes do not. */
const ALARMING = new Set<SecurityEventName>([
  'authn_login_fail',
  'authn_login_lock',
  'authn_captcha_fail',
  'authn_password_change_fail',
  'authz_fail',
]);

const EVENT_OPTIONS = (Object.entries(SECURITY_EVENTS) as [SecurityEventName, string][]).map(([value, label]) => ({ value, label }));

/** /system/security-events (permission sys_log): 安全日志, the security trace of issue 11. */
export default function SecurityEventsPage() {
  const isMobile = useIsMobile();
  const [filter, setFilter] = useState<SecurityEventFilter>({ page: 1, perPage: PER_PAGE });
  const events = useSecurityEvents(filter);
  const listed = queryListState(events, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />);
  const refine = (change: Partial<SecurityEventFilter>) => setFilter((current) => ({ ...current, ...change, page: 1 }));

  const eventTag = (event: SecurityEventName) => <Tag color={ALARMING.has(event) ? 'red' : 'blue'}>{SECURITY_EVENTS[event] ?? event}</Tag>;
  // Details quote what people typed: shown as text, never as markup.
  const columns: TableColumnsType<SecurityEventEntry> = isMobile
    ? [
        {
          title: '记录',
          key: 'record',
          render: (_, row) => (
            <Flex vertical gap={2}>
              <Flex justify="space-between" align="center">
                {eventTag(row.event)}
                <Typography.Text type="secondary">{formatDateTime(row.created_at)}</Typography.Text>
              </Flex>
              <Typography.Text strong>{row.username || '—'}</Typography.Text>
              <Typography.Text>{row.detail}</Typography.Text>
              <Typography.Text type="secondary">{row.ip}</Typography.Text>
            </Flex>
          ),
        },
      ]
    : [
        { title: '时间', dataIndex: 'created_at', width: 150, render: (at: string) => formatDateTime(at) },
        { title: '事件', dataIndex: 'event', width: 130, render: eventTag },
        { title: '账号', dataIndex: 'username', width: 150, render: (name: string) => name || '—' },
        { title: '地址', dataIndex: 'ip', width: 130 },
        { title: '详情', dataIndex: 'detail' },
      ];

  return (
    <AdminPage
      title="安全日志"
      description="登录、锁定、密码修改与重置、越权访问和权限变更的记录，含账号、地址和时间；从不记录密码或令牌。"
    >
      <Flex wrap gap={8} className="security-events__filters" style={{ marginBottom: 16 }}>
        <Select<SecurityEventName>
          allowClear
          placeholder="全部事件"
          aria-label="事件类型"
          options={EVENT_OPTIONS}
          style={{ width: isMobile ? '100%' : 180 }}
          onChange={(event) => refine({ event })}
        />
        <Input.Search
          allowClear
          placeholder="账号 / 地址 / 详情"
          aria-label="搜索安全日志"
          style={{ width: isMobile ? '100%' : 240 }}
          onSearch={(value) => refine({ keyword: value.trim() || undefined })}
        />
        <DateRangePicker
          aria-label="日期范围"
          style={{ width: isMobile ? '100%' : undefined }}
          onChange={(range) =>
            refine({ dateFrom: range?.[0]?.format('YYYY-MM-DD') ?? undefined, dateTo: range?.[1]?.format('YYYY-MM-DD') ?? undefined })
          }
        />
      </Flex>
      {listed.above}
      <Table<SecurityEventEntry>
        className="security-events-table"
        rowKey="id"
        columns={columns}
        dataSource={events.data?.list ?? []}
        loading={listed.isLoading}
        locale={{ emptyText: listed.emptyText }}
        size={isMobile ? 'small' : 'middle'}
        scroll={isMobile ? undefined : { x: 760 }}
        pagination={{
          current: filter.page,
          pageSize: filter.perPage,
          total: events.data?.total ?? 0,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (page, perPage) => setFilter((current) => ({ ...current, page: perPage === current.perPage ? page : 1, perPage })),
        }}
      />
    </AdminPage>
  );
}
