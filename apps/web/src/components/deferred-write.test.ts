import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeferredWrite } from './deferred-write';

describe('DeferredWrite', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes once, the last scheduled write, after typing rests', () => {
    const deferred = new DeferredWrite(300);
    const written: string[] = [];
    deferred.schedule(() => written.push('a'));
    vi.advanceTimersByTime(200);
    deferred.schedule(() => written.push('ab'));
    vi.advanceTimersByTime(299);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(written).toEqual(['ab']);
    vi.advanceTimersByTime(1000);
    expect(written).toEqual(['ab']);
  });

  it('does the pending write at once when flushed (the page goes away), and only once', () => {
    const deferred = new DeferredWrite(300);
    const written: string[] = [];
    deferred.schedule(() => written.push('家中有事'));
    deferred.flush();
    expect(written).toEqual(['家中有事']);
    vi.advanceTimersByTime(1000);
    deferred.flush();
    expect(written).toEqual(['家中有事']);
  });

  it('writes nothing after cancel (the bill was saved), not even when flushed', () => {
    const deferred = new DeferredWrite(300);
    const written: string[] = [];
    deferred.schedule(() => written.push('x'));
    deferred.cancel();
    deferred.flush();
    vi.advanceTimersByTime(1000);
    expect(written).toEqual([]);
  });
});
