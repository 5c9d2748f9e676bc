import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged, PointAdjust, PointAdjustResult, PointLedgerEntry, PointPeriod, PointRank, PointTrend } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

/*
 * 积分排行 (GET /api/points/rank, /trend and /mine, permission point_rank; POST /api/points/adjust, point_admin;
 * docs/points-api.md).
 */

export const pointsKey = ['points'] as const;

export interface PointRankFilter {
  period: PointPeriod;
  dept_id?: number;
  page: number;
  per_page: number;
}

/** The ranking of this month, quarter or year (the server's Asia/Shanghai calendar), with my own place. */
export function usePointRank(filter: PointRankFilter) {
  return usePageQuery({
    queryKey: [...pointsKey, 'rank', filter],
    queryFn: () => api.get<PointRank>('/api/points/rank', { ...filter }),
    staleTime: 0,
  });
}

/** My points per month and my running total, oldest month first (the chart 我的积分走势). */
export function usePointTrend(months: number) {
  return usePageQuery({
    queryKey: [...pointsKey, 'trend', months],
    queryFn: () => api.get<PointTrend>('/api/points/trend', { months }),
    staleTime: 0,
  });
}

/** My ledger, newest first. */
export function useMyPoints(paging: { page: number; per_page: number }) {
  return usePageQuery({
    queryKey: [...pointsKey, 'mine', paging],
    queryFn: () => api.get<Paged<PointLedgerEntry>>('/api/points/mine', { ...paging }),
    staleTime: 0,
  });
}

/** 调整积分 (point_admin): resolves to the server's message (已为「…」增加 N 分); the ranking is read again. */
export function useAdjustPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PointAdjust) => api.withMessage.post<PointAdjustResult>('/api/points/adjust', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pointsKey }),
  });
}
