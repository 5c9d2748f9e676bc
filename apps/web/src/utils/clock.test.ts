import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clockNow, subscribeClock, TICK_MS } from './clock';

describe('the shared clock of relative times', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-27T06:05:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('runs one timer however many times are on screen, and none when they are gone', () => {
    const leave = [subscribeClock(() => undefined), subscribeClock(() => undefined), subscribeClock(() => undefined)];
    expect(vi.getTimerCount()).toBe(1);
    leave[0]?.();
    leave[1]?.();
    expect(vi.getTimerCount()).toBe(1);
    leave[2]?.();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('tells every time on screen the new reading each tick', () => {
    const heard: number[] = [];
    const leave = subscribeClock(() => heard.push(clockNow()));
    const start = clockNow();
    vi.advanceTimersByTime(TICK_MS);
    vi.advanceTimersByTime(TICK_MS);
    expect(heard).toEqual([start + TICK_MS, start + 2 * TICK_MS]);
    leave();
  });

  it('a time appearing between ticks reads the clock afresh, and the others on screen with it', () => {
    const heard: number[] = [];
    const leaveFirst = subscribeClock(() => heard.push(clockNow()));
    heard.length = 0;
    vi.setSystemTime(Date.now() + 20_000);
    const leaveSecond = subscribeClock(() => undefined);
    expect(clockNow()).toBe(Date.now());
    expect(heard).toEqual([Date.now()]);
    leaveFirst();
    leaveSecond();
  });

  it('with nothing on screen, the first time shown after a quiet hour reads the clock now', () => {
    clockNow();
    vi.setSystemTime(Date.now() + 60 * 60_000);
    expect(clockNow()).toBe(Date.now());
  });

  it('gives React the same reading twice within a render', () => {
    const first = clockNow();
    vi.setSystemTime(Date.now() + 5);
    expect(clockNow()).toBe(first);
  });
});
