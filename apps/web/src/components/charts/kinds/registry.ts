import { applyCartesianAttributes, prepareSeriesData, TOP_N } from '../attributes';
import { hasPoints } from '../option-parts';
import type {
  CalendarHeatmapData,
  CandlestickChartData,
  ChartDisplayOptions,
  ChartOption,
  FacilityHeatmapData,
  PieChartData,
  SeriesChartData,
} from '../types';
import { buildAirQualityOption } from './air-quality';
import { buildAreaOption } from './area';
import { buildBarOption } from './bar';
import { buildCalendarHeatmapOption } from './calendar-heatmap';
import { buildCandlestickOption } from './candlestick';
import { buildDualAxisOption } from './dual-axis';
import { buildFacilityHeatmapOption } from './facility-heatmap';
import { buildLineOption } from './line';
import { buildPieOption } from './pie';

/**
 * A kind of chart: how to turn its data into ECharts options, and when there is nothing to draw.
 * Each kind has its own data type; the widget, spinner, empty state and table view stay as they
 * are. Which SPEC 2 attribute each kind honours is tabled in `../README.md`.
 */
export interface ChartKind<TData> {
  build(data: TData, options: ChartDisplayOptions): ChartOption;
  isEmpty(data: TData): boolean;
}

const seriesKind = (build: (data: SeriesChartData, options: ChartDisplayOptions) => ChartOption): ChartKind<SeriesChartData> => ({
  build: (data, options) => applyCartesianAttributes(build(prepareSeriesData(data, options), options), options),
  isEmpty: (data) => !hasPoints(data.series),
});

export const CHART_KINDS = {
  line: seriesKind(buildLineOption),
  bar: seriesKind(buildBarOption),
  area: seriesKind(buildAreaOption),
  airQuality: seriesKind(buildAirQualityOption),
  dualAxis: seriesKind(buildDualAxisOption),
  pie: {
    // Top-N (SPEC 5): the 5 largest slices.
    build: (data: PieChartData, options: ChartDisplayOptions) =>
      buildPieOption(options.topN ? { slices: [...data.slices].sort((a, b) => b.value - a.value).slice(0, TOP_N) } : data, options),
    isEmpty: (data: PieChartData) => !data.slices.some((s) => s.value > 0),
  },
  candlestick: {
    build: (data: CandlestickChartData, options: ChartDisplayOptions) => applyCartesianAttributes(buildCandlestickOption(data, options), options),
    isEmpty: (data: CandlestickChartData) => data.candles.length === 0,
  },
  calendarHeatmap: {
    build: buildCalendarHeatmapOption,
    isEmpty: (data: CalendarHeatmapData) => !data.years.some((y) => y.days.some(([, v]) => v !== null)),
  },
  facilityHeatmap: {
    build: buildFacilityHeatmapOption,
    isEmpty: (data: FacilityHeatmapData) => !data.cells.some(([, , v]) => v !== null),
  },
} satisfies Record<string, ChartKind<never>>;

export type ChartKindName = keyof typeof CHART_KINDS;

/** The data a chart kind takes. */
export type ChartDataOf<K extends ChartKindName> = Parameters<(typeof CHART_KINDS)[K]['build']>[0];
