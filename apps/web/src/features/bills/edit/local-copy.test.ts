import { describe, expect, it } from 'vitest';
import { dropLocalCopy, isNewerThanSaved, localCopyKey, readLocalCopy, writeLocalCopy } from './local-copy';

/** sessionStorage's contract over a Map, for tests outside a browser. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('the local copy of a bill being written', () => {
  it('is kept per user and per bill (or template, before the first save)', () => {
    expect(localCopyKey(7, 3, undefined)).toBe('osp.bill-edit.7.new-3');
    expect(localCopyKey(7, 3, 42)).toBe('osp.bill-edit.7.bill-42');
    expect(localCopyKey(8, 3, 42)).not.toBe(localCopyKey(7, 3, 42));
  });

  it('round-trips what was typed, and is gone once dropped', () => {
    const storage = memoryStorage();
    const key = localCopyKey(7, 3, undefined);
    writeLocalCopy(storage, key, { savedAt: '2026-11-22T08:00:00.000Z', title: '出差', form: { amount: '6000.00', items: [{ a: 1 }] } });
    expect(readLocalCopy(storage, key)).toEqual({
      savedAt: '2026-11-22T08:00:00.000Z',
      title: '出差',
      form: { amount: '6000.00', items: [{ a: 1 }] },
    });
    dropLocalCopy(storage, key);
    expect(readLocalCopy(storage, key)).toBeNull();
  });

  it('drops a damaged copy instead of failing the page', () => {
    const storage = memoryStorage();
    storage.setItem('osp.bill-edit.7.new-3', '{not json');
    expect(readLocalCopy(storage, 'osp.bill-edit.7.new-3')).toBeNull();
    expect(storage.getItem('osp.bill-edit.7.new-3')).toBeNull();
    storage.setItem('osp.bill-edit.7.new-4', '{"savedAt":1}');
    expect(readLocalCopy(storage, 'osp.bill-edit.7.new-4')).toBeNull();
  });

  it('is offered only when newer than the bill’s last save', () => {
    const copy = { savedAt: '2026-11-22T08:00:00.000Z', form: {} };
    expect(isNewerThanSaved(copy, undefined)).toBe(true);
    expect(isNewerThanSaved(copy, '2026-11-22T07:59:00.000Z')).toBe(true);
    expect(isNewerThanSaved(copy, '2026-11-22T08:01:00.000Z')).toBe(false);
  });
});
