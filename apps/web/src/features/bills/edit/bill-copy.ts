import { readLocalCopy, type LocalCopy } from '../../../components/local-copy';

/** What the bill editor keeps of a bill being written (components/local-copy.ts says why and where). */
export interface BillCopy extends LocalCopy {
  title?: string;
  form: Record<string, unknown>;
  chosen?: Record<string, unknown>;
}

const PREFIX = 'osp.bill-edit.';

/** One copy per user and bill; a bill not saved yet is keyed by its template. */
export function billCopyKey(userId: number, templateId: number, billId: number | undefined): string {
  return `${PREFIX}${userId}.${billId === undefined ? `new-${templateId}` : `bill-${billId}`}`;
}

/** A copy the editor can put back: it holds the form's values. */
export function hasBillShape(copy: Partial<BillCopy>): boolean {
  return typeof copy.form === 'object' && copy.form !== null;
}

export function readBillCopy(storage: Storage, key: string): BillCopy | null {
  return readLocalCopy<BillCopy>(storage, key, hasBillShape);
}
