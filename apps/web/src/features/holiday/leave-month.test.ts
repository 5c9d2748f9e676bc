import { calendarOf, isWorkingDay, WEEKDAYS_CALENDAR, type LeaveAway } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { awayByDay, awayPart, monthSpan, monthView, monthWeeks, shiftMonth } from './leave-month';

const away = (id: number, start: string, startHalf: 'am' | 'pm', end: string, endHalf: 'am' | 'pm'): LeaveAway => ({
  id,
  user_id: id,
  user_name: `同事${id}`,
  dept_name: '技术部',
  leave_type: '事假',
  start_day: start,
  start_half: startHalf,
  end_day: end,
  end_half: endHalf,
  days: 1,
  status: 'approved',
});

describe('the team calendar month', () => {
  it('shows whole weeks from Monday to Sunday around the month', () => {
    // 2045-03-01 is a Wednesday, 2045-03-31 a Friday.
    const weeks = monthWeeks('2045-03');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.map((d) => d.day)).toEqual([
      '2045-02-27',
      '2045-02-28',
      '2045-03-01',
      '2045-03-02',
      '2045-03-03',
      '2045-03-04',
      '2045-03-05',
    ]);
    expect(weeks[0]?.[1]).toEqual({ day: '2045-02-28', isInMonth: false, weekday: 1 });
    expect(weeks[0]?.[2]).toEqual({ day: '2045-03-01', isInMonth: true, weekday: 2 });
    expect(monthSpan('2045-03')).toEqual({ from: '2045-02-27', to: '2045-04-02' });
  });

  it('keeps a month that starts on Monday and ends on Sunday to its own days', () => {
    // February 2027: Monday 1st to Sunday 28th.
    expect(monthWeeks('2027-02')).toHaveLength(4);
    expect(monthSpan('2027-02')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });

  it('every month of a decade: consecutive days, Monday first, the whole month, at most six weeks', () => {
    for (let month = '2040-01'; month <= '2049-12'; month = shiftMonth(month, 1)) {
      const days = monthWeeks(month).flat();
      expect(days.length % 7).toBe(0);
      expect(days.length).toBeLessThanOrEqual(42);
      expect(new Date(`${days[0]?.day}T00:00:00Z`).getUTCDay()).toBe(1);
      days.forEach((d, i) => i > 0 && expect(Date.parse(d.day) - Date.parse(days[i - 1]?.day ?? '')).toBe(86_400_000));
      const inMonth = days.filter((d) => d.isInMonth).map((d) => d.day);
      expect(inMonth[0]).toBe(`${month}-01`);
      expect(inMonth.every((d) => d.startsWith(month))).toBe(true);
      expect(days.filter((d) => d.day.startsWith(month))).toHaveLength(inMonth.length);
    }
  });

  it('moves across years', () => {
    expect(shiftMonth('2045-12', 1)).toBe('2046-01');
    expect(shiftMonth('2045-01', -1)).toBe('2044-12');
    expect(shiftMonth('2045-05', -17)).toBe('2043-12');
  });
});

