import { describe, expect, it } from 'vitest';
import { dropLocalCopy, isNewerThanSaved, readLocalCopy, writeLocalCopy, type LocalCopy } from './local-copy';

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

interface NoteCopy extends LocalCopy {
  form: Record<string, unknown>;
}

const hasForm = (copy: Partial<NoteCopy>) => typeof copy.form === 'object' && copy.form !== null;

describe('a local copy of unsaved work', () => {
  it('round-trips what was entered, and is gone once dropped', () => {
    const storage = memoryStorage();
    writeLocalCopy<NoteCopy>(storage, 'k', { savedAt: '2026-11-22T08:00:00.000Z', form: { amount: '6000.00', items: [{ a: 1 }] } });
    expect(readLocalCopy<NoteCopy>(storage, 'k', hasForm)).toEqual({
      savedAt: '2026-11-22T08:00:00.000Z',
      form: { amount: '6000.00', items: [{ a: 1 }] },
    });
    dropLocalCopy(storage, 'k');
    expect(readLocalCopy<NoteCopy>(storage, 'k', hasForm)).toBeNull();
  });

  it('drops a damaged copy instead of failing the page, and offers no copy of another shape', () => {
    const storage = memoryStorage();
    storage.setItem('damaged', '{not json');
    expect(readLocalCopy<NoteCopy>(storage, 'damaged', hasForm)).toBeNull();
    expect(storage.getItem('damaged')).toBeNull();
    storage.setItem('no-time', '{"savedAt":1,"form":{}}');
    expect(readLocalCopy<NoteCopy>(storage, 'no-time', hasForm)).toBeNull();
    storage.setItem('no-form', '{"savedAt":"2026-11-22T08:00:00.000Z"}');
    expect(readLocalCopy<NoteCopy>(storage, 'no-form', hasForm)).toBeNull();
  });

  it('keeps the page working when the storage refuses the write', () => {
    const full: Storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => writeLocalCopy(full, 'k', { savedAt: '2026-11-22T08:00:00.000Z' })).not.toThrow();
  });

  it('is offered only when newer than the last save', () => {
    const copy = { savedAt: '2026-11-22T08:00:00.000Z' };
    expect(isNewerThanSaved(copy, undefined)).toBe(true);
    expect(isNewerThanSaved(copy, '2026-11-22T07:59:00.000Z')).toBe(true);
    expect(isNewerThanSaved(copy, '2026-11-22T08:01:00.000Z')).toBe(false);
  });
});
