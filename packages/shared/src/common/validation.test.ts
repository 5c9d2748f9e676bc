import { describe, expect, it } from 'vitest';
import { CalendarDateZ, DateMessages, DateTimeZ } from './validation';

describe('dates that exist (issue 11, item 6)', () => {
  it('takes calendar days and refuses those that only match the pattern', () => {
    for (const day of ['2026-01-01', '2024-02-29', '2026-12-31', '0001-01-01'])
      expect(CalendarDateZ().safeParse(day).success, day).toBe(true);
    for (const day of [
      '2026-13-45',
      '2026-02-29',
      '2026-04-31',
      '2026-00-10',
      '0000-00-00',
      '2026-1-1',
      '20260101',
      '2026-01-01T00:00:00Z',
      '',
    ]) {
      const result = CalendarDateZ().safeParse(day);
      expect(result.success, day).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(DateMessages.date);
    }
  });

  it('takes date-times with an offset and refuses impossible ones', () => {
    for (const time of ['2026-03-01T09:00:00+08:00', '2026-03-01T01:00:00Z', '2026-03-01T09:00:00.123+08:00'])
      expect(DateTimeZ().safeParse(time).success, time).toBe(true);
    for (const time of ['2026-02-30T09:00:00+08:00', '2026-03-01T25:00:00Z', '2026-03-01T09:00:00', '2026-03-01']) {
      expect(DateTimeZ().safeParse(time).success, time).toBe(false);
    }
  });
});
