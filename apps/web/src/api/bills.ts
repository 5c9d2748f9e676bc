import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BatchApprove,
  BatchApproveResult,
  BillBox,
  BillDetail,
  BillFlowView,
  BillHistoryEntry,
  BillIgnoreResult,
  BillListRow,
  BillOperType,
  BillShareEntry,
  BillShareResult,
  BillStatus,
  BillUnshareResult,
  ShareReadState,
  DashboardCounts,
  Paged,
  TemplateSummary,
} from '@osp/shared';
import { useEffect } from 'react';
import { api, type ApiAnswer } from './client';
import { usePageQuery } from './page-query';

/*
 * Approval bills as the lists, the detail page, the flow popover and the print page read them
 * (docs/approval-api.md). Every operation refetches everything under `billsKey` and the counts, so the
 * kept-alive lists and the header's todo badge follow at once, and resolves to `{ data, message }`: the page's
 * success toast is the server's message (ApprovalMessages), its own copy only when the server sent none.
 */

export const billsKey = ['bills'] as const;
export const dashboardCountsKey = ['dashboard', 'counts'] as const;

import type { BillSortField } from '@osp/shared';
export type { BillSortField };

export interface BillListFilter {
  template_id?: number;
  status?: BillStatus;
  keyword?: string;
  /** Asia/Shanghai calendar days (YYYY-MM-DD) on the creation time. */
  date_from?: string;
  date_to?: string;
  /** 抄送我的 only: 待阅 or 已阅. */
  share_state?: ShareReadState;
}

export interface BillListQuery extends BillListFilter {
  box: BillBox;
  sort: BillSortField;
  order: 'asc' | 'desc';
  page: number;
  per_page: number;
}

/** Filters a list can carry: a box without any of them is the whole box. */
const LIST_FILTERS = ['template_id', 'status', 'keyword', 'date_from', 'date_to', 'share_state'] as const;

/** The whole todo box (any page, any order): its total is the header badge's count, both counting bills (issue 13). */
function isWholeTodoBox(query: BillListQuery): boolean {
  return query.box === 'todo' && LIST_FILTERS.every((key) => query[key] === undefined || query[key] === '');
}

