import type { TemplateDetail } from '@osp/shared';
import { useEffect, useState } from 'react';
import type { TemplateDraft } from '../../../api/templates';
import { useProfile } from '../../../api/user';
import { dropLocalCopy, writeLocalCopy } from '../../../components/local-copy';
import { copyStep, copyToOffer, draftCopyKey, readDraftCopy, type DraftCopy } from './draft-copy';

export interface DraftCopyControl {
  /** The copy an earlier visit left, while the administrator has not answered the offer. */
  offered: DraftCopy | null;
  /** Answers the offer with 恢复: the copy to put into the page (its base stays the one it was read from). */
  take: () => DraftCopy | null;
  /** Answers the offer with 放弃. */
  discard: () => void;
  /** After 保存/发布: the working copy now starts from the server's new updated_at. */
  saved: (updatedAt: string) => void;
}

/**
 * Unsaved designer work kept in the tab's sessionStorage, so that a reload, a crash or the browser's back
 * button (which the leave guard cannot hold) loses nothing; offered back when the designer opens again.
 */
export function useDraftCopy(detail: TemplateDetail, initial: TemplateDraft, draft: TemplateDraft, saved: TemplateDraft): DraftCopyControl {
  const { data: profile } = useProfile();
  const key = profile ? draftCopyKey(profile.id, detail.id, detail.is_iptv === 1) : null;
  // The server's updated_at the working copy started from; a save here moves it on.
  const [baseVersionKey, setBaseVersionKey] = useState(detail.updated_at);
  const [offered, setOffered] = useState<DraftCopy | null>(null);
  const [checkedKey, setCheckedKey] = useState<string | null>(null);
  if (key !== null && checkedKey !== key) {
    // Once (state derived from the key): the copy an earlier visit left, if it differs from what was loaded.
    setCheckedKey(key);
    setOffered(copyToOffer(readDraftCopy(sessionStorage, key), initial));
  }
  useEffect(() => {
    if (key === null) return;
    const step = copyStep(draft, saved, offered !== null);
    // Written at once, not after a pause: a reload straight after an edit must find it.
    if (step === 'write') writeLocalCopy<DraftCopy>(sessionStorage, key, { savedAt: new Date().toISOString(), baseVersionKey, draft });
    else if (step === 'drop') dropLocalCopy(sessionStorage, key);
  }, [key, draft, saved, baseVersionKey, offered]);

  return {
    offered,
    take: () => {
      if (offered) setBaseVersionKey(offered.baseVersionKey);
      setOffered(null);
      return offered;
    },
    discard: () => {
      if (key !== null) dropLocalCopy(sessionStorage, key);
      setOffered(null);
    },
    saved: setBaseVersionKey,
  };
}
