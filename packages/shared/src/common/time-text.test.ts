import { describe, expect, it } from 'vitest';
import { dateTimeText, durationBetween, durationText, relativeTime } from './time-text';

/** 2026-11-27 14:05:00 in Shanghai (06:05 UTC): the clock every case below is seen from. */
const NOW = Date.parse('2026-11-27T14:05:00+08:00');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The ISO time `ms` before NOW, as the server sends it (UTC). */
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('relativeTime (SPEC §9)', () => {
  it.each([
    ['the same instant', 0, '刚刚'],
    ['29.9 s ago', 29_900, '刚刚'],
    ['30 s ago', 30 * SECOND, '1 分钟前'],
    ['59 s ago', 59 * SECOND, '1 分钟前'],
    ['1 min ago', MINUTE, '1 分钟前'],
    ['1 min 59 s ago (rounded down)', 2 * MINUTE - SECOND, '1 分钟前'],
    ['59 min ago', 59 * MINUTE, '59 分钟前'],
    ['59 min 59.9 s ago', HOUR - 100, '59 分钟前'],
    ['60 min ago', HOUR, '1 小时前'],
    ['2 h 59 min ago', 3 * HOUR - MINUTE, '2 小时前'],
    ['14 h 5 min ago, at midnight today', 14 * HOUR + 5 * MINUTE, '14 小时前'],
  ])('%s reads %s', (_case, before, expected) => {
    expect(relativeTime(ago(before), NOW)).toBe(expected);
  });

  it('takes now as a Date too', () => {
    expect(relativeTime(ago(5 * MINUTE), new Date(NOW))).toBe('5 分钟前');
  });

  it('reads offsets as instants: the same moment written in UTC or Shanghai time reads the same', () => {
    expect(relativeTime('2026-11-27T05:05:00Z', NOW)).toBe('1 小时前');
    expect(relativeTime('2026-11-27T13:05:00+08:00', NOW)).toBe('1 小时前');
  });

  describe('days are Shanghai calendar days', () => {
    it.each([
      ['00:00:00 today', '2026-11-27T00:00:00+08:00', '14 小时前'],
      ['23:59:59 yesterday', '2026-11-26T23:59:59+08:00', '昨天 23:59'],
      ['00:00 yesterday', '2026-11-26T00:00:00+08:00', '昨天 00:00'],
      ['09:30 yesterday', '2026-11-26T09:30:00+08:00', '昨天 09:30'],
      ['23:59 the day before yesterday', '2026-11-25T23:59:00+08:00', '2 天前'],
      ['six days back', '2026-11-21T08:00:00+08:00', '6 天前'],
      ['seven days back: the date', '2026-11-20T23:59:00+08:00', '2026-11-20 23:59'],
      ['last year', '2025-12-31T10:00:00+08:00', '2025-12-31 10:00'],
    ])('%s reads %s', (_case, iso, expected) => {
      expect(relativeTime(iso, NOW)).toBe(expected);
    });

    it('just after midnight, a time an hour and more ago is yesterday, not N 小时前', () => {
      const justAfterMidnight = Date.parse('2026-11-27T00:30:00+08:00');
      expect(relativeTime('2026-11-26T23:00:00+08:00', justAfterMidnight)).toBe('昨天 23:00');
      // Under an hour it is still minutes, across midnight or not.
      expect(relativeTime('2026-11-26T23:50:00+08:00', justAfterMidnight)).toBe('40 分钟前');
    });

    it('counts in Shanghai, not UTC: 07:00 Shanghai is the previous UTC day yet the same day here', () => {
      // 2026-11-27 07:00 +08:00 is 2026-11-26 23:00 UTC.
      expect(relativeTime('2026-11-27T07:00:00+08:00', NOW)).toBe('7 小时前');
      // 2026-11-26 23:00 +08:00 is 15:00 UTC on the 26th: yesterday in both, at Shanghai's clock time.
      expect(relativeTime('2026-11-26T15:00:00Z', NOW)).toBe('昨天 23:00');
    });

    it('crosses a month and a year end by the calendar', () => {
      const newYear = Date.parse('2027-01-01T08:00:00+08:00');
      expect(relativeTime('2026-12-31T20:00:00+08:00', newYear)).toBe('昨天 20:00');
      expect(relativeTime('2026-12-27T20:00:00+08:00', newYear)).toBe('5 天前');
      expect(relativeTime('2026-12-24T20:00:00+08:00', newYear)).toBe('2026-12-24 20:00');
    });
  });

  describe('times ahead of now (another clock)', () => {
    it.each([
      ['5 s ahead', 5 * SECOND, '刚刚'],
      ['30 s ahead', 30 * SECOND, '刚刚'],
      ['31 s ahead', 31 * SECOND, '2026-11-27 14:05'],
      ['a day ahead', DAY, '2026-11-28 14:05'],
    ])('%s reads %s', (_case, ahead, expected) => {
      expect(relativeTime(new Date(NOW + ahead).toISOString(), NOW)).toBe(expected);
    });
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty text', ''],
    ['not a time', '昨天'],
    ['an impossible date', '2026-13-45T00:00:00Z'],
  ])('%s reads as nothing', (_case, iso) => {
    expect(relativeTime(iso, NOW)).toBe('');
  });

  it('an unreadable now reads as nothing', () => {
    expect(relativeTime(ago(MINUTE), Number.NaN)).toBe('');
    expect(relativeTime(ago(MINUTE), new Date('x'))).toBe('');
  });
});

