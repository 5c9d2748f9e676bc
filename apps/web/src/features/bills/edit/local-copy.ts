/**
 * What the user typed into a bill and has not saved, kept in the tab's sessionStorage so that the
 * browser's back button, a reload or a crash loses nothing ("nothing a user entered is ever
 * lost"). sessionStorage, not localStorage: it ends with the tab, so a shared office computer does
 * not keep one person's expense claim for the next. Values are stored in the API's shape (plain
 * JSON), never the editor's (dates are objects there).
 */
export interface LocalCopy {
  savedAt: string;
  title?: string;
  form: Record<string, unknown>;
  chosen?: Record<string, unknown>;
}

const PREFIX = 'osp.bill-edit.';

/** One copy per user and bill; a bill not saved yet is keyed by its template. */
export function localCopyKey(userId: number, templateId: number, billId: number | undefined): string {
  return `${PREFIX}${userId}.${billId === undefined ? `new-${templateId}` : `bill-${billId}`}`;
}

export function readLocalCopy(storage: Storage, key: string): LocalCopy | null {
  const text = storage.getItem(key);
  if (text === null) return null;
  try {
    const copy = JSON.parse(text) as Partial<LocalCopy>;
    if (typeof copy.savedAt !== 'string' || typeof copy.form !== 'object' || copy.form === null) return null;
    return copy as LocalCopy;
  } catch {
    // A damaged copy is worth nothing: drop it rather than fail the page.
    storage.removeItem(key);
    return null;
  }
}

export function writeLocalCopy(storage: Storage, key: string, copy: LocalCopy): void {
  try {
    storage.setItem(key, JSON.stringify(copy));
  } catch {
    // Storage full or disabled: the leave guard still protects the typing in this page.
  }
}

export function dropLocalCopy(storage: Storage, key: string): void {
  storage.removeItem(key);
}

/**
 * Whether a copy is worth offering: it must be newer than what the server holds (a copy older
 * than the bill's last save was superseded by that save, e.g. in another tab).
 */
export function isNewerThanSaved(copy: LocalCopy, savedUpdatedAt: string | undefined): boolean {
  return savedUpdatedAt === undefined || new Date(copy.savedAt).getTime() > new Date(savedUpdatedAt).getTime();
}
