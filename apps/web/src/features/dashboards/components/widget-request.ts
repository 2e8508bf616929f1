import type { TrendResult } from '@enviro/contracts/data/trend';
import type { Widget } from '@enviro/contracts/dashboards';
import { formatAxisAs, dayKey, yearOf } from '@/lib/dates';
import type { TrendRequest } from '@/features/data';
import { answerWindow, flaggedPeriods, suppressedPeriods, trendSeries } from '@/components/charts/from-trends';
import type { ChartDataOf, ChartKindName } from '@/components/charts/kinds/registry';
import { MAX_PREVIOUS_YEARS } from '@/components/charts/kinds/calendar-heatmap';
import { CHART_DEFAULTS, type Candle, type ChartDisplayOptions, type ChartSeries, type SeriesPoint } from '@/components/charts/types';

/** SPEC 9: charts wait 200 ms before fetching (a grid being dragged or a form being typed asks once). */
export const FETCH_DELAY_MS = 200;

/** The candle's four values, as the metric API's dsAgg names them (SPEC 3 Trend result). */
const CANDLE_AGGS = ['first', 'last', 'min', 'max'] as const;

const currentYear = (now: number) => yearOf(now);

/**
 * The entity-metric requests behind a widget: its stations (or every station of its type), its
 * parameters with their aggregation, interval and span, and the grouping attributes. One request,
 * but for a calendar heatmap of four years, which asks its three newest and its oldest apart (daily
 * values from 1 January, all stations combined): a range may not exceed 1,325 days (SPEC 5).
 * A candlestick asks its parameter four times (dsAgg first, last, min, max). `industry`: the
 * industry whose dashboard is read from outside it.
 */
export function widgetRequests(widget: Widget, now: number = Date.now(), industry?: number): TrendRequest[] {
  const a = widget.attributes;
  const stations = widget.entityIds.length > 0 ? { entityIds: widget.entityIds } : widget.entityType ? { entityTypeFilter: widget.entityType } : {};
  // An industry's dashboard read from outside it (a board's) reads that industry only.
  const selection = industry === undefined ? stations : { ...stations, tenantIds: [industry] };
  const params =
    widget.kind === 'candlestick'
      ? CANDLE_AGGS.map((dsAgg) => ({ name: widget.params[0]!, dsAgg }))
      : widget.params.map((name) => ({ name, ...(widget.aggregation ? { dsAgg: widget.aggregation } : {}), ...(widget.agg ? { agg: widget.agg } : {}) }));
  const tags = {
    ...(a.groupbytags && a.groupbytags.length > 0 ? { groupByTags: a.groupbytags } : {}),
    ...(a.considertags ? { considerTags: a.considertags } : {}),
    ...(a.durationrefdate ? { durationRefDate: a.durationrefdate } : {}),
  };
  if (widget.kind === 'calendarHeatmap') {
    const last = currentYear(now);
    // Newest first, three years a request: three years are at most 1,096 days, four 1,461.
    const years = calendarYears(widget, now);
    const chunks = Array.from({ length: Math.ceil(years.length / YEARS_PER_REQUEST) }, (_, i) => years.slice(i * YEARS_PER_REQUEST, (i + 1) * YEARS_PER_REQUEST));
    return chunks.map((chunk) => {
      const newest = chunk[0]!;
      const oldest = chunk.at(-1)!;
      return {
        ...selection,
        ...tags,
        params,
        interval: 'day_1',
        startDate: `${oldest}-01-01`,
        ...(newest < last ? { endDate: `${newest + 1}-01-01` } : {}),
        groupAll: true,
      };
    });
  }
  const span = a.durationtype === 'period' && ['day', 'month', 'year'].includes(widget.duration)
    ? { period: widget.duration as 'day' | 'month' | 'year' }
    : { duration: widget.duration };
  const groupAll = a.groupall ?? (widget.kind === 'dualAxis' && widget.entityIds.length !== 1);
  return [{ ...selection, ...tags, params, interval: widget.interval, ...span, groupAll }];
}

/** Years of a calendar heatmap asked in one request: a range may not pass 1,325 days (SPEC 5). */
export const YEARS_PER_REQUEST = 3;

/** The years a calendar heatmap shows, newest first: this year and `numberofyears` before it (at most 3). */
export function calendarYears(widget: Widget, now: number = Date.now()): number[] {
  const last = currentYear(now);
  const span = Math.min(widget.attributes.numberofyears ?? 0, MAX_PREVIOUS_YEARS);
  return Array.from({ length: span + 1 }, (_, i) => last - i);
}

/** The answers of a widget's requests as one: a calendar's yearly series joined, in time order. */
export function joinAnswers(answers: readonly (readonly TrendResult[])[]): TrendResult[] {
  if (answers.length === 1) return [...answers[0]!];
  const first = answers.find((a) => a.length > 0)?.[0];
  if (!first) return [];
  const data = answers.flatMap((a) => a[0]?.data ?? []).sort((x, y) => x.time - y.time);
  return [{ ...first, data }];
}

