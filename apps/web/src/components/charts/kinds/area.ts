import type { ChartDisplayOptions, ChartOption, SeriesChartData } from '../types';
import { buildLineOption } from './line';

/** SPEC 9: the area chart opens zoomed in: 0–50 % for wheel and touch zoom, 0–10 % on the slider. */
export const AREA_INITIAL_ZOOM = { inside: [0, 50], slider: [0, 10] } as const;

/** Area chart: a line chart with filled areas and zoom controls. */
export function buildAreaOption(data: SeriesChartData, options: ChartDisplayOptions = {}): ChartOption {
  const line = buildLineOption(data, options);
  const series = (Array.isArray(line.series) ? line.series : []).map((s) => ({ ...s, areaStyle: { opacity: 0.25 } }));
  return {
    ...line,
    grid: { ...line.grid, bottom: 72 },
    series,
    dataZoom: [
      { type: 'inside', start: AREA_INITIAL_ZOOM.inside[0], end: AREA_INITIAL_ZOOM.inside[1] },
      { type: 'slider', start: AREA_INITIAL_ZOOM.slider[0], end: AREA_INITIAL_ZOOM.slider[1], bottom: 8 },
    ],
  };
}
