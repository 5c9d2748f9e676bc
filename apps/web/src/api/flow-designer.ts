import { useMutation } from '@tanstack/react-query';
import type { FlowPreview, FlowPreviewInput, Job, Paged } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

/*
 * The flow designer's calls (docs/approval-api.md): the jobs its 审批岗位 pickers offer, and the 预览
 * that runs an unsaved form and flow against sample values on the server.
 */

/** Under the jobs page's key, so that its edits refresh the pickers too. */
export const jobOptionsKey = ['jobs', 'options'] as const;

/** Every job (GET /api/jobs, one page of 100: the number a company keeps is far below it). */
export function useJobOptions() {
  return usePageQuery({
    queryKey: jobOptionsKey,
    queryFn: () => api.get<Paged<Job>>('/api/jobs', { per_page: 100 }),
    staleTime: 60_000,
    select: (page) => page.list,
  });
}

/** POST /api/templates/flow-preview: the path and the handlers each step would reach. */
export function useFlowPreview() {
  return useMutation({
    mutationFn: (input: FlowPreviewInput) => api.post<FlowPreview>('/api/templates/flow-preview', input),
  });
}
