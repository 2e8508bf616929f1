import { hasPoints } from '../option-parts';
import type { ChartDisplayOptions, ChartOption, PieChartData, SeriesChartData } from '../types';
import { buildAirQualityOption } from './air-quality';
import { buildAreaOption } from './area';
import { buildBarOption } from './bar';
import { buildLineOption } from './line';
import { buildPieOption } from './pie';

/**
 * A kind of chart: how to turn its data into ECharts options, and when there is nothing to draw.
 * New kinds (rose, candlestick, calendar and facility heatmaps, dual axis) are new entries with
 * their own data type; the widget, spinner and empty state stay as they are.
 */
export interface ChartKind<TData> {
  build(data: TData, options: ChartDisplayOptions): ChartOption;
  isEmpty(data: TData): boolean;
}

const seriesKind = (build: ChartKind<SeriesChartData>['build']): ChartKind<SeriesChartData> => ({
  build,
  isEmpty: (data) => !hasPoints(data.series),
});

export const CHART_KINDS = {
  line: seriesKind(buildLineOption),
  bar: seriesKind(buildBarOption),
  area: seriesKind(buildAreaOption),
  airQuality: seriesKind(buildAirQualityOption),
  pie: {
    build: buildPieOption,
    isEmpty: (data: PieChartData) => !data.slices.some((s) => s.value > 0),
  },
} satisfies Record<string, ChartKind<never>>;

export type ChartKindName = keyof typeof CHART_KINDS;

/** The data a chart kind takes. */
export type ChartDataOf<K extends ChartKindName> = Parameters<(typeof CHART_KINDS)[K]['build']>[0];