/** SPEC 2 attributes as the chart builders take them (SPEC 9 defaults where unset). */
export function widgetDisplayOptions(widget: Widget, unit?: string): ChartDisplayOptions {
  const a = widget.attributes;
  const decimals = a.roundoff === false ? 2 : (a.decimalplaces ?? CHART_DEFAULTS.decimals);
  const opt = <T,>(key: string, v: T | undefined) => (v === undefined ? {} : { [key]: v });
  return {
    interval: widget.interval,
    decimals,
    xAxisType: a.charttype === 'category' ? 'category' : 'time',
    ...opt('yAxisName', a.yaxisname ?? unit),
    ...opt('xAxisName', a.xaxisname),
    ...opt('title', a.title),
    ...opt('smooth', a.smoothline),
    ...opt('stacked', a.stacked),
    ...opt('showDataLabel', a.showdatalabel),
    ...opt('orient', a.orient),
    ...opt('lineWidth', a.linewidth),
    ...opt('labelRotation', a.labelrotation),
    ...opt('toolbox', a.toolbox),
    ...opt('naked', a.naked),
    ...opt('showAvg', a.showavg),
    ...opt('showMin', a.showmin),
    ...opt('showMax', a.showmax),
    ...opt('barColour', a.barcolor),
    ...opt('viewType', a.viewtype),
    ...opt('types', a.types),
    ...opt('transpose', a.transpose),
    ...opt('topN', a.topn),
    ...opt('dynamicScale', a.dynamicscale),
    ...(a.charttype === 'log' ? { logScale: true } : {}),
    ...(a.theme === 'dark' ? { dark: true } : {}),
  };
}

/** Which chart kind draws a widget: its kind, but a bar or line widget's `type` attribute picks bar or line (SPEC 2 type). */
export const chartKindOf = (widget: Widget): ChartKindName =>
  (widget.kind === 'bar' || widget.kind === 'line') && widget.attributes.type ? widget.attributes.type : widget.kind;

const seriesName = (widget: Widget) => (t: TrendResult) =>
  widget.params.length > 1 ? `${t.entityName ?? 'All stations'} · ${t.paramLabel}` : (t.entityName ?? t.paramLabel);

/** A category axis shows bucket starts as labels in Kolkata time. */
function asCategories(series: ChartSeries[], interval: string): ChartSeries[] {
  const format = interval === 'month_1' ? 'MMM YYYY' : interval === 'day_1' ? 'DD MMM' : 'DD MMM HH:mm';
  const label = (x: number | string) => (typeof x === 'number' ? formatAxisAs(x, format) : x);
  return series.map((s) => ({ name: s.name, ...(s.unit ? { unit: s.unit } : {}), points: s.points.filter(([, y]) => y !== null).map(([x, y]) => [label(x), y] as SeriesPoint) }));
}

/**
 * A widget's chart data from the metric answer, in the shape of its kind. On line charts the buckets
 * the answer's range cuts short are told apart; `now` is when the answer came, the year a calendar
 * heatmap counts back from.
 */
export function widgetChartData(widget: Widget, results: readonly TrendResult[], now: number = Date.now()): ChartDataOf<ChartKindName> {
  const referenceLines = (widget.attributes.thresholds ?? []).map((t) => ({ value: t.value, label: t.label || String(t.value) }));
  switch (widget.kind) {
    case 'pie':
      return {
        slices: results.map((t) => {
          const values = t.data.flatMap((p) => (p.value === null ? [] : [p.value]));
          const total = values.reduce((s, v) => s + v, 0);
          return { name: seriesName(widget)(t), value: t.dsAgg === 'sum' || t.dsAgg === 'count' ? total : values.length ? total / values.length : 0 };
        }),
      };
    case 'candlestick': {
      const first = results.find((t) => t.dsAgg === 'first');
      const series = Object.fromEntries(
        CANDLE_AGGS.map((agg) => [agg, new Map(results.find((t) => t.dsAgg === agg && t.entityId === first?.entityId)?.data.map((p) => [p.time, p.value]))]),
      ) as Record<(typeof CANDLE_AGGS)[number], Map<number, number | null>>;
      const candles: Candle[] = (first?.data ?? []).flatMap((p) => {
        const [open, close, low, high] = CANDLE_AGGS.map((agg) => series[agg].get(p.time));
        return open == null || close == null || low == null || high == null ? [] : [{ time: p.time, open, close, low, high }];
      });
      return { name: first ? seriesName(widget)(first) : widget.name, unit: first?.unit, candles, referenceLines };
    }
    case 'calendarHeatmap': {
      const t = results[0];
      const years = new Map<number, [string, number | null][]>();
      for (const p of t?.data ?? []) {
        const date = dayKey(p.time);
        const year = Number(date.slice(0, 4));
        years.set(year, [...(years.get(year) ?? []), [date, p.value]]);
      }
      return {
        name: t?.paramLabel ?? widget.params[0]!,
        unit: t?.unit,
        years: calendarYears(widget, now).map((year) => ({ year, days: years.get(year) ?? [] })),
      };
    }
    case 'facilityHeatmap': {
      const columns = [...new Set(results.flatMap((t) => t.data.map((p) => p.time)))].sort((a, b) => a - b);
      const index = new Map(columns.map((c, i) => [c, i]));
      return {
        rows: results.map(seriesName(widget)),
        columns,
        cells: results.flatMap((t, row) => t.data.map((p) => [index.get(p.time)!, row, p.value] as const)),
        unit: results[0]?.unit,
      };
    }
    case 'dualAxis': {
      const perParam = widget.params.flatMap((p) => results.filter((t) => t.paramName === p).slice(0, 1));
      const series = trendSeries(perParam, (t) => t.paramLabel, widget.interval);
      return { series, referenceLines };
    }
    default: {
      const window = answerWindow(results);
      const series = trendSeries(results, seriesName(widget), widget.interval, window);
      if (widget.attributes.charttype === 'category') return { series: asCategories(series, widget.interval), referenceLines };
      // Calibration and the slots the data-quality detectors doubt, shaded and in the table view.
      const shadedPeriods = [...suppressedPeriods(results, window?.end ?? now), ...flaggedPeriods(results, seriesName(widget))];
      return { series, referenceLines, ...(shadedPeriods.length > 0 ? { shadedPeriods } : {}) };
    }
  }
}
