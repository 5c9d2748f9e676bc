/**
 * What the user entered and has not saved, kept in the tab's sessionStorage so that the browser's back
 * button, a reload or a crash loses nothing ("nothing a user entered is ever lost"). sessionStorage,
 * not localStorage: it ends with the tab, so a shared office computer does not keep one person's work
 * for the next. Each page owns its key and the shape of its copy (the bill editor, the template
 * designer); values are stored as plain JSON in the API's shape, never an editor's (dates are objects
 * there).
 */
export interface LocalCopy {
  /** When the copy was written (ISO), shown in the offer to restore it. */
  savedAt: string;
}

/**
 * The copy under `key`, or null. `hasShape` checks what the page needs beyond `savedAt`: a copy of
 * another shape (written by an older version of the page) is not offered.
 */
export function readLocalCopy<T extends LocalCopy>(storage: Storage, key: string, hasShape: (copy: Partial<T>) => boolean): T | null {
  const text = storage.getItem(key);
  if (text === null) return null;
  try {
    const copy = JSON.parse(text) as Partial<T>;
    if (typeof copy.savedAt !== 'string' || !hasShape(copy)) return null;
    return copy as T;
  } catch {
    // A damaged copy is worth nothing: drop it rather than fail the page.
    storage.removeItem(key);
    return null;
  }
}

export function writeLocalCopy<T extends LocalCopy>(storage: Storage, key: string, copy: T): void {
  try {
    storage.setItem(key, JSON.stringify(copy));
  } catch {
    // Storage full or disabled: the leave guard still protects the work in this page.
  }
}

export function dropLocalCopy(storage: Storage, key: string): void {
  storage.removeItem(key);
}

/**
 * Whether a copy is worth offering: it must be newer than what the server holds (a copy older than the
 * last save was superseded by that save, e.g. in another tab).
 */
export function isNewerThanSaved(copy: LocalCopy, savedUpdatedAt: string | undefined): boolean {
  return savedUpdatedAt === undefined || new Date(copy.savedAt).getTime() > new Date(savedUpdatedAt).getTime();
}