export function useBills(query: BillListQuery) {
  const queryClient = useQueryClient();
  return usePageQuery({
    queryKey: [...billsKey, 'list', query],
    queryFn: async () => {
      const page = await api.get<Paged<BillListRow>>('/api/bills', { ...query });
      // The list read later than the badge's count is the truth for both: the badge follows at once.
      if (isWholeTodoBox(query)) {
        queryClient.setQueryData<DashboardCounts>(dashboardCountsKey, (counts) =>
          counts && counts.todo !== page.total ? { ...counts, todo: page.total } : counts,
        );
      }
      return page;
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * The bill an approver goes on to after deciding one (issue 14): the first of 待我审批 in its default order that is
 * not `handledId` (an entrust can leave a second task of the same bill there), or null when none is left.
 */
export async function nextTodoBill(handledId: number): Promise<BillListRow | null> {
  const page = await api.get<Paged<BillListRow>>('/api/bills', { box: 'todo', page: 1, per_page: 2 });
  return page.list.find((row) => row.id !== handledId) ?? null;
}

/** Startable templates, for the lists' template filter (GET /api/templates). */
export function useTemplateOptions() {
  return usePageQuery({
    queryKey: ['templates', 'options'],
    queryFn: () => api.get<Paged<TemplateSummary>>('/api/templates'),
    staleTime: 60_000,
  });
}

export function useBill(id: number | undefined) {
  return usePageQuery({
    queryKey: [...billsKey, id, 'detail'],
    queryFn: () => api.get<BillDetail>(`/api/bills/${id ?? 0}`),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

export function useBillHistory(id: number | undefined) {
  return usePageQuery({
    queryKey: [...billsKey, id, 'history'],
    queryFn: () => api.get<BillHistoryEntry[]>(`/api/bills/${id ?? 0}/history`),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** GET /oa/flow/{id} (SPEC §7): nodes, steps and handlers for the popover and the node dialog. */
export function useBillFlow(id: number | undefined, isEnabled = true) {
  return usePageQuery({
    queryKey: [...billsKey, id, 'flow'],
    queryFn: () => api.get<BillFlowView>(`/oa/flow/${id ?? 0}`),
    enabled: id !== undefined && isEnabled,
    staleTime: 0,
  });
}

/**
 * How often the header asks for the counts while the tab is in front (not while it is in the background): a bill
 * that arrives shows on the badge within a minute (docs/decisions.md "Live lists").
 */
export const COUNTS_POLL_MS = 60_000;

/**
 * GET /api/dashboard: my todo, in-progress, draft and handled counts (header badge, menu, dashboard). Read once for
 * the header, the menu and the dashboard together (a reading under 30 s old is used as it is); every bill change
 * reads it again (useBillChange), and so does `isPolling`'s one observer, every COUNTS_POLL_MS and when the tab
 * comes back to the front.
 */
export function useDashboardCounts(isPolling = false) {
  return usePageQuery({
    queryKey: dashboardCountsKey,
    queryFn: () => api.get<DashboardCounts>('/api/dashboard'),
    staleTime: 30_000,
    refetchInterval: isPolling ? COUNTS_POLL_MS : false,
    refetchOnWindowFocus: isPolling,
  });
}

/**
 * When the todo count moves (a poll saw a new bill, or one went elsewhere), the whole-box todo lists that still
 * show another total are read again, the shown one at once: a list does not wait for a click to show a new bill.
 */
export function useTodoListsFollowCount(todo: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (todo === undefined) return;
    void queryClient.invalidateQueries({
      queryKey: [...billsKey, 'list'],
      predicate: (query) => {
        const list = query.queryKey[2] as BillListQuery | undefined;
        const page = query.state.data as Paged<BillListRow> | undefined;
        return list !== undefined && isWholeTodoBox(list) && page !== undefined && page.total !== todo;
      },
    });
  }, [todo, queryClient]);
}

/**
 * A change to bills. Lists, counts and the changed bill's history and flow are refetched afterwards (after a
 * refusal too: a 409 means someone else has moved the bill). `freshBill` picks the bill the server answered
 * with, when it answers one: that goes straight into the detail's cache instead of being fetched again.
 */
function useBillChange<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<ApiAnswer<Result>>,
  freshBill?: (result: ApiAnswer<Result>) => BillDetail,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      if (!freshBill) return;
      const bill = freshBill(result);
      queryClient.setQueryData([...billsKey, bill.id, 'detail'], bill);
    },
    onSettled: (result) => {
      const fresh = result !== undefined && freshBill ? freshBill(result) : undefined;
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: billsKey,
          // The detail the server just answered is current: no second request for it.
          predicate: (query) => fresh === undefined || !(query.queryKey[1] === fresh.id && query.queryKey[2] === 'detail'),
        }),
        queryClient.invalidateQueries({ queryKey: dashboardCountsKey }),
      ]);
    },
  });
}

const answeredBill = (answer: ApiAnswer<BillDetail>) => answer.data;

export interface TaskOperation {
  taskId: string;
  operType: BillOperType;
  comment?: string;
  to_user_id?: number;
}

/** A handler's agree, reject, back or transfer on their task (PATCH /api/bills/flownode/{id}/{operType}). */
export function useOperateTask() {
  return useBillChange(({ taskId, operType, ...body }: TaskOperation) =>
    api.withMessage.patch<{ id: number; status: BillStatus; version: number }>(
      `/api/bills/flownode/${encodeURIComponent(taskId)}/${operType}`,
      body,
    ),
  );
}

/** The initiator withdraws a bill in progress (SPEC: PATCH /api/bills/{id}/returned). */
export function useWithdrawBill() {
  return useBillChange(
    ({ id, ...body }: { id: number; version: number; comment?: string }) =>
      api.withMessage.patch<BillDetail>(`/api/bills/${id}/returned`, body),
    answeredBill,
  );
}

