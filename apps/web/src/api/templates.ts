import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  hasAnyPermission,
  TEMPLATE_SUBJECT_KINDS,
  type TemplateSubjectKind,
  type FlowGraph,
  type FormSchema,
  IPTV_TEMPLATE_PERMISSIONS,
  type Paged,
  type TemplateDetail,
  type TemplateGroup,
  type TemplateInput,
  type TemplateRoleOption,
  type TemplateStarters,
  type TemplateSummary,
} from '@osp/shared';
import { orderedBy } from '../components/sortable-order';
import { api } from './client';
import { useProfile } from './user';
import { usePageQuery } from './page-query';

/*
 * 模板管理 and the template designer (permission template_admin; docs/approval-api.md). Every write
 * refetches everything under ['templates'] and ['template-groups'], so the 发起审批 page, the bill
 * lists' template filter and the designer follow at once.
 */

export const templatesKey = ['templates'] as const;
export const templateGroupsKey = ['template-groups'] as const;
const adminGroupsKey = [...templateGroupsKey, 'admin'] as const;
const adminTemplatesKey = [...templatesKey, 'admin', 'list'] as const;
const adminDetailKey = (id: number, isIptv: boolean) => [...templatesKey, 'admin', 'detail', isIptv ? 'iptv' : 'normal', id] as const;

/** The two kinds of template live under separate paths (SPEC §7); the IPTV flag picks one. */
export function templateBase(isIptv: boolean): string {
  return isIptv ? '/api/iptvtemplates' : '/api/templates';
}

/** SPEC §6: IPTV templates are seen, and so administered, only by holders of an iptv permission. */
export function useHasIptvAccess(): boolean {
  const { data: profile } = useProfile();
  return profile ? hasAnyPermission(profile.permissions, IPTV_TEMPLATE_PERMISSIONS) : false;
}

