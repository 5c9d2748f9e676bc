import { init, type EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * One ECharts canvas in the returned element: created once, given each new option, resized with its container,
 * disposed with the component. The caller registers the chart parts it draws (echarts/core `use`), so each page's
 * chunk carries only its own; only lazy pages import this, so ECharts loads with them and nowhere else.
 */
export function useEChart(option: EChartsCoreOption): RefObject<HTMLDivElement | null> {
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

  return container;
}
