import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Paged,
  SurveyCrossTab,
  SurveyDetail,
  SurveyMetric,
  SurveyPersonItem,
  SurveyPublicResults,
  SurveyRemindResult,
  SurveyResultLink,
  SurveyResults,
  SurveyReturn,
} from '@osp/shared';
import { api } from './client';
import { exportThroughFrame } from './frame-export';

/*
 * A survey's results (issue 16, SPEC §7 Survey, docs/surveys-api.md "Results"): the aggregates and a cross-tab, the
 * collection metric by department with its 未填写 people and 提醒, the per-person returns, the xlsx export and the
 * public results link. The page is public (SPEC §2), so these are plain queries rather than kept-alive page queries.
 */

const resultsKey = (id: number) => ['survey-results', id] as const;
const path = (id: number) => encodeURIComponent(String(id));

/** GET /api/surveys/{id}: the survey's name, status, deadline, definition (for the returns' questions) and public link. */
export function useSurveyForResults(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...resultsKey(id), 'detail'],
    queryFn: () => api.get<SurveyDetail>(`/api/surveys/${path(id)}`),
    enabled: enabled && id > 0,
  });
}

/**
 * GET /api/surveys/{id}/responses: every question's aggregate, of one ratee's responses when an evaluation names one;
 * read afresh each time (answers keep coming).
 */
export function useSurveyResults(id: number, enabled: boolean, rateeId?: number) {
  return useQuery({
    queryKey: [...resultsKey(id), 'responses', rateeId],
    queryFn: () => api.get<SurveyResults>(`/api/surveys/${path(id)}/responses`, { ratee_id: rateeId }),
    enabled: enabled && id > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/surveys/{id}/responses?question=&cross=: one question's answers by another question's, or by department ('dept'). */
export function useSurveyCrossTab(id: number, question: string | undefined, by: string | undefined, rateeId?: number) {
  return useQuery({
    queryKey: [...resultsKey(id), 'cross', question, by, rateeId],
    queryFn: () => api.get<SurveyCrossTab>(`/api/surveys/${path(id)}/responses`, { question, cross: by, ratee_id: rateeId }),
    enabled: id > 0 && question !== undefined && by !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Pages of GET /api/survey/person read for an evaluation's ratees: 100 assignments a page. */
const RATEE_PAGES_MAX = 20;

export interface SurveyRatee {
  id: number;
  name: string;
}

/**
 * An evaluation's ratees (the people rated), from its assignments (GET /api/survey/person, S1's list): each once, by
 * name. Read up to RATEE_PAGES_MAX pages of 100 (2,000 assignments), which holds a company's 360° round.
 */
export function useSurveyRatees(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...resultsKey(id), 'ratees'],
    queryFn: async () => {
      const ratees = new Map<number, string>();
      for (let page = 1; page <= RATEE_PAGES_MAX; page += 1) {
        const batch = await api.get<Paged<SurveyPersonItem>>('/api/survey/person', { survey_id: id, page, per_page: 100 });
        for (const item of batch.list) if (item.ratee_id > 0) ratees.set(item.ratee_id, item.ratee_name ?? String(item.ratee_id));
        if (page * 100 >= batch.total) break;
      }
      return [...ratees]
        .map(([rateeId, name]): SurveyRatee => ({ id: rateeId, name }))
        .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
    },
    enabled: enabled && id > 0,
  });
}

/** GET /api/survey/metric: targeted, answered, completion and median time, as a whole and per department. */
export function useSurveyMetric(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...resultsKey(id), 'metric'],
    queryFn: () => api.get<SurveyMetric>('/api/survey/metric', { survey_id: id }),
    enabled: enabled && id > 0,
    staleTime: 0,
  });
}

/** GET /api/survey/{id}/returns: the per-person responses of a named survey, a page at a time. */
export function useSurveyReturns(id: number, page: number, perPage: number, enabled: boolean, rateeId?: number) {
  return useQuery({
    queryKey: [...resultsKey(id), 'returns', page, perPage, rateeId],
    queryFn: () => api.get<Paged<SurveyReturn>>(`/api/survey/${path(id)}/returns`, { page, per_page: perPage, ratee_id: rateeId }),
    enabled: enabled && id > 0,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/survey/{id}/remind: a notice to everyone who has not submitted (once a day each); the server's message. */
export function useRemindSurvey(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.withMessage.post<SurveyRemindResult>(`/api/survey/${path(id)}/remind`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...resultsKey(id), 'metric'] }),
  });
}

/** GET /api/survey/exportAs: the responses as an xlsx through a hidden frame (SPEC §9 mask and readiness cookie). */
export function exportSurveyResponses(id: number, personal: boolean, rateeId?: number): Promise<void> {
  return exportThroughFrame('/api/survey/exportAs', { survey_id: id, personal: personal ? 1 : 0, ratee_id: rateeId });
}

/** POST /api/surveys/{id}/result-link: a new public results link living `days` days (replaces the old one). */
export function useCreateResultLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => api.post<SurveyResultLink>(`/api/surveys/${path(id)}/result-link`, { days }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...resultsKey(id), 'detail'] }),
  });
}

/** DELETE /api/surveys/{id}/result-link: the public link stops working at once. */
export function useRevokeResultLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.withMessage.delete<unknown>(`/api/surveys/${path(id)}/result-link`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...resultsKey(id), 'detail'] }),
  });
}

/** GET /api/publish/result/{token}: the aggregates a public link shows, without signing in. */
export function usePublicSurveyResults(token: string) {
  return useQuery({
    queryKey: ['survey-public-results', token],
    queryFn: () => api.get<SurveyPublicResults>(`/api/publish/result/${encodeURIComponent(token)}`),
    enabled: token !== '',
    retry: false,
  });
}