/** The initiator voids a draft, rejected or withdrawn bill. */
export function useAbandonBill() {
  return useBillChange(
    ({ id, ...body }: { id: number; version: number }) => api.withMessage.patch<BillDetail>(`/api/bills/${id}/abandon`, body),
    answeredBill,
  );
}

/** The initiator copies a submitted bill into a new draft (SPEC: PATCH /api/bills/{id}/replication); answers the draft. */
export function useReplicateBill() {
  return useBillChange(({ id, ...body }: { id: number; client_key?: string }) =>
    api.withMessage.patch<BillDetail>(`/api/bills/${id}/replication`, body),
  );
}

/**
 * A change node's handler saves new values of the fields the node lets them edit (PATCH /api/bills/{id}/change);
 * answers the bill, whose history then holds the change.
 */
export function useChangeBill() {
  return useBillChange(
    ({ id, ...body }: { id: number; version: number; form: Record<string, unknown>; comment?: string }) =>
      api.withMessage.patch<BillDetail>(`/api/bills/${id}/change`, body),
    answeredBill,
  );
}

/** A bill administrator closes a bill still in the flow; the reason is required. */
export function useCloseBill() {
  return useBillChange(
    ({ id, ...body }: { id: number; version: number; comment: string }) =>
      api.withMessage.patch<BillDetail>(`/api/bills/${id}/close`, body),
    answeredBill,
  );
}

/** Any reader follows or unfollows a bill (listed under box=tracked). */
export function useTrackBill() {
  return useBillChange(({ id, follow }: { id: number; follow: boolean }) =>
    api.withMessage.patch<{ tracked: boolean }>(`/api/bills/${id}/${follow ? 'track' : 'untrack'}`, {}),
  );
}

/**
 * Takes a bill out of my 我关注的 and 抄送我的 (PATCH /api/bills/{id}/ignore, no body); the bill itself, and my
 * reading of it, stay as they were.
 */
export function useIgnoreBill() {
  return useBillChange(({ id }: { id: number }) => api.withMessage.patch<BillIgnoreResult>(`/api/bills/${id}/ignore`));
}

/** The initiator or a bill administrator lets more users read the bill, by person or by department (PATCH /api/bills/{id}/share). */
export function useShareBill() {
  return useBillChange(({ id, ...body }: { id: number; user_ids: number[]; dept_ids: number[] }) =>
    api.withMessage.patch<BillShareResult>(`/api/bills/${id}/share`, body),
  );
}

/** Who the bill is shared with and whether each has read it (GET /api/bills/{id}/shares), for those who may share. */
export function useBillShares(id: number, isEnabled: boolean) {
  return usePageQuery({
    queryKey: [...billsKey, id, 'shares'],
    queryFn: () => api.get<BillShareEntry[]>(`/api/bills/${id}/shares`),
    enabled: isEnabled,
    staleTime: 0,
  });
}

/** The sharer (or a bill administrator) takes shares back (PATCH /api/bills/{id}/unshare). */
export function useUnshareBill() {
  return useBillChange(({ id, user_ids }: { id: number; user_ids: number[] }) =>
    api.withMessage.patch<BillUnshareResult>(`/api/bills/${id}/unshare`, { user_ids }),
  );
}

/** 催办: the initiator reminds the current handlers (PATCH /api/bills/{id}/urge), at most once an hour. */
export function useUrgeBill() {
  return useBillChange(({ id }: { id: number }) => api.withMessage.patch<{ bill_id: number; urged: number }>(`/api/bills/${id}/urge`));
}

/**
 * 批量同意 from 待我审批 (POST /api/bills/batch/approve): each bill's result comes back, approved or not; the lists
 * and the todo count refetch afterwards.
 */
export function useBatchApprove() {
  return useBillChange((body: BatchApprove) => api.withMessage.post<BatchApproveResult>('/api/bills/batch/approve', body));
}
