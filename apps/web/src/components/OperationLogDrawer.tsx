import { HistoryOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, List, Pagination, Space, Tag, Typography } from 'antd';
import { LOGGED_ITEM_TYPES, OperationActionLabels, type OperationLogEntry } from '@osp/shared';
import { useState } from 'react';
import { useOperationLog } from '../api/syslog';
import { queryListState } from './LoadFailed';
import { useIsMobile } from '../utils/useIsMobile';
import { formatDateTime } from '../utils/datetime';

const PER_PAGE = 20;

export interface OperationLogProps {
  /** A key of LOGGED_ITEM_TYPES: user, dept, role, menu, setting, … */
  itemType: string;
  /** One item's history; without it, every item of the type. */
  itemId?: string | number;
}

function itemTypeName(itemType: string): string {
  return (LOGGED_ITEM_TYPES as Record<string, { name: string } | undefined>)[itemType]?.name ?? itemType;
}

/** The fields whose value changed, as "字段: 旧 → 新" lines; a create or delete lists what it had. */
function changedFields(entry: OperationLogEntry): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const show = (value: unknown) =>
    value === undefined || value === null || value === '' ? '（空）' : typeof value === 'string' ? value : JSON.stringify(value);
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => {
      if (!(key in before)) return `${key}: ${show(after[key])}`;
      if (!(key in after)) return `${key}: ${show(before[key])} → （删除）`;
      return `${key}: ${show(before[key])} → ${show(after[key])}`;
    });
}

function OperationLogList({ itemType, itemId }: OperationLogProps) {
  const [page, setPage] = useState(1);
  const log = useOperationLog({ itemType, itemId, page, perPage: PER_PAGE }, true);
  const { data } = log;
  const listed = queryListState(log, <Empty description="暂无操作记录" />);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {listed.above}
      <List
        loading={listed.isLoading}
        locale={{ emptyText: listed.emptyText }}
        dataSource={data?.list ?? []}
        rowKey="id"
        renderItem={(entry) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Space wrap size={4}>
                  <Tag color="blue">{OperationActionLabels[entry.action] ?? entry.action}</Tag>
                  <span>{entry.summary}</span>
                </Space>
              }
              description={
                <Space orientation="vertical" size={2}>
                  <Typography.Text type="secondary">
                    {formatDateTime(entry.created_at)} · {entry.user_name}（{entry.username}）
                    {entry.service ? ` · 来自 ${entry.service}` : ''}
                  </Typography.Text>
                  {changedFields(entry).map((line) => (
                    <Typography.Text key={line} style={{ fontSize: 12 }}>
                      {line}
                    </Typography.Text>
                  ))}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      {data && data.total > PER_PAGE && (
        <Pagination size="small" current={page} pageSize={PER_PAGE} total={data.total} onChange={setPage} showSizeChanger={false} />
      )}
    </Space>
  );
}

/** The 操作日志 drawer of the admin pages (issue 3): who changed what, when, from which area. */
export function OperationLogDrawer({ open, onClose, itemType, itemId }: OperationLogProps & { open: boolean; onClose: () => void }) {
  const isMobile = useIsMobile();
  const title = itemId === undefined ? `操作日志 · 全部${itemTypeName(itemType)}` : `操作日志 · ${itemTypeName(itemType)} #${itemId}`;
  return (
    <Drawer title={title} open={open} onClose={onClose} size={isMobile ? '100%' : 560} destroyOnHidden>
      {open && <OperationLogList itemType={itemType} itemId={itemId} />}
    </Drawer>
  );
}

export function OperationLogButton({ itemType, itemId, label = '操作日志' }: OperationLogProps & { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <OperationLogDrawer open={open} onClose={() => setOpen(false)} itemType={itemType} itemId={itemId} />
    </>
  );
}
