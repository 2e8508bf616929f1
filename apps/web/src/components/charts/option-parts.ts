import { axisFormatFor, DISPLAY_TIME_ZONE } from '@enviro/domain/format-date';
import { formatInstant, formatClock, formatAxisAs } from '@/lib/dates';
import { offsetAt } from '@enviro/domain/time-zone';
import { formatIndian } from '@enviro/domain/format-number';
import {
  CHART_DEFAULTS,
  type ChartDisplayOptions,
  type ChartOption,
  type ChartSeries,
  type ReferenceLine,
  type SeriesChartData,
  type SeriesPoint,
  type ShadedPeriod,
} from './types';
import { axisLabel, valueAxisRange } from './value-axis';

type Part<K extends keyof ChartOption> = Exclude<ChartOption[K], unknown[] | undefined>;

/**
 * ECharts places time ticks on the viewer's local midnights and hours. Instants are shifted by the
 * display zone's offset and drawn as UTC (`useUTC`), so ticks fall on Indian midnights wherever the
 * viewer is. India keeps one offset all year, so one shift is exact for every point.
 */
export const TIME_SHIFT_MS = offsetAt(Date.now(), DISPLAY_TIME_ZONE);

/** Back from a shifted axis value to the instant it stands for. */
export const unshift = (value: number) => value - TIME_SHIFT_MS;

/** Cartesian layout shared by every x/y chart; labels are kept inside the box on phones. */
export function grid(series: readonly ChartSeries[]): Part<'grid'> {
  // A legend takes the top line; the value axis' name then goes below it.
  return { left: 8, right: 16, top: series.length > 1 ? 60 : 36, bottom: 48, containLabel: true };
}

export function legend(series: readonly ChartSeries[]): Part<'legend'> {
  return { show: series.length > 1, type: 'scroll', top: 0, data: series.map((s) => s.name) };
}

/** The category/time axis. Time labels are drawn in Asia/Kolkata, whatever the viewer's zone. */
export function xAxis(options: ChartDisplayOptions, series: readonly ChartSeries[]) {
  if ((options.xAxisType ?? CHART_DEFAULTS.xAxisType) === 'category') {
    const labels = [...new Set(series.flatMap((s) => s.points.map(([x]) => String(x))))];
    return { type: 'category' as const, data: labels, axisLabel: { hideOverlap: true } };
  }
  const format = axisFormatFor(options.interval ?? 'minute_15');
  return {
    type: 'time' as const,
    axisLabel: {
      hideOverlap: true,
      alignMinLabel: 'left' as const,
      alignMaxLabel: 'right' as const,
      formatter: (value: number) => timeLabel(value, format),
    },
  };
}

const DAY_MS = 86_400_000;

/**
 * A time tick's label: sub-day axes show the time, and the date alone at each Indian midnight
 * (shifted values are multiples of a day exactly there); longer intervals use their format.
 */
function timeLabel(shifted: number, format: string): string {
  const at = unshift(shifted);
  if (!format.includes('HH')) return formatAxisAs(at, format);
  return shifted % DAY_MS === 0 ? formatAxisAs(at, 'DD MMM') : formatClock(at);
}

/**
 * The value axis: it spans the series, the reference lines (limits) and the data's extremes, so
 * none is drawn off the chart, and its labels carry the decimals that tell ticks apart. Bars keep
 * zero on the axis.
 */
export function yAxis(options: ChartDisplayOptions, data: SeriesChartData, { includeZero = false } = {}) {
  const values = [
    ...data.series.flatMap((s) => [...s.points, ...(s.incomplete ?? [])].flatMap(([, y]) => (y === null ? [] : [y]))),
    ...(data.referenceLines ?? []).map((l) => l.value),
    ...(data.extremes ?? []),
    ...(data.markers?.points ?? []).map(([, y]) => y),
  ];
  const range = valueAxisRange(values, { includeZero });
  return {
    type: 'value' as const,
    name: options.yAxisName ?? '',
    // Written rightward from the axis, so a long name ('kWh, 15-minute sums') is not cut at the edge.
    nameTextStyle: { align: 'left' as const },
    ...(range ? { min: range.min, max: range.max, interval: range.interval } : { scale: true }),
    axisLabel: { formatter: (value: number) => (range ? axisLabel(value, range) : formatIndian(value, 2)) },
  };
}

