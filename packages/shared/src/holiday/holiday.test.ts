import { describe, expect, it } from 'vitest';
import { availableDays } from './holiday';

describe('availableDays (SPEC §2: total − used − applying)', () => {
  it('subtracts used and applying days', () => {
    expect(availableDays({ year: 2026, total_day: 10, used_day: 1.5, applying_day: 1 })).toBe(7.5);
    expect(availableDays({ year: 2026, total_day: 5.1, used_day: 0.2, applying_day: 0 })).toBe(4.9);
  });
});
