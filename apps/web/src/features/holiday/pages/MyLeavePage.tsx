import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Select, Table, Tag, type Breakpoint, type TableColumnsType } from 'antd';
import { LEAVE_STATUS_LABELS, LeaveTexts, type LeaveRecord } from '@osp/shared';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMyHolidayStatsOf } from '../../../api/holiday';
import { useLeaveDetails } from '../../../api/leave';
import { AdminPage } from '../../../components/AdminPage';
import { HolidaySummary } from '../../../components/HolidaySummary';
import { queryListState } from '../../../components/LoadFailed';
import { detailPath } from '../../../utils/bill-paths';
import { shanghaiYear, yearOptions } from '../holiday-years';
import { BILL_STATUS_OF_LEAVE, LEAVE_STATUS_COLORS, leavePeriod } from '../leave-records';

const WIDE: Breakpoint[] = ['md'];

/** 我的假期 (menu /holiday/mine, everyone): my balance of a year, my leave of that year, and 申请请假. */
export default function MyLeavePage() {
  const navigate = useNavigate();
  const [year, setYear] = useState(shanghaiYear);
  const [paging, setPaging] = useState({ page: 1, per_page: 15 });
  const stats = useMyHolidayStatsOf(year);
  const records = useLeaveDetails({ scope: 'mine', year, ...paging });
  const listed = queryListState(records, LeaveTexts.recordsEmpty);

  const columns = useMemo<TableColumnsType<LeaveRecord>>(
    () => [
      { title: LeaveTexts.columnType, dataIndex: 'leave_type', key: 'type' },
      {
        title: LeaveTexts.columnPeriod,
        key: 'period',
        render: (_value, row) => leavePeriod(row),
      },
      { title: LeaveTexts.columnDays, dataIndex: 'days', key: 'days', align: 'right' },
      {
        title: LeaveTexts.columnStatus,
        key: 'status',
        render: (_value, row) => <Tag color={LEAVE_STATUS_COLORS[row.status]}>{LEAVE_STATUS_LABELS[row.status]}</Tag>,
      },
      { title: LeaveTexts.columnReason, dataIndex: 'reason', key: 'reason', ellipsis: true, responsive: WIDE },
      {
        title: LeaveTexts.columnBill,
        key: 'bill',
        render: (_value, row) =>
          row.bill_id === null ? null : (
            <Link to={detailPath({ id: row.bill_id, status: BILL_STATUS_OF_LEAVE[row.status] }, 'mine')}>{LeaveTexts.openBill}</Link>
          ),
      },
    ],
    [],
  );

  return (
    <AdminPage
      title={LeaveTexts.mineTitle}
      description={LeaveTexts.mineDescription}
      actions={
        <>
          <Select
            aria-label={LeaveTexts.year}
            value={year}
            options={yearOptions(year)}
            onChange={(value) => {
              setYear(value);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            style={{ width: 110 }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(LeaveTexts.newPath)}>
            {LeaveTexts.ask}
          </Button>
        </>
      }
    >
      <Card style={{ marginBottom: 16 }} loading={stats.isLoading}>
        {stats.data && <HolidaySummary stats={stats.data} />}
      </Card>
      <Card title={LeaveTexts.records}>
        {listed.above}
        <Table<LeaveRecord>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={records.data?.list ?? []}
          loading={listed.isLoading}
          locale={{ emptyText: listed.emptyText }}
          // On a phone the columns keep their words on one line and the table scrolls, as 请假记录's does.
          scroll={{ x: 'max-content' }}
          pagination={{
            current: paging.page,
            pageSize: paging.per_page,
            total: records.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (page, per_page) => setPaging({ page, per_page }),
          }}
        />
      </Card>
    </AdminPage>
  );
}
