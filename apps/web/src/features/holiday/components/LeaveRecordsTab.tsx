import { Flex, Input, Segmented, Select, Table, Tag, type Breakpoint, type TableColumnsType } from 'antd';
import { LEAVE_STATUS_LABELS, LEAVE_STATUSES, LeaveRecordsTexts, type LeaveRecord, type LeaveScope, type LeaveStatus } from '@osp/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useLeaveDetails, useLeaveTypes, type LeaveDetailsQuery } from '../../../api/leave';
import { queryListState } from '../../../components/LoadFailed';
import { DeptPicker } from '../../../components/pickers';
import { detailPath } from '../../../utils/bill-paths';
import { shanghaiYear } from '../holiday-years';
import { BILL_STATUS_OF_LEAVE, LEAVE_STATUS_COLORS, leavePeriod, recordYears } from '../leave-records';

// On a phone a row keeps who, when, how long and where it stands.
const WIDE: Breakpoint[] = ['md'];
const STATUS_OPTIONS = LEAVE_STATUSES.filter((status) => status !== 'draft').map((value) => ({ value, label: LEAVE_STATUS_LABELS[value] }));

interface LeaveRecordsTabProps {
  /** The scopes the server offers the caller, 我的 first. */
  scopes: readonly LeaveScope[];
}

/** 请假记录's table: one's own, a leader's team's or (HR) everyone's leave, filtered and paged. */
export function LeaveRecordsTab({ scopes }: LeaveRecordsTabProps) {
  const [scope, setScope] = useState<LeaveScope>('mine');
  const [year, setYear] = useState<number>();
  const [status, setStatus] = useState<LeaveStatus>();
  const [typeId, setTypeId] = useState<number>();
  const [deptId, setDeptId] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, per_page: 15 });
  const types = useLeaveTypes();
  // A scope the server no longer offers (the person stopped leading a department) reads as 我的.
  const shownScope = scopes.includes(scope) ? scope : 'mine';
  const isOthers = shownScope !== 'mine';
  const query: LeaveDetailsQuery = {
    ...paging,
    scope: shownScope,
    ...(year === undefined ? {} : { year }),
    ...(status === undefined ? {} : { status }),
    ...(typeId === undefined ? {} : { leave_type_id: typeId }),
    ...(isOthers && deptId !== undefined ? { dept_id: deptId } : {}),
    ...(isOthers && keyword !== '' ? { keyword } : {}),
  };
  const details = useLeaveDetails(query);
  const listed = queryListState(details, LeaveRecordsTexts.empty);
  const firstPage = () => setPaging((current) => ({ ...current, page: 1 }));
  const yearOptions = useMemo(
    () => recordYears(shanghaiYear(), year).map((value) => ({ value, label: `${value}${LeaveRecordsTexts.yearSuffix}` })),
    [year],
  );
  const typeOptions = (types.data ?? []).map((type) => ({ value: type.id, label: type.name }));

  const columns = useMemo<TableColumnsType<LeaveRecord>>(
    () => [
      ...(isOthers
        ? ([
            { title: LeaveRecordsTexts.columnName, dataIndex: 'user_name', key: 'name' },
            { title: LeaveRecordsTexts.columnDept, dataIndex: 'dept_name', key: 'dept', responsive: WIDE },
          ] satisfies TableColumnsType<LeaveRecord>)
        : []),
      { title: LeaveRecordsTexts.columnType, dataIndex: 'leave_type', key: 'type' },
      { title: LeaveRecordsTexts.columnPeriod, key: 'period', render: (_value, record) => leavePeriod(record) },
      { title: LeaveRecordsTexts.columnDays, dataIndex: 'days', key: 'days', align: 'right' },
      {
        title: LeaveRecordsTexts.columnStatus,
        dataIndex: 'status',
        key: 'status',
        render: (_value, record) => <Tag color={LEAVE_STATUS_COLORS[record.status]}>{LEAVE_STATUS_LABELS[record.status]}</Tag>,
      },
      { title: LeaveRecordsTexts.columnReason, dataIndex: 'reason', key: 'reason', width: 240, ellipsis: true, responsive: WIDE },
      {
        title: LeaveRecordsTexts.columnBill,
        key: 'bill',
        render: (_value, record) =>
          record.bill_id === null ? (
            LeaveRecordsTexts.noBill
          ) : (
            <Link to={detailPath({ id: record.bill_id, status: BILL_STATUS_OF_LEAVE[record.status] }, 'mine')}>
              {LeaveRecordsTexts.openBill}
            </Link>
          ),
      },
    ],
    [isOthers],
  );

  return (
    <>
      <Flex wrap gap={12} align="center" className="leave-details__filters">
        {scopes.length > 1 && (
          <Segmented<LeaveScope>
            aria-label={LeaveRecordsTexts.scope}
            options={scopes.map((value) => ({ value, label: LeaveRecordsTexts.scopes[value] }))}
            value={shownScope}
            onChange={(next) => {
              setScope(next);
              firstPage();
            }}
          />
        )}
        <Select<number>
          allowClear
          aria-label={LeaveRecordsTexts.year}
          placeholder={LeaveRecordsTexts.allYears}
          options={yearOptions}
          value={year}
          className="leave-details__select"
          onChange={(next) => {
            setYear(next);
            firstPage();
          }}
        />
        <Select<LeaveStatus>
          allowClear
          aria-label={LeaveRecordsTexts.status}
          placeholder={LeaveRecordsTexts.allStatuses}
          options={STATUS_OPTIONS}
          value={status}
          className="leave-details__select"
          onChange={(next) => {
            setStatus(next);
            firstPage();
          }}
        />
        <Select<number>
          allowClear
          aria-label={LeaveRecordsTexts.type}
          placeholder={LeaveRecordsTexts.allTypes}
          options={typeOptions}
          loading={types.isPending}
          value={typeId}
          className="leave-details__select"
          onChange={(next) => {
            setTypeId(next);
            firstPage();
          }}
        />
        {isOthers && (
          <>
            <DeptPicker
              allowClear
              aria-label={LeaveRecordsTexts.dept}
              placeholder={LeaveRecordsTexts.allDepts}
              value={deptId}
              className="leave-details__dept"
              onChange={(next) => {
                setDeptId(typeof next === 'number' ? next : undefined);
                firstPage();
              }}
            />
            <Input.Search
              allowClear
              aria-label={LeaveRecordsTexts.keyword}
              placeholder={LeaveRecordsTexts.keyword}
              maxLength={50}
              className="leave-details__search"
              onSearch={(next) => {
                setKeyword(next.trim());
                firstPage();
              }}
            />
          </>
        )}
      </Flex>
      {listed.above}
      <Table<LeaveRecord>
        rowKey="id"
        size="middle"
        aria-label={LeaveRecordsTexts.tabRecords}
        columns={columns}
        dataSource={details.data?.list ?? []}
        loading={details.isFetching && details.data !== undefined}
        locale={{ emptyText: listed.emptyText }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: paging.page,
          pageSize: paging.per_page,
          total: details.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (page, perPage) => setPaging({ page: perPage === paging.per_page ? page : 1, per_page: perPage }),
        }}
      />
    </>
  );
}