function useTemplateChange<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>, affected: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A refused change may still mean the page is stale: someone else changed the same list.
    onSettled: () => Promise.all(affected.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

const everything = [templatesKey, templateGroupsKey] as const;

// ---------- groups ----------

/** Every group with its template count (disabled templates included for administrators). */
export function useAdminTemplateGroups() {
  return usePageQuery({ queryKey: adminGroupsKey, queryFn: () => api.get<TemplateGroup[]>('/api/template/groups'), staleTime: 0 });
}

export function useCreateTemplateGroup() {
  return useTemplateChange((body: { name: string; sort?: number }) => api.post<TemplateGroup>('/api/template/groups', body), everything);
}

export function useRenameTemplateGroup() {
  return useTemplateChange(
    ({ id, name }: { id: number; name: string }) => api.put<TemplateGroup>(`/api/template/groups/${id}`, { name }),
    everything,
  );
}

/** Refused with the server's message while the group still holds templates. */
export function useDeleteTemplateGroup() {
  return useTemplateChange((id: number) => api.delete<null>(`/api/template/groups/${id}`), everything);
}

/**
 * POST /api/template/groups/sort with every group in the new order. The list shows the new order at
 * once (a drag must not snap back while the call runs) and is refetched afterwards either way.
 */
export function useSortTemplateGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<null>('/api/template/groups/sort', { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: adminGroupsKey });
      queryClient.setQueryData<TemplateGroup[]>(adminGroupsKey, (groups) => (groups ? orderedBy(groups, ids) : groups));
    },
    onSettled: () => Promise.all(everything.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

// ---------- templates ----------

async function listAll(isIptv: boolean): Promise<TemplateSummary[]> {
  const page = await api.get<Paged<TemplateSummary>>(templateBase(isIptv), { all: 1, per_page: 500 });
  return page.list;
}

/**
 * Every template, enabled or not, of both kinds the administrator may see (GET …?all=1). The order is
 * the server's (favourites first), the page sorts them by group and position.
 */
export function useAdminTemplates() {
  const hasIptv = useHasIptvAccess();
  return usePageQuery({
    queryKey: [...adminTemplatesKey, hasIptv ? 'with-iptv' : 'normal'],
    queryFn: async () => {
      const [normal, iptv] = await Promise.all([listAll(false), hasIptv ? listAll(true) : Promise.resolve([])]);
      return [...normal, ...iptv];
    },
    staleTime: 0,
  });
}

/** A template as the designer edits it: working form and flow, starters, version facts. */
export function useAdminTemplate(id: number | undefined, isIptv: boolean) {
  return usePageQuery({
    queryKey: adminDetailKey(id ?? 0, isIptv),
    queryFn: () => api.get<TemplateDetail>(`${templateBase(isIptv)}/${id ?? 0}`),
    enabled: id !== undefined,
    staleTime: 0,
    retry: false,
    // The designer keeps its own working copy; a refetch on focus would only cost a request.
    refetchOnWindowFocus: false,
  });
}

export type TemplateCreate = Pick<TemplateInput, 'group_id' | 'name' | 'description' | 'icon'> & { isIptv: boolean };

/** POST /api/templates (or /api/iptvtemplates: the kind is fixed from now on); answers the new template. */
export function useCreateTemplate() {
  return useTemplateChange(({ isIptv, ...body }: TemplateCreate) => api.post<TemplateDetail>(templateBase(isIptv), body), everything);
}

export interface TemplateSave {
  id: number;
  isIptv: boolean;
  /** The whole template: PUT replaces it. `publish: false` saves the working copy only. */
  input: TemplateInput;
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isIptv, input }: TemplateSave) => api.put<TemplateDetail>(`${templateBase(isIptv)}/${id}`, input),
    // The designer's header (version, unpublished changes) follows the answer without waiting for a refetch.
    onSuccess: (detail, { id, isIptv }) => queryClient.setQueryData(adminDetailKey(id, isIptv), detail),
    onSettled: () => Promise.all(everything.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Refused with the server's message while bills use the template. */
export function useDeleteTemplate() {
  return useTemplateChange(
    (template: Pick<TemplateSummary, 'id' | 'is_iptv'>) => api.delete<null>(`${templateBase(template.is_iptv === 1)}/${template.id}`),
    everything,
  );
}

/** POST …/{id}/copy: a disabled copy「名称（副本）」in the same group; answers the copy. */
export function useCopyTemplate() {
  return useTemplateChange(
    (template: Pick<TemplateSummary, 'id' | 'is_iptv'>) =>
      api.post<TemplateDetail>(`${templateBase(template.is_iptv === 1)}/${template.id}/copy`),
    everything,
  );
}

/** The designer's working copy: everything PUT /api/templates/{id} replaces. */
export interface TemplateDraft {
  group_id: number;
  name: string;
  description: string;
  icon: string;
  status: 0 | 1;
  form_schema: FormSchema;
  /** null: no flow designed yet (the flow designer proposes one). */
  flow: FlowGraph | null;
  starters: TemplateStarters;
  /** The module that starts its bills (请假), or null. */
  subject_kind: TemplateSubjectKind | null;
}

const subjectKindOf = (kind: string | null): TemplateSubjectKind | null => TEMPLATE_SUBJECT_KINDS.find((known) => known === kind) ?? null;

export function draftOf(detail: TemplateDetail): TemplateDraft {
  return {
    group_id: detail.group_id,
    name: detail.name,
    description: detail.description,
    icon: detail.icon,
    status: detail.status === 1 ? 1 : 0,
    form_schema: detail.form_schema,
    flow: detail.flow,
    starters: detail.starters,
    subject_kind: subjectKindOf(detail.subject_kind),
  };
}

/** 保存 (publish: false) keeps the working copy; 发布 also makes it the version new bills use. */
export function inputOf(draft: TemplateDraft, publish: boolean): TemplateInput {
  const { flow, ...rest } = draft;
  // Without a flow the server keeps the one it has (none for a new template).
  return { ...rest, ...(flow ? { flow } : {}), publish };
}

/** The PUT body that keeps a template as it is, apart from `changes`. */
export function inputOfDetail(detail: TemplateDetail, changes: Partial<TemplateInput>): TemplateInput {
  // Switching a template on or off must not publish a working copy the designer left unpublished.
  return { ...inputOf(draftOf(detail), false), ...changes };
}

/**
 * Enables or disables a template. PUT takes the whole template, so the current one is read first and
 * sent back unchanged apart from `status`.
 */
export function useSetTemplateStatus() {
  const queryClient = useQueryClient();
  return useTemplateChange(async ({ template, status }: { template: Pick<TemplateSummary, 'id' | 'is_iptv'>; status: 0 | 1 }) => {
    const isIptv = template.is_iptv === 1;
    const detail = await queryClient.fetchQuery({
      queryKey: adminDetailKey(template.id, isIptv),
      queryFn: () => api.get<TemplateDetail>(`${templateBase(isIptv)}/${template.id}`),
      staleTime: 0,
    });
    return api.put<TemplateDetail>(`${templateBase(isIptv)}/${template.id}`, inputOfDetail(detail, { status }));
  }, everything);
}

export interface TemplateSort {
  /** The templates of one group in their new order. */
  ids: number[];
  /** Moves them into this group as well. */
  group_id?: number;
}

/** POST /api/templates/sort; the list shows the new order (and group) at once, as for groups. */
export function useSortTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sort: TemplateSort) => api.post<null>('/api/templates/sort', sort),
    onMutate: async ({ ids, group_id }) => {
      await queryClient.cancelQueries({ queryKey: adminTemplatesKey });
      queryClient.setQueriesData<TemplateSummary[]>({ queryKey: adminTemplatesKey }, (templates) =>
        templates?.map((template) => {
          const index = ids.indexOf(template.id);
          if (index < 0) return template;
          return { ...template, sort: (index + 1) * 10, ...(group_id !== undefined ? { group_id } : {}) };
        }),
      );
    },
    onSettled: () => Promise.all(everything.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

// ---------- starters ----------

/** GET /api/template/roles (template administrators): the roles a template's starters may name. */
export function useStarterRoles(isEnabled = true) {
  return usePageQuery({
    queryKey: ['template-roles'],
    queryFn: () => api.get<TemplateRoleOption[]>('/api/template/roles'),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}
