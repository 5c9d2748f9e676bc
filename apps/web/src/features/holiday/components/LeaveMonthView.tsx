import { Empty } from 'antd';
import { HALF_DAY_LABELS, LEAVE_STATUS_LABELS, LeaveRecordsTexts } from '@osp/shared';
import type { AwayOnDay, DayView, MonthDay } from '../leave-month';

/** The team calendar's two faces: a month grid on a wide screen, a list by day on a phone. */

function dayLabel(day: MonthDay): string {
  const [year = 0, month = 1, date = 1] = day.day.split('-').map(Number);
  return LeaveRecordsTexts.dayLabel(year, month, date, LeaveRecordsTexts.weekdays[day.weekday] ?? '');
}

/** One person away: name, the half when not the whole day, the type when the caller may see it; 审批中 in words. */
function AwayItem({ away, half }: AwayOnDay) {
  const isApplying = away.status === 'applying';
  const parts = [away.user_name, half === null ? null : HALF_DAY_LABELS[half], away.leave_type].filter((part) => part !== null);
  return (
    <li
      className={`leave-calendar__away leave-calendar__away--${isApplying ? 'applying' : 'approved'}`}
      title={[...parts, away.dept_name].join(' · ')}
    >
      {parts.join(' ')}
      {isApplying && <span className="leave-calendar__applying">（{LEAVE_STATUS_LABELS.applying}）</span>}
    </li>
  );
}

function AwayList({ aways }: { aways: AwayOnDay[] }) {
  if (aways.length === 0) return null;
  return (
    <ul className="leave-calendar__aways">
      {aways.map((entry) => (
        <AwayItem key={entry.away.id} {...entry} />
      ))}
    </ul>
  );
}

/** The day's heading: its full date for assistive technology and as a tooltip, the number and HR's mark on screen. */
function DayHead({ day }: { day: DayView }) {
  return (
    <div className="leave-calendar__date" title={dayLabel(day)}>
      <time dateTime={day.day}>
        <span className="leave-calendar__sr">{dayLabel(day)}</span>
        <span aria-hidden="true">{Number(day.day.slice(8))}</span>
      </time>
      {day.mark !== undefined && <span className="leave-calendar__mark">{day.mark}</span>}
    </div>
  );
}

export function LeaveLegend() {
  return (
    <ul className="leave-calendar__legend leave-calendar__aways">
      <li className="leave-calendar__away leave-calendar__away--approved">{LEAVE_STATUS_LABELS.approved}</li>
      <li className="leave-calendar__away leave-calendar__away--applying">{LEAVE_STATUS_LABELS.applying}</li>
    </ul>
  );
}

/**
 * A table with the weekdays as column headers; each cell's name starts with its full date (then who
 * is away), so a screen reader and a test find a day by its date.
 */
export function LeaveMonthGrid({ caption, weeks }: { caption: string; weeks: DayView[][] }) {
  return (
    <table className="leave-calendar">
      <caption className="leave-calendar__sr">{caption}</caption>
      <thead>
        <tr>
          {LeaveRecordsTexts.weekdays.map((weekday) => (
            <th key={weekday} scope="col">
              {weekday}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]?.day}>
            {week.map((day) => (
              <td
                key={day.day}
                className={[
                  'leave-calendar__day',
                  day.isRestDay ? 'leave-calendar__day--rest' : '',
                  day.isInMonth ? '' : 'leave-calendar__day--outside',
                ].join(' ')}
              >
                <DayHead day={day} />
                <AwayList aways={day.aways} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** On a phone: the month's days with someone away, one under the other. */
export function LeaveDayList({ caption, days }: { caption: string; days: DayView[] }) {
  const shown = days.filter((day) => day.isInMonth && day.aways.length > 0);
  if (shown.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={LeaveRecordsTexts.nobodyAway} />;
  return (
    <ol className="leave-day-list" aria-label={caption}>
      {shown.map((day) => (
        <li key={day.day} className="leave-day-list__day">
          <h3 className="leave-day-list__date">
            <time dateTime={day.day}>{dayLabel(day)}</time>
            <span className="leave-day-list__count">{LeaveRecordsTexts.awayCount(day.aways.length)}</span>
          </h3>
          <AwayList aways={day.aways} />
        </li>
      ))}
    </ol>
  );
}
