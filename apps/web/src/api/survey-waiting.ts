import type { MySurveyItem } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

/** What the dashboard's 待填问卷 card shows: surveys and evaluations not yet submitted. */
export const WAITING_STATES: readonly MySurveyItem['state'][] = ['pending', 'draft'];

export const mySurveysKey = ['surveys', 'mine'] as const;

/**
 * GET /api/survey/mine: what I am asked to answer (issue 16). The card keeps those still waiting for me; read afresh
 * whenever the home page is shown, since a survey filled in another tab should leave the card.
 */
export function useMySurveys() {
  return usePageQuery({
    queryKey: mySurveysKey,
    queryFn: () => api.get<MySurveyItem[]>('/api/survey/mine'),
    staleTime: 0,
  });
}
