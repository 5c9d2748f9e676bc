import { FileMessages } from '@osp/shared';
import type { Caller } from '../../context';
import type { Db } from '../../db/index';
import { ForbiddenError } from '../../http/errors';
import { canReadBill } from '../bills/bills.policy';
import { findBill } from '../bills/bills.repo';
import { billLinksOf, type FileRow } from './files.repo';

/**
 * Who may download a file (docs/files.md): its uploader, and whoever may read a bill whose form names it.
 * The bill rule is bills.policy's `canReadBill` (initiator, past and current handlers, users it was shared
 * with, bill administrators), asked once per bill however many files it holds.
 */
export async function downloadableIds(db: Db, caller: Caller, files: readonly Pick<FileRow, 'id' | 'uploader_id'>[]): Promise<Set<string>> {
  const allowed = new Set(files.filter((f) => f.uploader_id === caller.userId).map((f) => f.id));
  const others = files.filter((f) => !allowed.has(f.id)).map((f) => f.id);
  const readable = new Map<number, boolean>();
  for (const link of await billLinksOf(db, others)) {
    if (allowed.has(link.file_id)) continue;
    let canRead = readable.get(link.bill_id);
    if (canRead === undefined) {
      const bill = await findBill(db, link.bill_id);
      canRead = bill !== undefined && (await canReadBill(db, caller, bill));
      readable.set(link.bill_id, canRead);
    }
    if (canRead) allowed.add(link.file_id);
  }
  return allowed;
}

export async function authorizeDownload(db: Db, caller: Caller, files: readonly Pick<FileRow, 'id' | 'uploader_id'>[]): Promise<void> {
  const allowed = await downloadableIds(db, caller, files);
  if (files.some((f) => !allowed.has(f.id))) throw new ForbiddenError(FileMessages.forbidden);
}
