import type { BarSeriesOption, HeatmapSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption, VisualMapComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import {
  SurveyResultTexts,
  type SurveyChoiceResult,
  type SurveyDepartmentResult,
  type SurveyMatrixResult,
  type SurveyNpsResult,
  type SurveyRankingResult,
  type SurveyResultCount,
  type SurveyScoreResult,
} from '@osp/shared';

/*
 * ECharts options from a survey's results (issue 16). Pure, so tests check what a chart would draw. Every tooltip is
 * drawn on the canvas (renderMode 'richText'), never as HTML: titles and labels are whatever the designer typed.
 * A count an anonymous survey hides (null) is drawn as no bar and no slice; the tables beside the charts say
 * 「人数不足，不显示」 for it.
 */

export type ResultChartOption = ComposeOption<
  BarSeriesOption | PieSeriesOption | HeatmapSeriesOption | GridComponentOption | TooltipComponentOption | VisualMapComponentOption
>;

export type ChoiceChartKind = 'bar' | 'pie';

export interface CountRow {
  label: string;
  count: SurveyResultCount;
}

const BLUE = '#1677ff';
const NPS_COLORS = { detractor: '#ff4d4f', passive: '#faad14', promoter: '#52c41a' } as const;
const tooltip: TooltipComponentOption = { renderMode: 'richText', confine: true };

/** A share of those who answered, as 37.5%; '' when it cannot be said (hidden count, nobody answered). */
export function percentText(count: SurveyResultCount, answered: number): string {
  if (count === null || answered <= 0) return '';
  return `${Math.round((count * 1000) / answered) / 10}%`;
}

/** A label the axis can hold: long option texts are cut with …; the table beside the chart has them whole. */
export function shortLabel(label: string, max = 12): string {
  const chars = [...label];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : label;
}

/** Bars for counts, one a row, the first at the top (the order the options were designed in). */
export function countBarOption(rows: readonly CountRow[]): ResultChartOption {
  const shown = [...rows].reverse();
  return {
    tooltip: { ...tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: shown.map((row) => shortLabel(row.label)) },
    series: [
      {
        type: 'bar',
        name: SurveyResultTexts.count,
        data: shown.map((row) => row.count),
        itemStyle: { color: BLUE },
        barMaxWidth: 24,
        label: { show: true, position: 'right' },
      },
    ],
  };
}

/** A pie of the counts; hidden and zero slices are left out (a zero slice is only a label on top of another). */
export function countPieOption(rows: readonly CountRow[]): ResultChartOption {
  return {
    tooltip: { ...tooltip, trigger: 'item' },
    series: [
      {
        type: 'pie',
        name: SurveyResultTexts.count,
        radius: ['35%', '65%'],
        data: rows.flatMap((row) => (row.count === null || row.count === 0 ? [] : [{ name: shortLabel(row.label), value: row.count }])),
        label: { formatter: '{b}: {c}' },
      },
    ],
  };
}

export function choiceRows(result: SurveyChoiceResult | SurveyDepartmentResult): CountRow[] {
  return result.kind === 'choice'
    ? result.options.map((o) => ({ label: o.label, count: o.count }))
    : result.depts.map((d) => ({ label: d.label, count: d.count }));
}

export function choiceOption(result: SurveyChoiceResult | SurveyDepartmentResult, kind: ChoiceChartKind): ResultChartOption {
  const rows = choiceRows(result);
  return kind === 'pie' ? countPieOption(rows) : countBarOption(rows);
}

/** A rating's or number's values as columns: 1 分 … N 分 (a number: its values as they were given). */
export function scoreOption(result: SurveyScoreResult): ResultChartOption {
  const label = (value: number) => (result.type === 'rating' ? SurveyResultTexts.scoreOf(value) : String(value));
  return {
    tooltip: { ...tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 8, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: result.distribution.map((d) => label(d.value)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: SurveyResultTexts.count,
        data: result.distribution.map((d) => d.count),
        itemStyle: { color: BLUE },
        barMaxWidth: 32,
        label: { show: true, position: 'top' },
      },
    ],
  };
}

/** The group of an NPS score (0–6 detractor, 7–8 passive, 9–10 promoter). */
export function npsGroup(value: number): keyof typeof NPS_COLORS {
  return value >= 9 ? 'promoter' : value >= 7 ? 'passive' : 'detractor';
}

/** 0–10 as columns coloured by group. */
export function npsOption(result: SurveyNpsResult): ResultChartOption {
  return {
    tooltip: { ...tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 8, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: result.distribution.map((d) => String(d.value)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: SurveyResultTexts.count,
        data: result.distribution.map((d) => ({ value: d.count, itemStyle: { color: NPS_COLORS[npsGroup(d.value)] } })),
        barMaxWidth: 28,
        label: { show: true, position: 'top' },
      },
    ],
  };
}

/**
 * A matrix as a heat map: rows top to bottom as designed, columns left to right; a cell's colour is its count. Hidden
 * cells are left out (blank), zero cells drawn pale.
 */
export function matrixOption(result: SurveyMatrixResult): ResultChartOption {
  const rows = [...result.rows].reverse();
  const data: [number, number, number][] = [];
  rows.forEach((row, y) =>
    row.cells.forEach((count, x) => {
      if (count !== null) data.push([x, y, count]);
    }),
  );
  const max = Math.max(1, ...data.map((cell) => cell[2]));
  return {
    tooltip: { ...tooltip, trigger: 'item' },
    grid: { left: 8, right: 8, top: 8, bottom: 56, containLabel: true },
    xAxis: {
      type: 'category',
      data: result.columns.map((c) => (result.mode === 'rating' ? SurveyResultTexts.scoreOf(Number(c.id)) : shortLabel(c.label, 8))),
      splitArea: { show: true },
    },
    yAxis: { type: 'category', data: rows.map((r) => shortLabel(r.label)), splitArea: { show: true } },
    visualMap: {
      min: 0,
      max,
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 120,
      inRange: { color: ['#e6f4ff', '#0958d9'] },
    },
    series: [{ type: 'heatmap', name: SurveyResultTexts.count, data, label: { show: true } }],
  };
}

/** Ranking: each option's average position as a bar (shorter is better), best at the top. */
export function rankingOption(result: SurveyRankingResult): ResultChartOption {
  const shown = [...result.options].reverse();
  return {
    tooltip: { ...tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', min: 0 },
    yAxis: { type: 'category', data: shown.map((o) => shortLabel(o.label)) },
    series: [
      {
        type: 'bar',
        name: SurveyResultTexts.averageRank,
        data: shown.map((o) => o.average_rank),
        itemStyle: { color: BLUE },
        barMaxWidth: 24,
        label: { show: true, position: 'right' },
      },
    ],
  };
}

/** Height of a chart with a bar per row: enough for each label, within reason. */
export function barChartHeight(rows: number): number {
  return Math.min(640, Math.max(160, 36 * rows + 40));
}
