import { formatInstant } from '@/lib/dates';
import { facilityColumnLabels } from './kinds/facility-heatmap';
import type { ChartDataOf, ChartKindName } from './kinds/registry';
import type { CalendarHeatmapData, CandlestickChartData, FacilityHeatmapData, PieChartData, SeriesChartData, ShadedPeriod } from './types';

/** A chart's data as a table (SPEC 1: every chart has its table view and CSV export). */
export interface ChartTable {
  headers: string[];
  rows: (string | number | null)[][];
}

const xLabel = (x: number | string) => (typeof x === 'number' ? formatInstant(x) : x);

function seriesTable(data: SeriesChartData): ChartTable {
  const xs = [...new Set(data.series.flatMap((s) => [...s.points, ...(s.incomplete ?? [])].filter(([, y]) => y !== null).map(([x]) => x)))];
  if (xs.every((x) => typeof x === 'number')) (xs as number[]).sort((a, b) => a - b);
  const value = (s: SeriesChartData['series'][number], x: number | string) =>
    s.points.find(([px, y]) => px === x && y !== null)?.[1] ?? s.incomplete?.find(([px]) => px === x)?.[1] ?? null;
  const headers = ['Time', ...data.series.map((s) => (s.unit ? `${s.name} (${s.unit})` : s.name))];
  const rows = xs.map((x) => [xLabel(x), ...data.series.map((s) => value(s, x))]);
  const marks = (data.shadedPeriods ?? []).filter((p) => p.tone === 'flagged' || p.tone === 'suppressed');
  if (marks.length === 0 || !xs.every((x) => typeof x === 'number')) return { headers, rows };
  // The data-quality verdicts beside the values, as the raw data report writes them.
  return { headers: [...headers, 'Quality'], rows: rows.map((row, i) => [...row, qualityAt(marks, xs[i] as number)]) };
}

/** What the flagged and calibration periods covering `x` say of it ('SO2 suspect: Flat line (stuck value)'), or valid. */
function qualityAt(marks: readonly ShadedPeriod[], x: number): string {
  const said = marks
    .filter((p) => p.from <= x && x < p.to)
    .map((p) => (p.series ? `${p.series} ${p.label.charAt(0).toLowerCase()}${p.label.slice(1)}` : p.label));
  return said.length === 0 ? 'Valid' : [...new Set(said)].join('; ');
}

const TABLES: { [K in ChartKindName]: (data: ChartDataOf<K>) => ChartTable } = {
  line: seriesTable,
  bar: seriesTable,
  area: seriesTable,
  airQuality: seriesTable,
  dualAxis: seriesTable,
  pie: (data: PieChartData) => ({ headers: ['Name', 'Value'], rows: data.slices.map((s) => [s.name, s.value]) }),
  candlestick: (data: CandlestickChartData) => ({
    headers: ['Time', 'Open', 'Close', 'Low', 'High'],
    rows: data.candles.map((c) => [formatInstant(c.time), c.open, c.close, c.low, c.high]),
  }),
  calendarHeatmap: (data: CalendarHeatmapData) => ({
    headers: ['Date', data.unit ? `${data.name} (${data.unit})` : data.name],
    rows: [...data.years].sort((a, b) => a.year - b.year).flatMap((y) => y.days.map(([d, v]) => [d, v])),
  }),
  facilityHeatmap: (data: FacilityHeatmapData) => {
    const labels = facilityColumnLabels(data, undefined);
    return {
      headers: ['Station', ...labels],
      rows: data.rows.map((name, r) => [name, ...data.columns.map((_, c) => data.cells.find(([x, y]) => x === c && y === r)?.[2] ?? null)]),
    };
  },
};

/** The table view of a chart kind's data. */
export function chartTable<K extends ChartKindName>(kind: K, data: ChartDataOf<K>): ChartTable {
  return (TABLES[kind] as (d: ChartDataOf<K>) => ChartTable)(data);
}
