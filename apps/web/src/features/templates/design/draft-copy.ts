import type { TemplateDraft } from '../../../api/templates';
import { readLocalCopy, type LocalCopy } from '../../../components/local-copy';
import { isSameDraft } from './draft';

/**
 * The designer's unsaved working copy, kept in the tab's sessionStorage (components/local-copy.ts) so
 * that a reload, a crash or the browser's back button loses nothing, even work too unfinished for 保存
 * to accept.
 */
export interface DraftCopy extends LocalCopy {
  /** The template's updated_at that the working copy started from (as loaded, or as last saved here). */
  baseVersionKey: string;
  draft: TemplateDraft;
}

const PREFIX = 'osp.template-design.';

/** One copy per user and template; the two kinds of template number their rows separately. */
export function draftCopyKey(userId: number, templateId: number, isIptv: boolean): string {
  return `${PREFIX}${userId}.${isIptv ? 'iptv' : 'normal'}-${templateId}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A copy the designer can put back (one written by an older version of the page may not be). */
export function hasDraftShape(copy: Partial<DraftCopy>): boolean {
  const draft: unknown = copy.draft;
  return (
    typeof copy.baseVersionKey === 'string' &&
    isObject(draft) &&
    typeof draft.name === 'string' &&
    typeof draft.group_id === 'number' &&
    isObject(draft.form_schema) &&
    Array.isArray(draft.form_schema.fields) &&
    isObject(draft.starters) &&
    (draft.flow === null || isObject(draft.flow))
  );
}

export function readDraftCopy(storage: Storage, key: string): DraftCopy | null {
  return readLocalCopy<DraftCopy>(storage, key, hasDraftShape);
}

/** On opening: the copy worth offering, i.e. one that differs from the working copy just loaded. */
export function copyToOffer(copy: DraftCopy | null, loaded: TemplateDraft): DraftCopy | null {
  return copy !== null && !isSameDraft(copy.draft, loaded) ? copy : null;
}

/** Whether the server's template changed after the copy's working copy was read (someone saved since). */
export function isBaseChanged(copy: DraftCopy, updatedAt: string): boolean {
  return copy.baseVersionKey !== updatedAt;
}

/**
 * What to do with the stored copy whenever the working copy, the saved one or the offer changes: keep
 * writing while there is unsaved work; drop it once there is none (saved, or changed back), except
 * that an offered copy waits for the administrator's answer.
 */
export function copyStep(draft: TemplateDraft, saved: TemplateDraft, isOffered: boolean): 'write' | 'drop' | 'keep' {
  if (!isSameDraft(draft, saved)) return 'write';
  return isOffered ? 'keep' : 'drop';
}
