import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HolidayCarryExpiryPreview,
  HolidayCarryExpiryResult,
  HolidayEntitlementApply,
  HolidayEntitlementPreview,
  HolidayEntitlementResult,
  HolidayEntitlementRules,
  HolidayEntitlementRulesView,
  HolidayProfile,
  HolidayProfileInput,
} from '@osp/shared';
import { api } from './client';
import { holidayStatsKey } from './holiday';

/*
 * 年度发放 on 假期额度 (issue 17, permission holiday_admin; docs/holiday.md "Yearly entitlement"): the rules, people's
 * 参加工作日期, the previews and their apply. The previews are POSTs that only read, kept as queries by year so that a
 * change of the rules or of a date reads them again; an apply changes the list, people's histories and the log too.
 */

export const entitlementKey = ['holiday', 'entitlement'] as const;

/** A year the server takes; while HR types one (2, 20, 204…), nothing is asked. */
export const isEntitlementYear = (year: number | null | undefined): year is number =>
  typeof year === 'number' && Number.isInteger(year) && year >= 2000 && year <= 2100;

export function useEntitlementRules() {
  return useQuery({
    queryKey: [...entitlementKey, 'rules'],
    queryFn: () => api.get<HolidayEntitlementRulesView>('/api/holiday/entitlement/rules'),
    staleTime: 0,
  });
}

export function useEntitlementPreview(year: number | null) {
  return useQuery({
    queryKey: [...entitlementKey, 'preview', year],
    queryFn: () => api.quietPost<HolidayEntitlementPreview>('/api/holiday/entitlement/preview', { year }),
    enabled: isEntitlementYear(year),
    staleTime: 0,
  });
}

export function useCarryExpiryPreview(year: number | null) {
  return useQuery({
    queryKey: [...entitlementKey, 'expiry', year],
    queryFn: () => api.quietPost<HolidayCarryExpiryPreview>('/api/holiday/entitlement/expiry/preview', { year }),
    enabled: isEntitlementYear(year),
    staleTime: 0,
  });
}

/** After any change: the previews (they no longer hold), the list and histories, the operation log. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: entitlementKey }),
      queryClient.invalidateQueries({ queryKey: holidayStatsKey }),
      queryClient.invalidateQueries({ queryKey: ['syslog'] }),
    ]);
}

export function useSaveEntitlementRules() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (rules: HolidayEntitlementRules) =>
      api.withMessage.put<HolidayEntitlementRulesView>('/api/holiday/entitlement/rules', rules),
    onSettled: refresh,
  });
}

export function useSaveWorkStart() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, ...body }: HolidayProfileInput & { userId: number }) =>
      api.withMessage.put<HolidayProfile>(`/api/holiday/profiles/${userId}`, body),
    onSettled: refresh,
  });
}

export function useApplyEntitlement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: HolidayEntitlementApply) => api.withMessage.post<HolidayEntitlementResult>('/api/holiday/entitlement/apply', body),
    onSettled: refresh,
  });
}

export function useApplyCarryExpiry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: HolidayEntitlementApply) =>
      api.withMessage.post<HolidayCarryExpiryResult>('/api/holiday/entitlement/expiry/apply', body),
    onSettled: refresh,
  });
}
