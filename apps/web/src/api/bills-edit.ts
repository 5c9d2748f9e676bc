import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillDetail, BillPathPreview, BillPathPreviewInput, Paged, TemplateDetail, TemplateGroup, TemplateSummary } from '@osp/shared';
import { billsKey, dashboardCountsKey } from './bills';
import { api, type ApiAnswer } from './client';
import { usePageQuery } from './page-query';

/*
 * Starting and editing bills (docs/approval-api.md): the 发起审批 page's groups and templates with
 * favourites, a template's form schema and flow, and the draft → release calls of the edit page. The
 * lists and the detail page read bills through ./bills.ts; every write here refetches them, and resolves to
 * `{ data, message }` so that the page toasts the server's message.
 */

export const startTemplatesKey = ['templates', 'start'] as const;

export function useTemplateGroups() {
  return usePageQuery({
    queryKey: ['template-groups'],
    queryFn: () => api.get<TemplateGroup[]>('/api/template/groups'),
    staleTime: 60_000,
  });
}

/** Enabled templates, favourites first (GET /api/templates). `iptv`: the IPTV ones (/api/iptvtemplates). */
export function useStartTemplates(iptv: boolean, isEnabled = true) {
  return usePageQuery({
    queryKey: [...startTemplatesKey, iptv ? 'iptv' : 'normal'],
    queryFn: () => api.get<Paged<TemplateSummary>>(iptv ? '/api/iptvtemplates' : '/api/templates', { per_page: 500 }),
    enabled: isEnabled,
    staleTime: 0,
  });
}

/** The star on a template card: POST …/{id}/favorite or /unfavorite. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ template, favorite }: { template: TemplateSummary; favorite: boolean }) =>
      api.withMessage.post<null>(
        `${template.is_iptv === 1 ? '/api/iptvtemplates' : '/api/templates'}/${template.id}/${favorite ? 'favorite' : 'unfavorite'}`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: startTemplatesKey }),
  });
}

/** A template's published form schema and flow, for a new bill; an IPTV template is read through /api/iptvtemplates. */
export function useTemplateDetail(id: number | undefined, iptv: boolean) {
  return usePageQuery({
    queryKey: ['templates', 'published', iptv ? 'iptv' : 'normal', id],
    // The published version: what a new bill is checked against, not an administrator's unpublished edit.
    queryFn: () => api.get<TemplateDetail>(`${iptv ? '/api/iptvtemplates' : '/api/templates'}/${id ?? 0}`, { published: 1 }),
    enabled: id !== undefined,
    staleTime: 0,
    retry: false,
  });
}

/**
 * POST /api/bills/path-preview: the path the form as typed would take, with whom each step would ask (the form's
 * 审批流程 card). `input` null: nothing to ask yet. The last answer stays on screen while the next is asked; a refusal
 * (a value the form itself marks) is the card's to show, not a toast's.
 */
export function useBillPath(input: BillPathPreviewInput | null) {
  return usePageQuery({
    queryKey: ['bill-path', input],
    queryFn: () => api.quietPost<BillPathPreview>('/api/bills/path-preview', input),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export type BillForm = Record<string, unknown>;

export interface BillCreate {
  template_id: number;
  title?: string;
  form: BillForm;
  /** One per opened "new bill" page, so a double click cannot create two bills (DESIGN §5a). */
  client_key: string;
}

export interface BillSave {
  id: number;
  title?: string;
  form: BillForm;
  version: number;
}

export interface BillRelease extends BillSave {
  chosen_handlers?: Record<string, number[]>;
}

function useBillWrite<Variables, Result>(mutationFn: (variables: Variables) => Promise<ApiAnswer<Result>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: billsKey }), queryClient.invalidateQueries({ queryKey: dashboardCountsKey })]),
  });
}

/** POST /api/bills: a new draft. */
export function useCreateBill() {
  return useBillWrite((body: BillCreate) => api.withMessage.post<BillDetail>('/api/bills', body));
}

/** PUT /api/bills/{id}: a draft, rejected or withdrawn bill's new form. */
export function useUpdateBill() {
  return useBillWrite(({ id, ...body }: BillSave) => api.withMessage.put<BillDetail>(`/api/bills/${id}`, body));
}

/** POST /api/bills/{id}/release: submits a draft or resubmits a rejected or withdrawn bill, with its last edit. */
export function useReleaseBill() {
  return useBillWrite(({ id, ...body }: BillRelease) =>
    api.withMessage.post<BillDetail & { resubmitted: boolean }>(`/api/bills/${id}/release`, body),
  );
}
