import { FileTexts } from '@osp/shared';

/** Where an attachment field stands when the user picks another file. */
export interface AttachmentSlots {
  /** Files the field holds already. */
  held: number;
  /** Uploads still running. */
  uploading: number;
  maxCount: number;
  /** Unknown until GET /api/files/limits answers: the server checks anyway. */
  maxBytes: number | undefined;
}

/**
 * Why a picked file is not sent, or null to send it. Checked in the browser only to spare the user a
 * long upload that the server would refuse; the server checks the same again (docs/files.md).
 */
export function refusalOf(file: { name: string; size: number }, slots: AttachmentSlots): string | null {
  if (slots.held + slots.uploading >= slots.maxCount) return FileTexts.countFull(slots.maxCount);
  if (file.size === 0) return FileTexts.empty(file.name);
  if (slots.maxBytes !== undefined && file.size > slots.maxBytes) return FileTexts.tooLarge(file.name, slots.maxBytes);
  return null;
}
