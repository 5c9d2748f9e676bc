import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Table, Tag, type TableColumnsType } from 'antd';
import { LeaveTypeTexts, type LeaveTypeAdmin } from '@osp/shared';
import { useMemo, useState } from 'react';
import { useAdminLeaveTypes } from '../../../api/leave';
import { AdminPage } from '../../../components/AdminPage';
import { queryListState } from '../../../components/LoadFailed';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { LeaveTypeDialog } from '../components/LeaveTypeDialog';

const yesNo = (value: boolean) => (value ? LeaveTypeTexts.yes : LeaveTypeTexts.no);

function attachmentText(days: number | null): string {
  if (days === null) return LeaveTypeTexts.attachmentNever;
  return days === 0 ? LeaveTypeTexts.attachmentAlways : LeaveTypeTexts.attachmentOver(days);
}

/** /holiday/types (holiday_admin): 请假类型 — the types staff choose from and their rules; new ones, changes, on and off. */
export default function LeaveTypesPage() {
  const types = useAdminLeaveTypes();
  const listed = queryListState(types, LeaveTypeTexts.empty);
  // undefined: closed; null: a new type.
  const [editing, setEditing] = useState<LeaveTypeAdmin | null | undefined>(undefined);

  const columns = useMemo<TableColumnsType<LeaveTypeAdmin>>(
    () => [
      { title: LeaveTypeTexts.columnName, dataIndex: 'name', key: 'name' },
      { title: LeaveTypeTexts.columnCounts, key: 'counts', render: (_value, row) => yesNo(row.counts_balance) },
      { title: LeaveTypeTexts.columnHalf, key: 'half', render: (_value, row) => yesNo(row.half_day) },
      { title: LeaveTypeTexts.columnAttachment, key: 'attachment', render: (_value, row) => attachmentText(row.attachment_over_days) },
      {
        title: LeaveTypeTexts.columnEnabled,
        key: 'enabled',
        render: (_value, row) => (row.enabled ? <Tag color="success">{LeaveTypeTexts.enabled}</Tag> : <Tag>{LeaveTypeTexts.disabled}</Tag>),
      },
      { title: LeaveTypeTexts.columnRequests, dataIndex: 'request_count', key: 'requests', align: 'right' },
      {
        title: LeaveTypeTexts.columnActions,
        key: 'actions',
        render: (_value, row) => (
          <Button type="link" size="small" aria-label={`${LeaveTypeTexts.edit}「${row.name}」`} onClick={() => setEditing(row)}>
            {LeaveTypeTexts.edit}
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <AdminPage
      title={LeaveTypeTexts.title}
      description={LeaveTypeTexts.description}
      actions={
        <>
          <OperationLogButton itemType="leave_type" />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {LeaveTypeTexts.add}
          </Button>
        </>
      }
    >
      <Card>
        {listed.above}
        <Table<LeaveTypeAdmin>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={types.data ?? []}
          loading={listed.isLoading}
          locale={{ emptyText: listed.emptyText }}
          pagination={false}
        />
      </Card>
      <LeaveTypeDialog type={editing} onClose={() => setEditing(undefined)} />
    </AdminPage>
  );
}
