import { Box } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ChartOption } from './types';
import { loadEcharts } from './load-echarts';

interface EChartProps {
  option: ChartOption;
  height: number;
  /** Describes the chart for screen readers. */
  ariaLabel: string;
  /** Called when ECharts could not be loaded. */
  onUnavailable: () => void;
  /** SPEC 9 dark theme (ECharts' own 'dark'). */
  dark?: boolean | undefined;
}

type Instance = ReturnType<NonNullable<Awaited<ReturnType<typeof loadEcharts>>>['init']>;

/** One ECharts instance drawn as SVG, resized with its box and disposed on unmount. */
export function EChart({ option, height, ariaLabel, onUnavailable, dark = false }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Instance | null>(null);

  useEffect(() => {
    let disposed = false;
    let instance: Instance | undefined;
    let observer: ResizeObserver | undefined;
    void loadEcharts().then((echarts) => {
      if (disposed || !box.current) return;
      if (!echarts) return onUnavailable();
      const el = box.current;
      instance = echarts.init(el, dark ? 'dark' : null, { renderer: 'svg' });
      observer = new ResizeObserver(() => instance?.resize());
      observer.observe(el);
      setChart(instance);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      instance?.dispose();
    };
  }, [onUnavailable, dark]);

  useEffect(() => {
    // Lines that draw themselves are motion; people who asked their system for less get none.
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    chart?.setOption(still ? { ...option, animation: false } : option, { notMerge: true });
  }, [chart, option]);

  return <Box ref={box} h={height} w="100%" role="img" aria-label={ariaLabel} />;
}
