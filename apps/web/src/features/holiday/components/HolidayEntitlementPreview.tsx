import { App, Button, Checkbox, Flex, Input, Table, Typography, type TableColumnsType } from 'antd';
import { HolidayEntitlementTexts, type HolidayEntitlementRow, type HolidayEntitlementRules } from '@osp/shared';
import { useMemo, useState } from 'react';
import { useApplyEntitlement, useEntitlementPreview, useEntitlementRules } from '../../../api/holiday-entitlement';
import { messageText } from '../../../components/HtmlMessage';
import { queryListState } from '../../../components/LoadFailed';
import { toast } from '../../../components/toast';
import { HolidayEntitlementRulesDialog } from './HolidayEntitlementRulesDialog';
import { HolidayWorkStartDialog } from './HolidayWorkStartDialog';

const words = HolidayEntitlementTexts;
const signed = (value: number) => (value > 0 ? `+${value}` : `${value}`);

function rowClass(row: HolidayEntitlementRow): string {
  if (row.is_refused) return 'holiday-entitlement__refused';
  if (row.problems.length > 0) return 'holiday-entitlement__flagged';
  return '';
}

/**
 * 年度发放's preview: the rules it used, every active person's 工龄, statutory days, carry-over and totals before and
 * after, problems highlighted; 确认发放 applies exactly this preview (the server refuses it once anything changed).
 */
export function HolidayEntitlementPreview({ year, onApplied }: { year: number | null; onApplied: (year: number) => void }) {
  const { modal } = App.useApp();
  const preview = useEntitlementPreview(year);
  const rules = useEntitlementRules();
  const apply = useApplyEntitlement();
  const [keyword, setKeyword] = useState('');
  const [isOnlyChanges, setIsOnlyChanges] = useState(false);
  const [editingRules, setEditingRules] = useState<HolidayEntitlementRules | null>(null);
  const [settingRow, setSettingRow] = useState<HolidayEntitlementRow | null>(null);
  const listed = queryListState(preview, words.nothingToApply);
  const data = preview.data;

  const rows = useMemo(() => {
    const text = keyword.trim().toLowerCase();
    return (data?.rows ?? []).filter(
      (r) =>
        (!isOnlyChanges || r.has_changes || r.problems.length > 0) &&
        (text === '' || r.name.toLowerCase().includes(text) || r.username.toLowerCase().includes(text)),
    );
  }, [data, keyword, isOnlyChanges]);

  const columns = useMemo<TableColumnsType<HolidayEntitlementRow>>(
    () => [
      { title: words.columns.name, dataIndex: 'name', key: 'name' },
      { title: words.columns.dept, dataIndex: 'dept_name', key: 'dept' },
      {
        title: words.columns.workStart,
        key: 'workStart',
        render: (_value, row) => (
          <Flex gap={4} align="center">
            {row.work_start_day ?? <Typography.Text type="secondary">{words.none}</Typography.Text>}
            <Button
              size="small"
              type="link"
              aria-label={`${words.setWorkStart}${row.name}的${words.workStart}`}
              onClick={() => setSettingRow(row)}
            >
              {words.setWorkStart}
            </Button>
          </Flex>
        ),
      },
      {
        title: words.columns.years,
        key: 'years',
        align: 'right',
        render: (_value, row) => (row.years === null ? '—' : words.yearsValue(row.years)),
      },
      { title: words.columns.statutory, dataIndex: 'statutory_day', key: 'statutory', align: 'right' },
      {
        title: words.columns.carry,
        key: 'carry',
        align: 'right',
        render: (_value, row) => words.carryValue(row.carry_day, row.carry_expires_on),
      },
      { title: words.columns.current, dataIndex: 'total_day', key: 'current', align: 'right' },
      { title: words.columns.after, dataIndex: 'new_total', key: 'after', align: 'right' },
      {
        title: words.columns.delta,
        key: 'delta',
        align: 'right',
        render: (_value, row) => (row.delta === 0 ? '0' : <Typography.Text strong>{signed(row.delta)}</Typography.Text>),
      },
      {
        title: words.columns.problems,
        key: 'problems',
        render: (_value, row) =>
          row.problems.map((problem) => (
            <Typography.Text key={problem} type={row.is_refused ? 'danger' : 'warning'} className="holiday-entitlement__problem">
              {messageText(problem)}
            </Typography.Text>
          )),
      },
    ],
    [],
  );

  const handleApply = () => {
    if (!data) return;
    void modal.confirm({
      title: words.apply,
      content: words.applyConfirm(data.year, data.summary.changed),
      okText: words.apply,
      onOk: () =>
        apply.mutateAsync({ year: data.year, fingerprint: data.fingerprint }).then(
          ({ message }) => {
            toast.success(message);
            onApplied(data.year);
          },
          // The API client has shown the refusal (a stale preview); the preview is read again.
          () => undefined,
        ),
    });
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="baseline" wrap>
        <Typography.Text strong>{words.rules}：</Typography.Text>
        <Typography.Text data-testid="entitlement-rules">{data ? words.rulesLine(data.rules) : '…'}</Typography.Text>
        <Button size="small" disabled={!rules.data} onClick={() => setEditingRules(rules.data ?? null)}>
          {words.editRules}
        </Button>
      </Flex>
      <Flex gap={12} align="center" wrap>
        <Input.Search
          allowClear
          aria-label={words.filter}
          placeholder={words.filter}
          className="holiday-entitlement__search"
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={setKeyword}
        />
        <Checkbox checked={isOnlyChanges} onChange={(event) => setIsOnlyChanges(event.target.checked)}>
          {words.onlyChanges}
        </Checkbox>
        {data && (
          <Typography.Text type="secondary">
            {words.summary(data.summary.people, data.summary.changed, data.summary.refused, data.summary.flagged)}
          </Typography.Text>
        )}
      </Flex>
      {listed.above}
      <Table<HolidayEntitlementRow>
        rowKey="user_id"
        size="small"
        aria-label={words.title}
        columns={columns}
        dataSource={rows}
        rowClassName={rowClass}
        loading={preview.isFetching}
        locale={{ emptyText: listed.emptyText }}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
      />
      <Flex justify="end">
        <Button
          type="primary"
          disabled={!data || data.summary.changed === 0 || preview.isFetching}
          loading={apply.isPending}
          onClick={handleApply}
        >
          {words.apply}
        </Button>
      </Flex>
      <HolidayEntitlementRulesDialog rules={editingRules} onClose={() => setEditingRules(null)} />
      <HolidayWorkStartDialog row={settingRow} onClose={() => setSettingRow(null)} />
    </Flex>
  );
}
