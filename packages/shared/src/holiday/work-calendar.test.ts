import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarOf,
  isCalendarDay,
  isWorkingDay,
  leaveDays,
  oneWorkingDayAfter,
  shanghaiDay,
  WEEKDAYS_CALENDAR,
  WorkCalendarEntryZ,
  WorkCalendarMessages,
  workCalendarProblems,
  type HalfDay,
  type LeaveSpan,
  type WorkCalendar,
} from './work-calendar';

/**
 * A calendar of the kind HR enters (issue 17): 国庆 2026-10-01 (Thu) to 10-07 (Wed) off, with Sunday 09-27 and
 * Saturday 10-10 worked instead; 元旦 2027-01-01 (Fri) off. The dates are made up for the test, not an official schedule.
 */
const calendar = calendarOf([
  ...['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07'].map((day) => ({ day, kind: 'holiday' as const })),
  { day: '2026-09-27', kind: 'workday' },
  { day: '2026-10-10', kind: 'workday' },
  { day: '2027-01-01', kind: 'holiday' },
]);

const span = (startDay: string, startHalf: HalfDay, endDay: string, endHalf: HalfDay): LeaveSpan => ({
  startDay,
  startHalf,
  endDay,
  endHalf,
});
const days = (s: LeaveSpan, c: WorkCalendar = calendar) => {
  const result = leaveDays(s, c);
  return result.ok ? result.days : result.message;
};

describe('working days', () => {
  it.each([
    ['2026-11-27', true, 'a Friday'],
    ['2026-11-28', false, 'a Saturday'],
    ['2026-10-01', false, 'a public holiday on a Thursday'],
    ['2026-09-27', true, 'a make-up Sunday'],
    ['2026-10-10', true, 'a make-up Saturday'],
    ['2026-10-03', false, 'a Saturday inside the holiday'],
  ])('%s is %s (%s)', (day, working) => {
    expect(isWorkingDay(day, calendar)).toBe(working);
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-2-1')).toBe(false);
  });

  it('reads instants in Shanghai time', () => {
    expect(shanghaiDay(new Date('2026-11-27T15:59:59Z'))).toBe('2026-11-27');
    expect(shanghaiDay(new Date('2026-11-27T16:00:00Z'))).toBe('2026-11-28');
  });
});

describe('leaveDays', () => {
  it.each([
    ['one morning', span('2026-11-27', 'am', '2026-11-27', 'am'), 0.5],
    ['one afternoon', span('2026-11-27', 'pm', '2026-11-27', 'pm'), 0.5],
    ['one whole day', span('2026-11-27', 'am', '2026-11-27', 'pm'), 1],
    ['Friday afternoon to Monday noon, over a weekend', span('2026-11-27', 'pm', '2026-11-30', 'am'), 1],
    ['Thursday to Tuesday, the weekend not counted', span('2026-11-26', 'am', '2026-12-01', 'pm'), 4],
    ['the week of 国庆, only the make-up Saturday counts', span('2026-10-01', 'am', '2026-10-10', 'pm'), 3],
    ['Wednesday 09-30 to Thursday 10-08 over the holiday', span('2026-09-30', 'am', '2026-10-08', 'pm'), 2],
    ['a make-up Sunday alone', span('2026-09-27', 'am', '2026-09-27', 'pm'), 1],
    ['a weekend alone', span('2026-11-28', 'am', '2026-11-29', 'pm'), 0],
    ['over the year end and 元旦', span('2026-12-31', 'pm', '2027-01-04', 'am'), 1],
    ['2.5 days across a weekend and a holiday', span('2026-12-30', 'am', '2027-01-04', 'am'), 2.5],
  ])('%s', (_name, s, expected) => {
    expect(days(s)).toBe(expected);
  });

  it('refuses an end before the start, an afternoon-to-morning single day, bad days and halves, and a span over a year', () => {
    expect(days(span('2026-11-27', 'am', '2026-11-26', 'pm'))).toBe(WorkCalendarMessages.spanReversed);
    expect(days(span('2026-11-27', 'pm', '2026-11-27', 'am'))).toBe(WorkCalendarMessages.spanReversed);
    expect(days(span('2026-02-30', 'am', '2026-03-01', 'pm'))).toBe(WorkCalendarMessages.dayInvalid);
    expect(days({ ...span('2026-11-27', 'am', '2026-11-27', 'pm'), endHalf: 'evening' as HalfDay })).toBe(WorkCalendarMessages.halfInvalid);
    expect(days(span('2026-01-01', 'am', '2027-01-02', 'pm'))).toBe(WorkCalendarMessages.spanTooLong(366));
    expect(days(span('2026-01-01', 'am', '2026-12-31', 'pm'))).toBe(261 - 5 + 2 - 0);
  });

  // Random calendars and spans against a plain reading: number the half days, count the working ones in the span.
  const dayArb = fc.integer({ min: 0, max: 120 }).map((n) => addDays('2026-09-01', n));
  const calendarArb = fc
    .record({ holidays: fc.uniqueArray(dayArb, { maxLength: 20 }), workdays: fc.uniqueArray(dayArb, { maxLength: 8 }) })
    .map(({ holidays, workdays }) => ({ holidays: new Set(holidays), workdays: new Set(workdays) }));
  const halfArb = fc.constantFrom<HalfDay>('am', 'pm');
  const spanArb = fc.tuple(dayArb, halfArb, fc.integer({ min: 0, max: 40 }), halfArb).map(([startDay, startHalf, length, endHalf]) => {
    const endDay = addDays(startDay, length);
    // A single day from the afternoon to the morning is refused; the properties want valid spans.
    return span(startDay, startHalf, endDay, length === 0 && startHalf === 'pm' ? 'pm' : endHalf);
  });
  const slot = (day: string, half: HalfDay) => (Date.parse(`${day}T00:00:00Z`) / 86_400_000) * 2 + (half === 'pm' ? 1 : 0);

  it('equals the count of working half days in the span, halved', () => {
    fc.assert(
      fc.property(calendarArb, spanArb, (c, s) => {
        let halves = 0;
        for (let at = slot(s.startDay, s.startHalf); at <= slot(s.endDay, s.endHalf); at += 1) {
          const day = new Date(Math.floor(at / 2) * 86_400_000).toISOString().slice(0, 10);
          if (isWorkingDay(day, c)) halves += 1;
        }
        expect(days(s, c)).toBe(halves / 2);
      }),
    );
  });

  it('adds up: a span cut at any noon or midnight inside it is the sum of its two parts', () => {
    fc.assert(
      fc.property(calendarArb, spanArb, fc.nat(), (c, s, pick) => {
        const first = slot(s.startDay, s.startHalf);
        const last = slot(s.endDay, s.endHalf);
        fc.pre(last > first);
        const cut = first + (pick % (last - first));
        const toSpan = (from: number, to: number): LeaveSpan => {
          const dayOf = (at: number) => new Date(Math.floor(at / 2) * 86_400_000).toISOString().slice(0, 10);
          const halfOf = (at: number): HalfDay => (at % 2 === 0 ? 'am' : 'pm');
          return span(dayOf(from), halfOf(from), dayOf(to), halfOf(to));
        };
        expect((days(toSpan(first, cut), c) as number) + (days(toSpan(cut + 1, last), c) as number)).toBe(days(s, c));
      }),
    );
  });
});

