import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Flex, Spin } from 'antd';
import { LeaveRecordsTexts, shanghaiDay } from '@osp/shared';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useWorkCalendar } from '../../../api/holiday';
import { useLeaveAway } from '../../../api/leave';
import { queryListState, Unread } from '../../../components/LoadFailed';
import { DeptPicker } from '../../../components/pickers';
import { useIsMobile } from '../../../utils/useIsMobile';
import { monthOf, monthParts, monthSpan, monthView, shiftMonth } from '../leave-month';
import { LeaveDayList, LeaveLegend, LeaveMonthGrid } from './LeaveMonthView';

interface LeaveTeamCalendarProps {
  /**
   * Which departments the caller may pick (the server refuses others): HR any, a leader theirs with what lies below;
   * 'none': the calendar shows the caller's own department.
   */
  deptChoice: 'any' | 'led' | 'none';
}

/** 团队日历: who is away on each day of a month — leave approved or in approval — with a department filter. */
export function LeaveTeamCalendar({ deptChoice }: LeaveTeamCalendarProps) {
  const [month, setMonth] = useState(() => monthOf(shanghaiDay(new Date())));
  const [deptId, setDeptId] = useState<number>();
  const isMobile = useIsMobile();
  const span = monthSpan(month);
  const away = useLeaveAway({ ...span, ...(deptId === undefined ? {} : { dept_id: deptId }) });
  // The grid may reach into the next year (late December): both years' calendars, one query when they are the same.
  const firstCalendar = useWorkCalendar(Number(span.from.slice(0, 4)));
  const lastCalendar = useWorkCalendar(Number(span.to.slice(0, 4)));
  const isCalendarFailed = Boolean(firstCalendar.error ?? lastCalendar.error);
  const weeks = useMemo(
    () =>
      // Another month's people (kept while this month is read) would land on the wrong days: none until it comes.
      monthView(month, away.isPlaceholderData ? [] : (away.data ?? []), [
        ...(firstCalendar.data?.entries ?? []),
        ...(lastCalendar.data?.year === firstCalendar.data?.year ? [] : (lastCalendar.data?.entries ?? [])),
      ]),
    [month, away.data, away.isPlaceholderData, firstCalendar.data, lastCalendar.data],
  );
  const listed = queryListState(away, LeaveRecordsTexts.nobodyAway);
  const { year, month: number } = monthParts(month);
  const caption = LeaveRecordsTexts.calendarCaption(year, number);

  return (
    <>
      <Flex wrap gap={12} align="center" className="leave-details__filters">
        <Flex gap={4} align="center">
          <Button
            icon={<LeftOutlined />}
            aria-label={LeaveRecordsTexts.previousMonth}
            title={LeaveRecordsTexts.previousMonth}
            onClick={() => setMonth(shiftMonth(month, -1))}
          />
          <DatePicker
            picker="month"
            allowClear={false}
            aria-label={LeaveRecordsTexts.month}
            format="YYYY-MM"
            value={dayjs(`${month}-01`)}
            onChange={(next) => {
              if (next) setMonth(next.format('YYYY-MM'));
            }}
          />
          <Button
            icon={<RightOutlined />}
            aria-label={LeaveRecordsTexts.nextMonth}
            title={LeaveRecordsTexts.nextMonth}
            onClick={() => setMonth(shiftMonth(month, 1))}
          />
          <Button onClick={() => setMonth(monthOf(shanghaiDay(new Date())))}>{LeaveRecordsTexts.thisMonth}</Button>
        </Flex>
        {deptChoice !== 'none' && (
          <DeptPicker
            allowClear
            aria-label={LeaveRecordsTexts.dept}
            placeholder={deptChoice === 'any' ? LeaveRecordsTexts.allDepts : LeaveRecordsTexts.myDepts}
            value={deptId}
            className="leave-details__dept"
            onChange={(next) => setDeptId(typeof next === 'number' ? next : undefined)}
          />
        )}
        <LeaveLegend />
      </Flex>
      {isCalendarFailed && <Alert type="warning" showIcon title={LeaveRecordsTexts.calendarFailed} className="leave-details__notice" />}
      {listed.above}
      {away.data === undefined ? (
        <Unread query={away} />
      ) : (
        <Spin spinning={away.isFetching}>
          {isMobile ? <LeaveDayList caption={caption} days={weeks.flat()} /> : <LeaveMonthGrid caption={caption} weeks={weeks} />}
        </Spin>
      )}
    </>
  );
}
