import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LeaveMessages, leaveTypeProblem, spansOverlap, type LeaveType } from './leave';
import { addDays, HALF_DAYS, type LeaveSpan } from './work-calendar';

/** The leave form's own rules, shared by the browser and the server: overlaps by half day and the type's rules. */

const span = (startDay: string, startHalf: 'am' | 'pm', endDay: string, endHalf: 'am' | 'pm'): LeaveSpan => ({
  startDay,
  startHalf,
  endDay,
  endHalf,
});

describe('spansOverlap', () => {
  it.each([
    [span('2026-03-02', 'am', '2026-03-02', 'am'), span('2026-03-02', 'pm', '2026-03-02', 'pm'), false],
    [span('2026-03-02', 'am', '2026-03-03', 'am'), span('2026-03-03', 'am', '2026-03-03', 'pm'), true],
    [span('2026-03-02', 'am', '2026-03-03', 'am'), span('2026-03-03', 'pm', '2026-03-04', 'pm'), false],
    [span('2026-03-01', 'am', '2026-03-10', 'pm'), span('2026-03-05', 'am', '2026-03-05', 'am'), true],
    [span('2026-12-31', 'pm', '2027-01-01', 'am'), span('2027-01-01', 'am', '2027-01-02', 'pm'), true],
  ])('%o and %o → %s', (a, b, expected) => {
    expect(spansOverlap(a, b)).toBe(expected);
    expect(spansOverlap(b, a)).toBe(expected);
  });

  it('is the same as sharing a half day, for any two spans', () => {
    const half = fc.constantFrom(...HALF_DAYS);
    const arbSpan = fc
      .tuple(fc.integer({ min: 0, max: 20 }), half, fc.integer({ min: 0, max: 5 }), half)
      .map(([from, startHalf, length, endHalf]) => {
        const startDay = addDays('2026-03-01', from);
        const endHalfFixed = length === 0 && startHalf === 'pm' ? 'pm' : endHalf;
        return span(startDay, startHalf, addDays(startDay, length), endHalfFixed);
      });
    const halves = (s: LeaveSpan) => {
      const set = new Set<string>();
      for (let day = s.startDay; day <= s.endDay; day = addDays(day, 1)) {
        for (const h of HALF_DAYS) {
          const before = day === s.startDay && s.startHalf === 'pm' && h === 'am';
          const after = day === s.endDay && s.endHalf === 'am' && h === 'pm';
          if (!before && !after) set.add(`${day}${h}`);
        }
      }
      return set;
    };
    fc.assert(
      fc.property(arbSpan, arbSpan, (a, b) => {
        const shared = [...halves(a)].some((h) => halves(b).has(h));
        expect(spansOverlap(a, b)).toBe(shared);
      }),
    );
  });
});

describe('leaveTypeProblem', () => {
  const wedding: LeaveType = { id: 1, name: '婚假', counts_balance: false, half_day: false, attachment_over_days: 0 };
  const sick: LeaveType = { id: 2, name: '病假', counts_balance: false, half_day: true, attachment_over_days: 1 };
  const whole = span('2026-03-02', 'am', '2026-03-03', 'pm');

  it('asks whole days of a type without half days', () => {
    expect(leaveTypeProblem(wedding, span('2026-03-02', 'pm', '2026-03-03', 'pm'), 1.5, 1)).toEqual({
      on: 'span',
      message: LeaveMessages.halfNotAllowed('婚假'),
    });
    expect(leaveTypeProblem(wedding, whole, 2, 1)).toBeUndefined();
  });

  it('asks a certificate over the type’s days, and always when the limit is 0', () => {
    expect(leaveTypeProblem(sick, whole, 2, 0)).toEqual({ on: 'files', message: LeaveMessages.attachmentRequired('病假', 1) });
    expect(leaveTypeProblem(sick, whole, 1, 0)).toBeUndefined();
    expect(leaveTypeProblem(wedding, whole, 2, 0)?.message).toBe('婚假须上传证明附件');
  });
});