describe('oneWorkingDayAfter', () => {
  const after = (iso: string, c: WorkCalendar = calendar) => oneWorkingDayAfter(new Date(iso), c).toISOString();

  it('is the same Shanghai clock time on the next working day', () => {
    expect(after('2026-11-25T02:00:00Z')).toBe('2026-11-26T02:00:00.000Z');
    // Friday 10:00 → Monday 10:00.
    expect(after('2026-11-27T02:00:00Z')).toBe('2026-11-30T02:00:00.000Z');
    // Friday 23:30 Shanghai is Friday: Monday 23:30.
    expect(after('2026-11-27T15:30:00Z')).toBe('2026-11-30T15:30:00.000Z');
    // Saturday 00:30 Shanghai (Friday 16:30 UTC): Monday 00:30.
    expect(after('2026-11-27T16:30:00Z')).toBe('2026-11-29T16:30:00.000Z');
    // Wednesday 09-30 before 国庆: the next working day is Thursday 10-08.
    expect(after('2026-09-30T01:00:00Z')).toBe('2026-10-08T01:00:00.000Z');
    // Saturday 09-26: the make-up Sunday counts.
    expect(after('2026-09-26T01:00:00Z')).toBe('2026-09-27T01:00:00.000Z');
    // Without holidays: Monday to Friday.
    expect(after('2026-09-30T01:00:00Z', WEEKDAYS_CALENDAR)).toBe('2026-10-01T01:00:00.000Z');
  });
});

describe('calendar entries', () => {
  it('parse, and a make-up workday on a weekday is named as a problem', () => {
    expect(WorkCalendarEntryZ.safeParse({ day: '2026-10-01', kind: 'holiday', name: '国庆节' }).success).toBe(true);
    expect(WorkCalendarEntryZ.safeParse({ day: '2026-10-32', kind: 'holiday' }).error?.issues[0]?.message).toBe(
      WorkCalendarMessages.dayInvalid,
    );
    expect(WorkCalendarEntryZ.safeParse({ day: '2026-10-01', kind: 'off' }).error?.issues[0]?.message).toBe(
      WorkCalendarMessages.kindInvalid,
    );
    expect(
      workCalendarProblems([
        { day: '2026-10-09', kind: 'workday', name: '' },
        { day: '2026-10-10', kind: 'workday', name: '' },
      ]),
    ).toEqual([{ day: '2026-10-09', message: WorkCalendarMessages.workdayOnWeekday('2026-10-09') }]);
  });
});
