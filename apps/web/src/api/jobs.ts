import { keepPreviousData, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Job, JobMember, Paged, TemplateSummary } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

/*
 * 审批岗位 (/api/jobs, permission template_admin): jobs, their members with the departments each one
 * covers, and the templates whose flows use a job. Every change refetches all of it: a member change
 * alters the list's member counts, and each write adds a row to the job's operation log.
 */

const jobsKey = ['jobs'] as const;
const jobKey = (id: number | null) => [...jobsKey, 'one', id] as const;
const jobTemplatesKey = (id: number | null) => [...jobsKey, 'templates', id] as const;
const BASE = '/api/jobs';

/** The body of POST /api/jobs and PUT /api/jobs/{id} (JobInputZ). */
export interface JobInput {
  name: string;
  description: string;
}

export interface JobListQuery {
  keyword?: string;
  page: number;
  per_page: number;
}

/** A template whose flow sends a step to the job or routes on it (GET /api/jobs/{id}/templates). */
export type JobTemplate = Pick<TemplateSummary, 'id' | 'name' | 'is_iptv'>;

export function useJobs(query: JobListQuery) {
  return usePageQuery({
    queryKey: [...jobsKey, 'list', query],
    queryFn: () => api.get<Paged<Job>>(BASE, { ...query }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** One job with its members. */
export function useJob(id: number | null) {
  return usePageQuery({
    queryKey: jobKey(id),
    queryFn: () => api.get<Job>(`${BASE}/${id ?? 0}`),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useJobTemplates(id: number | null) {
  return usePageQuery({
    queryKey: jobTemplatesKey(id),
    queryFn: () => api.get<JobTemplate[]>(`${BASE}/${id ?? 0}/templates`),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** `forget`: the queries of a deleted job, dropped rather than refetched into a 404 while the page still shows it. */
function useJobChange<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  forget?: (variables: Variables) => readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, variables) => {
      for (const queryKey of forget?.(variables) ?? []) queryClient.removeQueries({ queryKey });
    },
    // Refetched after a refusal too: a 404 or 409 means someone else changed what is on screen.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: jobsKey }), queryClient.invalidateQueries({ queryKey: ['syslog'] })]),
  });
}

export function useCreateJob() {
  return useJobChange((body: JobInput) => api.post<Job>(BASE, body));
}

export function useUpdateJob() {
  return useJobChange(({ id, ...body }: JobInput & { id: number }) => api.put<Job>(`${BASE}/${id}`, body));
}

/** Refused with 409 and ApprovalMessages.jobInUse while a template's flow uses the job. */
export function useDeleteJob() {
  return useJobChange(
    (id: number) => api.delete<null>(`${BASE}/${id}`),
    (id) => [jobKey(id), jobTemplatesKey(id)],
  );
}

export function useAddJobMember() {
  return useJobChange(({ jobId, ...body }: { jobId: number; user_id: number; dept_ids: number[] }) =>
    api.post<JobMember>(`${BASE}/${jobId}/members`, body),
  );
}

export function useUpdateJobMember() {
  return useJobChange(({ jobId, uuid, dept_ids }: { jobId: number; uuid: string; dept_ids: number[] }) =>
    api.put<JobMember>(`${BASE}/${jobId}/members/${uuid}`, { dept_ids }),
  );
}

export function useRemoveJobMember() {
  return useJobChange(({ jobId, uuid }: { jobId: number; uuid: string }) => api.delete<null>(`${BASE}/${jobId}/members/${uuid}`));
}
