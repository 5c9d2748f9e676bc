import { DashboardTexts, durationText, SurveyStatus, type MySurveyItem } from '@osp/shared';

/** Under this long before its deadline a survey reads 即将截止 in the warning colour. */
export const DEADLINE_SOON_MS = 24 * 60 * 60 * 1000;

/** Paths of the respondent pages (SPEC §2): a survey fills at share-check; evaluations are listed at /feedback/pending. */
export function waitingSurveyPath(item: Pick<MySurveyItem, 'kind' | 'survey_id'>): string {
  return item.kind === 'evaluation' ? '/feedback/pending' : `/survey/survey-share-check/${encodeURIComponent(String(item.survey_id))}`;
}

/**
 * What still waits for me: not submitted, and still collecting (a closed survey can no longer be filled, so it would
 * only be a link to a refusal). Nearest deadline first; those without one last, newest id first among equals.
 */
export function waitingSurveys(items: readonly MySurveyItem[]): MySurveyItem[] {
  return items
    .filter((item) => item.state !== 'submitted' && item.status === SurveyStatus.collecting)
    .sort((a, b) => {
      if (a.deadline !== b.deadline) {
        if (a.deadline === null) return 1;
        if (b.deadline === null) return -1;
        return new Date(a.deadline).getTime() - new Date(b.deadline).getTime();
      }
      return b.survey_id - a.survey_id || a.ratee_id - b.ratee_id;
    });
}

export interface DeadlineText {
  text: string;
  tone: 'secondary' | 'warning' | 'danger';
}

/** 3 天 5 小时后截止 / 即将截止 (under a day, with the time left) / 已截止, from the app's clock. */
export function deadlineText(deadline: string | null, now: number): DeadlineText {
  if (deadline === null) return { text: DashboardTexts.surveysNoDeadline, tone: 'secondary' };
  const left = new Date(deadline).getTime() - now;
  if (!Number.isFinite(left)) return { text: DashboardTexts.surveysNoDeadline, tone: 'secondary' };
  if (left <= 0) return { text: DashboardTexts.surveysClosed, tone: 'danger' };
  const text = DashboardTexts.surveysDeadlineIn(durationText(left));
  return left < DEADLINE_SOON_MS
    ? { text: `${DashboardTexts.surveysDeadlineSoon} · ${text}`, tone: 'warning' }
    : { text, tone: 'secondary' };
}
