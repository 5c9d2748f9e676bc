import { describe, expect, it } from 'vitest';
import { calendarRows, rowErrors, toEntries } from './calendar-rows';

describe('the 工作日历 rows', () => {
  const rows = calendarRows([
    { day: '2031-10-01', kind: 'holiday', name: '国庆节' },
    { day: '2031-09-28', kind: 'workday', name: ' 国庆调休 ' },
  ]);

  it('send the entries in the order shown, names trimmed', () => {
    expect(toEntries(rows)).toEqual([
      { day: '2031-10-01', kind: 'holiday', name: '国庆节' },
      { day: '2031-09-28', kind: 'workday', name: '国庆调休' },
    ]);
  });

  it("place the server's entries.N errors on the N-th row, and leave list-wide ones to the toast", () => {
    const placed = rowErrors(rows, { 'entries.1.day': ['a'], 'entries.1.kind': ['b'], entries: ['c'], 'entries.7.day': ['d'] });
    expect([...placed.entries()]).toEqual([[rows[1]?.key, ['a', 'b']]]);
  });
});
