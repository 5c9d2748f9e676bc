import { BILL_STATUSES, LEAVE_STATUSES } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { BILL_STATUS_OF_LEAVE, leavePeriod, recordYears } from './leave-records';

describe('请假记录', () => {
  it('reads a period with its halves', () => {
    expect(leavePeriod({ start_day: '2026-12-01', start_half: 'am', end_day: '2026-12-02', end_half: 'pm' })).toBe(
      '2026-12-01 上午 至 2026-12-02 下午',
    );
    expect(leavePeriod({ start_day: '2026-12-01', start_half: 'pm', end_day: '2026-12-01', end_half: 'pm' })).toBe(
      '2026-12-01 下午 至 2026-12-01 下午',
    );
  });

  it("hints each leave status's bill status", () => {
    expect(LEAVE_STATUSES.map((status) => BILL_STATUS_OF_LEAVE[status])).toEqual([
      'draft',
      'doing',
      'done',
      'rejected',
      'returned',
      'abandoned',
      'closed',
    ]);
    expect(Object.values(BILL_STATUS_OF_LEAVE).every((status) => (BILL_STATUSES as readonly string[]).includes(status))).toBe(true);
  });

  it('offers next year back to five years ago, newest first, and keeps a chosen year outside', () => {
    expect(recordYears(2026)).toEqual([2027, 2026, 2025, 2024, 2023, 2022]);
    expect(recordYears(2026, 2045)).toEqual([2045, 2027, 2026, 2025, 2024, 2023, 2022]);
    expect(recordYears(2026, 2026)).toHaveLength(6);
  });
});
