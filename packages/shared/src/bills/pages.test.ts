import { describe, expect, it } from 'vitest';
import { handlerCountText, handlerState, isAvatarGreyed } from './pages';

describe('handlerState', () => {
  it('shows a decision whatever the step status', () => {
    expect(handlerState('done', 1)).toBe('agreed');
    expect(handlerState('doing', 1)).toBe('agreed');
    expect(handlerState('rejected', 2)).toBe('rejected');
    expect(handlerState('done', 2)).toBe('rejected');
  });

  it('reads operation 0 by the step: waited for, not needed, or not reached', () => {
    expect(handlerState('doing', 0)).toBe('pending');
    expect(handlerState('done', 0)).toBe('skipped');
    expect(handlerState('rejected', 0)).toBe('skipped');
    expect(handlerState('waiting', 0)).toBe('idle');
  });
});

describe('isAvatarGreyed (SPEC §4)', () => {
  it('greys only a done step handler with operation 0', () => {
    expect(isAvatarGreyed('done', 0)).toBe(true);
    expect(isAvatarGreyed('done', 1)).toBe(false);
    expect(isAvatarGreyed('doing', 0)).toBe(false);
    expect(isAvatarGreyed('rejected', 0)).toBe(false);
    expect(isAvatarGreyed('waiting', 0)).toBe(false);
  });
});

it('handlerCountText counts people', () => {
  expect(handlerCountText(3)).toBe('3人');
});
