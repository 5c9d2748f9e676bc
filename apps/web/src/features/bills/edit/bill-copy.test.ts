import { describe, expect, it } from 'vitest';
import { billCopyKey, hasBillShape } from './bill-copy';

describe('the local copy of a bill being written', () => {
  it('is kept per user and per bill (or template, before the first save)', () => {
    expect(billCopyKey(7, 3, undefined)).toBe('osp.bill-edit.7.new-3');
    expect(billCopyKey(7, 3, 42)).toBe('osp.bill-edit.7.bill-42');
    expect(billCopyKey(8, 3, 42)).not.toBe(billCopyKey(7, 3, 42));
  });

  it('is offered only when it holds the form’s values', () => {
    expect(hasBillShape({ savedAt: '2026-11-22T08:00:00.000Z', title: '出差', form: { amount: '6000.00' } })).toBe(true);
    expect(hasBillShape({ savedAt: '2026-11-22T08:00:00.000Z', form: null } as unknown as { form: Record<string, unknown> })).toBe(false);
    expect(hasBillShape({ savedAt: '2026-11-22T08:00:00.000Z' })).toBe(false);
  });
});