interface TooltipParam {
  marker?: string;
  seriesId?: string;
  seriesName?: string;
  value?: unknown;
  axisValue?: number | string;
}

/** Id prefix of the series that holds a line's cut-short buckets (same name and colour as the line). */
export const INCOMPLETE_ID = 'incomplete:';

const pointValue = (p: TooltipParam) => (Array.isArray(p.value) ? (p.value[1] as number | null) : (p.value as number | null));

/**
 * Axis tooltip: the instant in Kolkata time, then each series' value in Indian grouping. A line's
 * gap where its bucket was cut short gives way to that bucket's value, marked as incomplete.
 */
export function axisTooltip(options: ChartDisplayOptions): Part<'tooltip'> {
  const decimals = options.decimals ?? CHART_DEFAULTS.decimals;
  const isTime = (options.xAxisType ?? CHART_DEFAULTS.xAxisType) === 'time';
  return {
    trigger: 'axis',
    confine: true,
    formatter: (raw: unknown) => {
      const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
      const first = params[0];
      if (!first) return '';
      const head = isTime && typeof first.axisValue === 'number' ? formatInstant(unshift(first.axisValue)) : String(first.axisValue ?? '');
      const cut = (p: TooltipParam) => p.seriesId?.startsWith(INCOMPLETE_ID) ?? false;
      const shown = params.filter(
        (p) => pointValue(p) !== null || !params.some((q) => q !== p && q.seriesName === p.seriesName && pointValue(q) !== null),
      );
      const rows = shown.map((p) => {
        const note = cut(p) ? ' (incomplete period)' : '';
        return `${p.marker ?? ''}${escapeHtml(p.seriesName ?? '')}: <b>${formatIndian(pointValue(p), decimals)}</b>${note}`;
      });
      return [escapeHtml(head), ...rows].join('<br/>');
    },
  };
}

/** Reference lines (limits) drawn once, on the first series. */
export function markLines(lines: readonly ReferenceLine[] | undefined) {
  if (!lines || lines.length === 0) return undefined;
  return {
    silent: true,
    symbol: 'none',
    lineStyle: { color: '#e03131', type: 'dashed' as const, width: 1.5 },
    label: { formatter: '{b}', position: 'insideEndTop' as const },
    data: lines.map((l) => ({ name: l.label, yAxis: l.value })),
  };
}

/** Periods shaded behind a series (time axes), on the same shifted clock as the points. */
export function markAreas(periods: readonly ShadedPeriod[] | undefined) {
  if (!periods || periods.length === 0) return undefined;
  return {
    silent: true,
    itemStyle: { color: 'rgba(224, 49, 49, 0.12)' },
    label: { position: 'insideTop' as const, color: '#c92a2a', fontSize: 11 },
    // Calibration and maintenance are grey (not process data), doubted slots orange, corrected values teal, a breach red.
    data: periods.map(
      (p) =>
        [
          {
            name: p.label,
            xAxis: p.from + TIME_SHIFT_MS,
            ...(p.tone === 'suppressed' ? { itemStyle: { color: 'rgba(134, 142, 150, 0.18)' }, label: { color: '#495057' } } : {}),
            ...(p.tone === 'flagged' ? { itemStyle: { color: 'rgba(247, 103, 7, 0.16)' }, label: { color: '#d9480f' } } : {}),
            ...(p.tone === 'corrected' ? { itemStyle: { color: 'rgba(12, 166, 120, 0.14)' }, label: { color: '#087f5b' } } : {}),
          },
          { xAxis: p.to + TIME_SHIFT_MS },
        ] as [{ name: string; xAxis: number }, { xAxis: number }],
    ),
  };
}

/** Points as ECharts wants them: [x, y] for time axes, y alone for category axes. */
export function seriesData(options: ChartDisplayOptions, points: readonly SeriesPoint[]) {
  if ((options.xAxisType ?? CHART_DEFAULTS.xAxisType) === 'category') return points.map(([, y]) => y);
  return points.map(([x, y]) => [typeof x === 'number' ? x + TIME_SHIFT_MS : x, y] as [number | string, number | null]);
}

/** ECharts' own palette, named so a line and its incomplete buckets can share a colour. */
export const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'] as const;

export const seriesColour = (index: number) => PALETTE[index % PALETTE.length]!;

export function hasPoints(series: readonly ChartSeries[]): boolean {
  return series.some((s) => [...s.points, ...(s.incomplete ?? [])].some(([, y]) => y !== null));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
