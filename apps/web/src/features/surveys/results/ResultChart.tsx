import { BarChart, HeatmapChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { use as registerEchartsParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../../../components/useEChart';
import type { ResultChartOption } from './result-charts';

// Only what the results draw; the results page is a lazy chunk, so ECharts loads with it and nowhere else.
registerEchartsParts([BarChart, PieChart, HeatmapChart, GridComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

interface ResultChartProps {
  option: ResultChartOption;
  height: number;
  /** What the chart shows, for a screen reader (the table beside it has the numbers). */
  label: string;
}

/** One chart of a result (useEChart: created once, given each new option, resized, disposed with the card). */
export function ResultChart({ option, height, label }: ResultChartProps) {
  const container = useEChart(option);
  return <div ref={container} className="survey-result-chart" style={{ height }} role="img" aria-label={label} />;
}
