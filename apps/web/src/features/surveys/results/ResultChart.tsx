import { BarChart, HeatmapChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { init, use as registerEchartsParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ResultChartOption } from './result-charts';

// Only what the results draw; the results page is a lazy chunk, so ECharts loads with it and nowhere else.
registerEchartsParts([BarChart, PieChart, HeatmapChart, GridComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

interface ResultChartProps {
  option: ResultChartOption;
  height: number;
  /** What the chart shows, for a screen reader (the table beside it has the numbers). */
  label: string;
}

/** One canvas: created once, given each new option, resized with its container, disposed with the card. */
export function ResultChart({ option, height, label }: ResultChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={container} className="survey-result-chart" style={{ height }} role="img" aria-label={label} />;
}
