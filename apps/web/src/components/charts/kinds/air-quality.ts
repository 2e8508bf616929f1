import type { ChartDisplayOptions, ChartOption, SeriesChartData } from '../types';
import { buildBarOption } from './bar';

/** SPEC 9 air-quality bands: up to 200 green, 200 to 400 black, above 400 red. */
export function airQualityColour(value: number | null): string {
  if (value === null || value <= 200) return '#2f9e44';
  if (value <= 400) return '#000000';
  return '#e03131';
}

/** Bars coloured by the air-quality band of their value. */
export function buildAirQualityOption(data: SeriesChartData, options: ChartDisplayOptions = {}): ChartOption {
  const bar = buildBarOption(data, options);
  const series = (Array.isArray(bar.series) ? bar.series : []).map((s) => ({
    ...s,
    itemStyle: {
      color: (p: { value?: unknown }) => airQualityColour(Array.isArray(p.value) ? (p.value[1] as number | null) : (p.value as number | null)),
    },
  }));
  return { ...bar, series } as ChartOption;
}
