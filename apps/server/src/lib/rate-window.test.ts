import { describe, expect, it } from 'vitest';
import { RateWindow } from './rate-window';

describe('RateWindow', () => {
  it('allows `limit` takes per key in a window, refuses the next without counting it, and allows again once the window moves', () => {
    const window = new RateWindow(3, 60_000);
    expect([0, 1, 2, 3].map((i) => window.take('a', 1000 + i))).toEqual([true, true, true, false]);
    expect(window.take('b', 1005)).toBe(true);
    // At 61 000 the take of 1 000 has left the window: one more is allowed, then refused again.
    expect(window.take('a', 60_999)).toBe(false);
    expect(window.take('a', 61_000)).toBe(true);
    expect(window.take('a', 61_000)).toBe(false);
  });

  it('keeps at most maxKeys keys, dropping the stalest', () => {
    const window = new RateWindow(1, 60_000, 2);
    expect(window.take('a', 1)).toBe(true);
    expect(window.take('b', 2)).toBe(true);
    expect(window.take('c', 3)).toBe(true);
    // 'a' was dropped to make room, so it may take again; 'c' is still counted.
    expect(window.take('a', 4)).toBe(true);
    expect(window.take('c', 5)).toBe(false);
  });
});