describe('dateTimeText', () => {
  it('shows the Shanghai wall clock to the minute', () => {
    expect(dateTimeText('2026-11-27T06:05:59.999Z')).toBe('2026-11-27 14:05');
    expect(dateTimeText('2026-11-26T16:00:00Z')).toBe('2026-11-27 00:00');
    expect(dateTimeText('2026-11-27T23:59:00+08:00')).toBe('2026-11-27 23:59');
  });

  it('reads nothing from nothing', () => {
    expect(dateTimeText(null)).toBe('');
    expect(dateTimeText('not a time')).toBe('');
  });
});

describe('durationText (SPEC §9)', () => {
  it.each([
    [0, '0 秒'],
    [999, '0 秒'],
    [SECOND, '1 秒'],
    [45 * SECOND, '45 秒'],
    [59_999, '59 秒'],
    [MINUTE, '1 分钟'],
    // Seconds no longer count once there are minutes.
    [3 * MINUTE + 40 * SECOND, '3 分钟'],
    [59 * MINUTE + 59 * SECOND, '59 分钟'],
    [HOUR, '1 小时'],
    [HOUR + 30 * SECOND, '1 小时'],
    [2 * HOUR + 5 * MINUTE, '2 小时 5 分钟'],
    // Rounded down, never up: not 2 小时.
    [2 * HOUR - 1, '1 小时 59 分钟'],
    [23 * HOUR + 59 * MINUTE + 59 * SECOND, '23 小时 59 分钟'],
    [DAY, '1 天'],
    [DAY + 59 * MINUTE, '1 天'],
    [3 * DAY + 4 * HOUR + 30 * MINUTE, '3 天 4 小时'],
    [45 * DAY + HOUR, '45 天 1 小时'],
  ])('%d ms reads %s', (ms, expected) => {
    expect(durationText(ms)).toBe(expected);
  });

  it.each([
    ['a negative length', -1],
    ['NaN', Number.NaN],
    ['infinity', Number.POSITIVE_INFINITY],
    ['null', null],
    ['undefined', undefined],
  ])('%s reads as nothing', (_case, ms) => {
    expect(durationText(ms)).toBe('');
  });
});

describe('durationBetween', () => {
  it('measures from one ISO time to another, whatever offsets they are written in', () => {
    expect(durationBetween('2026-11-27T12:00:00+08:00', '2026-11-27T06:05:00Z')).toBe('2 小时 5 分钟');
  });

  it('reads nothing when either end is missing or the end comes first', () => {
    expect(durationBetween(null, '2026-11-27T06:05:00Z')).toBe('');
    expect(durationBetween('2026-11-27T06:05:00Z', null)).toBe('');
    expect(durationBetween('2026-11-27T06:05:00Z', '2026-11-27T06:04:00Z')).toBe('');
  });
});