describe('who is away on a day', () => {
  it('reads the halves at the ends of a span and whole days inside it', () => {
    const span = away(1, '2045-03-06', 'pm', '2045-03-08', 'am');
    expect(awayPart(span, '2045-03-05')).toBeUndefined();
    expect(awayPart(span, '2045-03-06')).toBe('pm');
    expect(awayPart(span, '2045-03-07')).toBeNull();
    expect(awayPart(span, '2045-03-08')).toBe('am');
    expect(awayPart(span, '2045-03-09')).toBeUndefined();
    expect(awayPart(away(2, '2045-03-06', 'am', '2045-03-06', 'am'), '2045-03-06')).toBe('am');
    expect(awayPart(away(3, '2045-03-06', 'am', '2045-03-06', 'pm'), '2045-03-06')).toBeNull();
  });

  it('lists people on working days only, in the order given', () => {
    // Friday 2045-03-10 to Monday 2045-03-13, and a holiday on Monday the 13th with a make-up Saturday the 11th.
    const aways = [away(1, '2045-03-10', 'pm', '2045-03-14', 'am'), away(2, '2045-03-14', 'pm', '2045-03-14', 'pm')];
    const days = monthWeeks('2045-03')
      .flat()
      .map((d) => d.day);
    const plain = awayByDay(aways, days, WEEKDAYS_CALENDAR);
    expect([...plain.keys()]).toEqual(['2045-03-10', '2045-03-13', '2045-03-14']);
    expect(plain.get('2045-03-14')?.map((a) => [a.away.id, a.half])).toEqual([
      [1, 'am'],
      [2, 'pm'],
    ]);
    const calendar = calendarOf([
      { day: '2045-03-13', kind: 'holiday' },
      { day: '2045-03-11', kind: 'workday' },
    ]);
    expect([...awayByDay(aways, days, calendar).keys()]).toEqual(['2045-03-10', '2045-03-11', '2045-03-14']);
  });

  it('agrees with a half-day count: a person is listed on a working day exactly when one of its halves is inside the span', () => {
    const halves = (day: string) => [`${day}a`, `${day}p`];
    const days = monthWeeks('2045-06')
      .flat()
      .map((d) => d.day);
    for (let s = 0; s < days.length; s += 3) {
      for (let e = s; e < Math.min(days.length, s + 9); e += 2) {
        for (const [sh, eh] of [
          ['am', 'pm'],
          ['pm', 'am'],
          ['pm', 'pm'],
          ['am', 'am'],
        ] as const) {
          const start = days[s] ?? '';
          const end = days[e] ?? '';
          if (start === end && sh === 'pm' && eh === 'am') continue;
          const span = away(1, start, sh, end, eh);
          const from = `${start}${sh === 'am' ? 'a' : 'p'}`;
          const to = `${end}${eh === 'am' ? 'a' : 'p'}`;
          const byDay = awayByDay([span], days, WEEKDAYS_CALENDAR);
          for (const day of days) {
            const inside = halves(day).filter((h) => h >= from && h <= to);
            const expected =
              !isWorkingDay(day, WEEKDAYS_CALENDAR) || inside.length === 0
                ? undefined
                : inside.length === 2
                  ? null
                  : inside[0]?.endsWith('a')
                    ? 'am'
                    : 'pm';
            expect(byDay.get(day)?.[0]?.half, `${start} ${sh} – ${end} ${eh} on ${day}`).toBe(expected);
          }
        }
      }
    }
  });
});

describe("the month's view", () => {
  it("marks HR's holidays and make-up days, greys the days off, and lists people on working days", () => {
    const weeks = monthView(
      '2045-10',
      [away(1, '2045-09-29', 'am', '2045-10-09', 'am')],
      [
        { day: '2045-10-02', kind: 'holiday', name: '国庆节' },
        { day: '2045-10-03', kind: 'holiday', name: '' },
        { day: '2045-10-08', kind: 'workday', name: '国庆调休' },
      ],
    );
    const byDay = new Map(weeks.flat().map((day) => [day.day, day]));
    expect(byDay.get('2045-10-02')).toMatchObject({ isRestDay: true, mark: '国庆节', aways: [] });
    expect(byDay.get('2045-10-03')).toMatchObject({ isRestDay: true, mark: '休', aways: [] });
    expect(byDay.get('2045-10-07')).toMatchObject({ isRestDay: true, mark: undefined, aways: [] });
    expect(byDay.get('2045-10-08')?.mark).toBe('班');
    expect(byDay.get('2045-10-08')?.isRestDay).toBe(false);
    expect(byDay.get('2045-10-08')?.aways.map((a) => a.half)).toEqual([null]);
    expect(byDay.get('2045-10-09')?.aways.map((a) => a.half)).toEqual(['am']);
    // The grid's first days belong to September and still show who is away.
    expect(byDay.get('2045-09-29')).toMatchObject({ isInMonth: false, isRestDay: false });
    expect(byDay.get('2045-09-29')?.aways).toHaveLength(1);
  });
});
