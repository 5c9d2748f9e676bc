import { Card, Empty, Skeleton } from 'antd';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { use as registerEchartsParts, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { PointTexts, type PointTrendMonth } from '@osp/shared';
import { usePointTrend } from '../../api/points';
import { LoadFailed } from '../../components/LoadFailed';
import { useEChart } from '../../components/useEChart';

// Only what this chart draws, so the page's chunk carries a fraction of ECharts (and only this lazy page loads it).
registerEchartsParts([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type TrendOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

/** 2026-01 → 1月; the tooltip names the year (twelve months can straddle two). */
const monthLabel = (month: string) => `${Number(month.slice(5, 7))}月`;
const fullMonth = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

export function trendOption(months: readonly PointTrendMonth[]): TrendOption {
  return {
    // containLabel keeps the axis labels inside; the bottom leaves room for the axis name 月份 under them.
    grid: { left: 8, right: 8, top: 48, bottom: 28, containLabel: true },
    legend: { top: 0, data: [PointTexts.trendMonthly, PointTexts.trendTotal] },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const list = Array.isArray(params) ? params : [params];
        const index = list[0]?.dataIndex ?? 0;
        const row = months[index];
        if (!row) return '';
        return `${fullMonth(row.month)}<br/>${PointTexts.trendMonthly}：${row.points} 分<br/>${PointTexts.trendTotal}：${row.total} 分`;
      },
    },
    xAxis: {
      type: 'category',
      name: PointTexts.trendMonthAxis,
      nameLocation: 'middle',
      nameGap: 28,
      data: months.map((m) => monthLabel(m.month)),
      axisTick: { alignWithLabel: true },
    },
    yAxis: [
      { type: 'value', name: PointTexts.trendMonthly, minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
      { type: 'value', name: PointTexts.trendTotal, minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: PointTexts.trendMonthly, data: months.map((m) => m.points), itemStyle: { color: '#1677ff' }, barMaxWidth: 24 },
      {
        type: 'line',
        name: PointTexts.trendTotal,
        yAxisIndex: 1,
        data: months.map((m) => m.total),
        itemStyle: { color: '#fa8c16' },
      },
    ],
  };
}

/** The canvas (useEChart: created once, given each new answer, resized with its container, disposed with the page). */
function TrendCanvas({ months }: { months: readonly PointTrendMonth[] }) {
  const option = useMemo(() => trendOption(months), [months]);
  const container = useEChart(option);
  return <div ref={container} className="point-trend__canvas" />;
}

/** 我的积分走势 (issue 15): my points per month (bars) and my running total (line) over the last twelve months. */
export function PointTrendChart() {
  const trend = usePointTrend(12);
  const months = trend.data?.months;
  const isEmpty = months !== undefined && months.every((m) => m.points === 0 && m.total === 0);

  return (
    <Card title={PointTexts.trendTitle} variant="borderless" className="point-trend" role="region" aria-label={PointTexts.trendTitle}>
      {trend.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {trend.isError && !months && <LoadFailed error={trend.error} onRetry={() => void trend.refetch()} />}
      {isEmpty && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PointTexts.trendEmpty} />}
      {months && !isEmpty && <TrendCanvas months={months} />}
    </Card>
  );
}
