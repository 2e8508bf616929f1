import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkAreaComponentOption,
  MarkLineComponentOption,
  TitleComponentOption,
  ToolboxComponentOption,
  TooltipComponentOption,
} from 'echarts/components';

/** The ECharts options our builders produce (only the parts we register). */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
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
}

/** Data of line, bar, area and air-quality charts. */
export interface SeriesChartData {
  series: readonly ChartSeries[];
  referenceLines?: readonly ReferenceLine[];
  /** Periods shaded behind the first series (line charts on time axes). */
  shadedPeriods?: readonly ShadedPeriod[];
  /** Values quoted beside the chart (a range's lowest and highest reading) that its axis must reach. */
  extremes?: readonly number[];
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
}

/** SPEC 9 chart defaults. */
export const CHART_DEFAULTS = {
  decimals: 0,
  lineWidth: 2,
  orient: 'vertical',
  xAxisType: 'time',
} as const satisfies ChartDisplayOptions;
