import { skipToken, useQueries, type QueryClient } from '@tanstack/react-query';
import type { FileCard, SurveyAnswers, SurveyDefinition, SurveyFillForm, SurveyPublicDept } from '@osp/shared';
import { api, upload } from './client';
import { usePageQuery } from './page-query';

/*
 * The respondent's calls (issue 16, SPEC §7 Survey): the form to fill with my draft, the draft, the
 * submission, and the public share link's pair. GET /api/survey/mine is ./survey-waiting.ts's.
 */

export const surveyFillKey = (surveyId: number, rateeId: number) => ['surveys', 'fill', surveyId, rateeId] as const;

/** GET /api/survey/{id}/fill?ratee_id=: the released version and my draft or answers. A refusal (not targeted…) is its error. */
export function useSurveyFillForm(surveyId: number, rateeId: number) {
  return usePageQuery({
    queryKey: surveyFillKey(surveyId, rateeId),
    queryFn: () => api.get<SurveyFillForm>(`/api/survey/${surveyId}/fill`, { ratee_id: rateeId }),
    // A form filled elsewhere since must not come back as it was: always read afresh when opened.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** What POST /api/survey/{id}/fill and PUT /api/survey/{id}/draft carry (SurveyFillZ). */
export interface SurveyFillBody {
  version_id: number;
  answers: SurveyAnswers;
  ratee_id: number;
  started_at?: string;
}

export function saveSurveyDraft(surveyId: number, body: SurveyFillBody) {
  return api.put<unknown>(`/api/survey/${surveyId}/draft`, body);
}

export function submitSurvey(surveyId: number, body: SurveyFillBody) {
  return api.withMessage.post<unknown>(`/api/survey/${surveyId}/fill`, body);
}

/**
 * GET /api/publish/share/{id}: a survey open to anyone through its public link (no sign-in). The fields it is read
 * for are SurveyFillForm's; the server leaves out what only a targeted person has (state, answers, ratee).
 */
export type PublicSurveyForm = Pick<SurveyFillForm, 'survey_id' | 'name' | 'deadline' | 'version_id' | 'definition'>;

export function usePublicSurvey(surveyId: number) {
  return usePageQuery({
    queryKey: ['surveys', 'share', surveyId],
    queryFn: () => api.get<PublicSurveyForm>(`/api/publish/share/${surveyId}`),
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/publish/share/{id} (SurveyPublicFillZ): `name` when the survey is named. */
export function submitPublicSurvey(
  surveyId: number,
  body: { version_id: number; answers: SurveyAnswers; started_at?: string; name?: string },
) {
  return api.withMessage.post<unknown>(`/api/publish/share/${surveyId}`, body);
}

/** GET /api/publish/share/{id}/depts: the departments a public link's department question offers (no sign-in). */
export function usePublicSurveyDepts(surveyId: number) {
  return usePageQuery({
    queryKey: ['surveys', 'share', surveyId, 'depts'],
    queryFn: () => api.get<SurveyPublicDept[]>(`/api/publish/share/${surveyId}/depts`),
    staleTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

const shareFileKey = (id: string) => ['surveys', 'share-file', id] as const;

/**
 * POST /api/publish/share/{id}/files: one file for a public link's file question (no sign-in). Its card is kept, as the
 * only place its name is known: nobody on the link may read the file back.
 */
export async function uploadPublicSurveyFile(
  queryClient: QueryClient,
  surveyId: number,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<FileCard> {
  const card = await upload<FileCard>(`/api/publish/share/${surveyId}/files`, file, file.name, onProgress);
  queryClient.setQueryData(shareFileKey(card.id), card);
  return card;
}

/** The cards of the files uploaded through the link in this tab, by id (never fetched: kept while the page lives). */
export function usePublicFileCards(ids: readonly string[]): Map<string, FileCard> {
  return useQueries({
    queries: ids.map((id) => ({ queryKey: shareFileKey(id), queryFn: skipToken, staleTime: Infinity, gcTime: Infinity })),
    combine: (results) => {
      const cards = new Map<string, FileCard>();
      results.forEach((result, i) => {
        const id = ids[i];
        if (id !== undefined && result.data) cards.set(id, result.data as FileCard);
      });
      return cards;
    },
  });
}

/**
 * GET /api/surveys/{id}/preview: the working copy for a survey administrator. Quiet: on the public preview page a
 * visitor who is not one falls back to the released version without a toast or a trip to the sign-in page.
 */
export function fetchSurveyWorkingCopy(surveyId: number) {
  return api.quietGet<{ definition: SurveyDefinition; name?: string; deadline?: string | null }>(`/api/surveys/${surveyId}/preview`);
}
