import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Paged,
  SurveyDefinition,
  SurveyDetail,
  SurveyKind,
  SurveyListItem,
  SurveyPersonItem,
  SurveyStatus,
  SurveyTarget,
  SurveyTargetView,
} from '@osp/shared';
import { api } from '../../../api/client';
import { usePageQuery } from '../../../api/page-query';

/*
 * 问卷管理 (permission survey_admin; SPEC §7 Survey, packages/shared/src/surveys/survey-api.ts). Every change refetches
 * the list and the survey, and the staff's own lists (a release or an end changes what they are asked to answer).
 */

const BASE = '/api/surveys';
export const surveysAdminKey = ['surveys-admin'] as const;
const surveyKey = (id: number) => [...surveysAdminKey, 'one', id] as const;
const targetsKey = (id: number) => [...surveysAdminKey, 'targets', id] as const;

export interface SurveyListParams {
  page: number;
  per_page: number;
  keyword?: string;
  status?: number;
  kind?: SurveyKind;
}

export function useAdminSurveys(query: SurveyListParams) {
  return usePageQuery({
    queryKey: [...surveysAdminKey, 'list', query],
    queryFn: () => api.get<Paged<SurveyListItem>>(BASE, { ...query }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/surveys/{id}: the working copy the designer edits. */
export function useAdminSurvey(id: number) {
  return useQuery({
    queryKey: surveyKey(id),
    queryFn: () => api.get<SurveyDetail>(`${BASE}/${id}`),
    staleTime: 0,
    // A definition being edited is not replaced by a refetch when the window gets focus back.
    refetchOnWindowFocus: false,
  });
}

function useSurveyChange<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>, onAnswer?: (result: Result) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: onAnswer,
    // Refetched after a refusal too: it may mean someone else changed the survey meanwhile.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...surveysAdminKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: [...surveysAdminKey, 'people'] }),
        queryClient.invalidateQueries({ queryKey: ['survey-mine'] }),
      ]),
  });
}

/** POST /api/surveys: a new survey (status 0, one empty page). */
export function useCreateSurvey() {
  return useSurveyChange((body: { kind: SurveyKind; name: string }) => api.withMessage.post<{ id: number }>(BASE, body));
}

/** PUT /api/surveys/{id}: the working copy (and the deadline); answers the survey as saved. */
export function useSaveSurvey() {
  const queryClient = useQueryClient();
  return useSurveyChange(
    ({ id, definition, deadline }: { id: number; definition: SurveyDefinition; deadline: string | null }) =>
      api.withMessage.put<SurveyDetail>(`${BASE}/${id}`, { definition, deadline }),
    (answer) => queryClient.setQueryData(surveyKey(answer.data.id), answer.data),
  );
}

function useDetailChange(path: (id: number) => string) {
  const queryClient = useQueryClient();
  return useSurveyChange(
    (id: number) => api.withMessage.post<SurveyDetail>(path(id)),
    (answer) => queryClient.setQueryData(surveyKey(answer.data.id), answer.data),
  );
}

/** POST /api/surveys/{id}/release: a new version, and the targets snapshotted into assignments. */
export function useReleaseSurvey() {
  return useDetailChange((id) => `${BASE}/${id}/release`);
}

export function useUnreleaseSurvey() {
  return useDetailChange((id) => `${BASE}/${id}/unrelease`);
}

/** PUT /api/survey/{id}: status and/or deadline (each logged). `deadline: null` clears it. */
export function useChangeSurveyStatus() {
  const queryClient = useQueryClient();
  return useSurveyChange(
    ({ id, ...body }: { id: number; status?: SurveyStatus; deadline?: string | null }) =>
      api.withMessage.put<SurveyDetail>(`/api/survey/${id}`, body),
    (answer) => queryClient.setQueryData(surveyKey(answer.data.id), answer.data),
  );
}

export function useReplicateSurvey() {
  return useSurveyChange((id: number) => api.withMessage.post<{ id: number }>(`${BASE}/${id}/replication`));
}

export function useDeleteSurvey() {
  return useSurveyChange((id: number) => api.withMessage.delete<null>(`${BASE}/${id}`));
}

/** GET /api/survey/target: the targets with their names. */
export function useSurveyTargets(surveyId: number) {
  return useQuery({
    queryKey: targetsKey(surveyId),
    queryFn: () => api.get<SurveyTargetView[]>('/api/survey/target', { survey_id: surveyId }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/survey/target: replaces the targets. */
export function useSaveSurveyTargets() {
  const queryClient = useQueryClient();
  return useSurveyChange(
    ({ surveyId, targets }: { surveyId: number; targets: SurveyTarget[] }) =>
      api.withMessage.post<SurveyTargetView[]>('/api/survey/target', { survey_id: surveyId, targets }),
    () => void queryClient.invalidateQueries({ queryKey: [...surveysAdminKey] }),
  );
}

/** GET /api/survey/targetid: the people the targets name now (before a release) or the assignments (after). */
export function useSurveyTargetIds(surveyId: number) {
  return useQuery({
    queryKey: [...surveysAdminKey, 'people', 'ids', surveyId],
    queryFn: () => api.get<{ user_ids: number[] }>('/api/survey/targetid', { survey_id: surveyId }),
    staleTime: 0,
  });
}

export function useSurveyPeople(query: { survey_id: number; page: number; per_page: number }) {
  return useQuery({
    queryKey: [...surveysAdminKey, 'people', 'list', query],
    queryFn: () => api.get<Paged<SurveyPersonItem>>('/api/survey/person', { ...query }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
