import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, CandlestickSeriesOption, HeatmapSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  CalendarComponentOption,
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkAreaComponentOption,
  MarkLineComponentOption,
  TitleComponentOption,
  ToolboxComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';

/** The ECharts options our builders produce (only the parts we register). */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | CandlestickSeriesOption
  | HeatmapSeriesOption
  | CalendarComponentOption
  | VisualMapComponentOption
  | DataZoomComponentOption
  | GridComponentOption
  | LegendComponentOption
  | MarkAreaComponentOption
  | MarkLineComponentOption
  | TitleComponentOption
  | ToolboxComponentOption
  | TooltipComponentOption
>;

/** A point: x is an instant (epoch ms) on time axes or a label on category axes; null y is a gap. */
export type SeriesPoint = readonly [x: number | string, y: number | null];

/** One named series of a cartesian chart. */
export interface ChartSeries {
  name: string;
  unit?: string | undefined;
  points: readonly SeriesPoint[];
  /** Buckets the range or the present cuts short: hollow points beside the line, never joined to it. */
  incomplete?: readonly SeriesPoint[];
}

/** A horizontal line across the plot, e.g. a parameter's limit (SPEC 3 reference line). */
export interface ReferenceLine {
  value: number;
  label: string;
}

/** A period shaded across the plot on time axes, e.g. an alert's breach. */
export interface ShadedPeriod {
  /** Epoch ms. */
  from: number;
  /** Epoch ms; the chart's right edge when the period is still running. */
  to: number;
  label: string;
  /** 'suppressed': calibration or maintenance (grey); 'flagged': slots the data-quality detectors doubt (orange); 'corrected': values an approved correction changed (teal); otherwise a breach (red). */
  tone?: 'breach' | 'suppressed' | 'flagged' | 'corrected';
  /** The series whose values it concerns, where a chart has several (a flagged parameter). */
  series?: string;
}

/** Values measured another way, drawn as points over a line chart (e.g. a lab's results beside the analyser's). */
export interface ChartMarkers {
  /** The legend's name of the points ('Lab results'). */
  name: string;
  /** [epoch ms, value] of each. */
  points: readonly (readonly [number, number])[];
}

/** Data of line, bar, area and air-quality charts. */
export interface SeriesChartData {
  series: readonly ChartSeries[];
  referenceLines?: readonly ReferenceLine[];
  /** Periods shaded behind the first series (line charts on time axes). */
  shadedPeriods?: readonly ShadedPeriod[];
  /** Values quoted beside the chart (a range's lowest and highest reading) that its axis must reach. */
  extremes?: readonly number[];
  /** Points measured another way over the lines (line charts on time axes). */
  markers?: ChartMarkers | undefined;
}

/** One slice of a pie. */
export interface PieSlice {
  name: string;
  value: number;
  /** Fixed colour for the slice (e.g. live status colours); the palette's otherwise. */
  colour?: string | undefined;
}

/** Data of pie charts. */
export interface PieChartData {
  slices: readonly PieSlice[];
}

/** One bucket's candle (SPEC 1): open = first, close = last, low = min, high = max of its readings. */
export interface Candle {
  /** Bucket start, epoch ms. */
  time: number;
  open: number;
  close: number;
  low: number;
  high: number;
}

/** Data of candlestick charts: one series' candles. */
export interface CandlestickChartData {
  name: string;
  unit?: string | undefined;
  candles: readonly Candle[];
  referenceLines?: readonly ReferenceLine[];
}

/** A day's value on a calendar heatmap: the local date ('2025-03-25') and its value, null when none. */
export type CalendarDay = readonly [date: string, value: number | null];

/** A colour band of a heatmap's legend: values from `min` (inclusive) below `max`. */
export interface HeatmapBand {
  min?: number;
  max?: number;
  label: string;
  colour: string;
}

/** Data of calendar heatmaps (SPEC 1, 9): one heatmap per year, newest first. */
export interface CalendarHeatmapData {
  name: string;
  unit?: string | undefined;
  years: readonly { year: number; days: readonly CalendarDay[] }[];
  /** Fixed bands (e.g. AQI categories); SPEC 9's bands of the range otherwise. */
  bands?: readonly HeatmapBand[];
}

/** Data of facility heatmaps: facilities or stations (rows) by time or category (columns). */
export interface FacilityHeatmapData {
  rows: readonly string[];
  /** Column keys: bucket starts (epoch ms) on time, or labels. */
  columns: readonly (number | string)[];
  /** [column index, row index, value]. */
  cells: readonly (readonly [number, number, number | null])[];
  unit?: string | undefined;
}

/** How a chart is drawn, whatever its data (SPEC 2 chart attributes, SPEC 9 defaults). */
export interface ChartDisplayOptions {
  /** Kind of x axis: instants ('time', default) or labels ('category'). */
  xAxisType?: 'time' | 'category';
  /** Bucket interval of the data ('minute_15', 'day_1'...): picks the time-axis label format. */
  interval?: string | undefined;
  /** Name shown beside the value axis (usually the unit). */
  yAxisName?: string | undefined;
  /** Decimal places of values in labels and tooltips (SPEC 9 default 0). */
  decimals?: number;
  /** Line width in pixels (SPEC 9 default 2). */
  lineWidth?: number;
  smooth?: boolean;
  /** Stack the series on one another. */
  stacked?: boolean;
  /** Show each value as a label on its bar or point. */
  showDataLabel?: boolean;
  /** Bars grow upward ('vertical', default) or rightward ('horizontal'). */
  orient?: 'vertical' | 'horizontal';
  /** Title above the plot (SPEC 2 chart title). */
  title?: string | undefined;
  /** Name of the x axis. */
  xAxisName?: string | undefined;
  /** Logarithmic value axis (charttype 'log'). */
  logScale?: boolean;
  /** Value axis fits the data instead of keeping zero (bars). */
  dynamicScale?: boolean;
  /** Rotation of category labels, degrees. */
  labelRotation?: number;
  /** Toolbox features shown. */
  toolbox?: readonly ('saveAsImage' | 'dataView' | 'dataZoom' | 'restore')[];
  /** The plot alone: no axes, legend or grid lines. */
  naked?: boolean;
  /** Reference lines at the first series' average, minimum and maximum. */
  showAvg?: boolean;
  showMin?: boolean;
  showMax?: boolean;
  /** One colour for every bar. */
  barColour?: string | undefined;
  /** Pie as a donut (default) or a rose. */
  viewType?: 'donut' | 'rose';
  /** Per-series bar or line of a dual-axis chart. */
  types?: readonly ('bar' | 'line')[];
  /** Swap series and categories (category charts). */
  transpose?: boolean;
  /** Keep the 5 largest categories (SPEC 5 top-N). */
  topN?: boolean;
  /** Dark theme (SPEC 9). */
  dark?: boolean;
}

/** SPEC 9 chart defaults. */
export const CHART_DEFAULTS = {
  decimals: 0,
  lineWidth: 2,
  orient: 'vertical',
  xAxisType: 'time',
} as const satisfies ChartDisplayOptions;
