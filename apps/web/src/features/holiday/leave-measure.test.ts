import { LeaveMessages, WorkCalendarMessages } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { measureSpan } from './leave-measure';

/** The leave form's live days: what the person sees before sending, measured as the server will. */

const input = { startDay: '2031-04-30', startHalf: 'am' as const, endDay: '2031-05-06', endHalf: 'am' as const, fileCount: 0 };
const holidays = [
  { day: '2031-05-01', kind: 'holiday' as const, name: '劳动节' },
  { day: '2031-05-02', kind: 'holiday' as const, name: '劳动节' },
];

describe('measureSpan', () => {
  it('waits for both days, then for the calendar', () => {
    expect(measureSpan({ ...input, endDay: undefined }, holidays, 2031)).toEqual({ state: 'empty', year: 2031 });
    expect(measureSpan(input, undefined, 2031)).toEqual({ state: 'loading', year: 2031 });
  });

  it('counts 2.5 days across a weekend and a public holiday', () => {
    expect(measureSpan(input, holidays, 2031)).toMatchObject({ state: 'measured', days: 2.5 });
    // Without the holidays, Thursday and Friday count.
    expect(measureSpan(input, [], 2031)).toMatchObject({ state: 'measured', days: 4.5 });
  });

  it('refuses a reversed span and a span of days off', () => {
    expect(measureSpan({ ...input, endDay: '2031-04-29' }, holidays, 2031)).toEqual({
      state: 'refused',
      message: WorkCalendarMessages.spanReversed,
      year: 2031,
    });
    expect(measureSpan({ ...input, startDay: '2031-05-01', endDay: '2031-05-04', endHalf: 'pm' }, holidays, 2031)).toEqual({
      state: 'refused',
      message: LeaveMessages.noWorkingDay,
      year: 2031,
    });
  });
});
