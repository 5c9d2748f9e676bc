import type { SurveyAnswers } from '@osp/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How often unsaved answers are saved as the server-side draft (issue 16: resume on another device). */
export const DRAFT_AUTOSAVE_MS = 30_000;

interface SurveyDraftOptions {
  /** Sends the draft (PUT /api/survey/{id}/draft with what answersToSend keeps). */
  save: (answers: SurveyAnswers) => Promise<unknown>;
  /** No draft is kept (a preview, answers already submitted). */
  isDisabled: boolean;
}

/**
 * The answers of a form being filled and their draft: 暂存 saves now; unsaved answers are saved every 30 s, when
 * the tab is hidden (closed, switched away, the phone locked) and when the page is left inside the app.
 * `markSubmitted` stops all of that, so a submission is never followed by a draft.
 */
export function useSurveyDraft(initial: SurveyAnswers, { save, isDisabled }: SurveyDraftOptions) {
  const [answers, setAnswersState] = useState(initial);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const latest = useRef(answers);
  const isDirty = useRef(false);
  const isDone = useRef(isDisabled);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
    isDone.current = isDisabled || isDone.current;
  });

  const setAnswers = useCallback((next: SurveyAnswers) => {
    latest.current = next;
    isDirty.current = true;
    setAnswersState(next);
  }, []);

  const saveNow = useCallback(async (isForced: boolean) => {
    if (isDone.current || (!isForced && !isDirty.current)) return;
    isDirty.current = false;
    setIsSaving(true);
    try {
      await saveRef.current(latest.current);
      setSavedAt(new Date());
    } catch (error) {
      // Saved again at the next chance; the API client has shown why this one failed.
      isDirty.current = true;
      throw error;
    } finally {
      setIsSaving(false);
    }
  }, []);

  useEffect(() => {
    const quietly = () => void saveNow(false).catch(() => undefined);
    const timer = window.setInterval(quietly, DRAFT_AUTOSAVE_MS);
    const handleVisibility = () => {
      if (document.visibilityState === 'hidden') quietly();
    };
    document.addEventListener('visibilitychange', handleVisibility);
    window.addEventListener('pagehide', quietly);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', handleVisibility);
      window.removeEventListener('pagehide', quietly);
      // Leaving the page inside the app (the menu, another tab of the layout).
      quietly();
    };
  }, [saveNow]);

  const markSubmitted = useCallback(() => {
    isDone.current = true;
    isDirty.current = false;
  }, []);

  return { answers, setAnswers, saveNow: () => saveNow(true), savedAt, isSaving, markSubmitted };
}
