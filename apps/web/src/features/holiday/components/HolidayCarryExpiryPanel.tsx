import { App, Button, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { HolidayEntitlementTexts, type HolidayCarryExpiryRow, type HolidayCarryState } from '@osp/shared';
import { useMemo } from 'react';
import { useApplyCarryExpiry, useCarryExpiryPreview } from '../../../api/holiday-entitlement';
import { messageText } from '../../../components/HtmlMessage';
import { queryListState } from '../../../components/LoadFailed';
import { toast } from '../../../components/toast';

const words = HolidayEntitlementTexts;
const STATE_COLORS: Record<HolidayCarryState, string> = { due: 'orange', not_due: 'blue', expired: 'default' };

/**
 * 结转过期: the year's carry-overs — due (past their day), not yet due, done — and what expiring the due ones takes
 * away; 确认过期处理 applies this preview as it is, like 确认发放.
 */
export function HolidayCarryExpiryPanel({ year }: { year: number | null }) {
  const { modal } = App.useApp();
  const preview = useCarryExpiryPreview(year);
  const apply = useApplyCarryExpiry();
  const listed = queryListState(preview, words.expiryEmpty);
  const data = preview.data;

  const columns = useMemo<TableColumnsType<HolidayCarryExpiryRow>>(
    () => [
      { title: words.columns.name, dataIndex: 'name', key: 'name' },
      { title: words.columns.dept, dataIndex: 'dept_name', key: 'dept' },
      { title: words.expiryColumns.carried, dataIndex: 'carried_day', key: 'carried', align: 'right' },
      { title: words.expiryColumns.expiresOn, dataIndex: 'expires_on', key: 'expiresOn' },
      {
        title: words.expiryColumns.spent,
        key: 'spent',
        align: 'right',
        render: (_value, row) => Math.round((row.used_day + row.applying_day) * 100) / 100,
      },
      { title: words.columns.current, dataIndex: 'total_day', key: 'current', align: 'right' },
      { title: words.expiryColumns.expire, dataIndex: 'expire_day', key: 'expire', align: 'right' },
      { title: words.columns.after, dataIndex: 'new_total', key: 'after', align: 'right' },
      {
        title: words.expiryColumns.state,
        key: 'state',
        render: (_value, row) => (
          <Flex vertical gap={2} align="flex-start">
            <Tag color={STATE_COLORS[row.state]}>{words.states[row.state]}</Tag>
            {row.problems.map((problem) => (
              <Typography.Text key={problem} type="secondary">
                {messageText(problem)}
              </Typography.Text>
            ))}
          </Flex>
        ),
      },
    ],
    [],
  );

  const handleApply = () => {
    if (!data) return;
    void modal.confirm({
      title: words.expiryApply,
      content: words.expiryConfirm(data.year, data.summary.due),
      okText: words.expiryApply,
      okButtonProps: { danger: true },
      onOk: () =>
        apply.mutateAsync({ year: data.year, fingerprint: data.fingerprint }).then(
          ({ message }) => toast.success(message),
          () => undefined,
        ),
    });
  };

  return (
    <Flex vertical gap={12}>
      {year !== null && <Typography.Text type="secondary">{words.expiryHelp(year)}</Typography.Text>}
      {data && (
        <Typography.Text type="secondary">
          {words.expirySummary(data.summary.due, data.summary.notDue, data.summary.expired)}
        </Typography.Text>
      )}
      {listed.above}
      <Table<HolidayCarryExpiryRow>
        rowKey="user_id"
        size="small"
        aria-label={words.expiryTab}
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={preview.isFetching}
        locale={{ emptyText: listed.emptyText }}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
      />
      <Flex justify="end">
        <Button danger disabled={!data || data.summary.due === 0 || preview.isFetching} loading={apply.isPending} onClick={handleApply}>
          {words.expiryApply}
        </Button>
      </Flex>
    </Flex>
  );
}
