import { DETECTOR_LABELS, STATE_LABELS, type DetectorId } from '@enviro/domain/data-quality/detectors';
import type { ParamLimit } from '@enviro/contracts/entities';
import type { TrendResult } from '@enviro/contracts/data/trend';
import { aggregationLabel, type Aggregation } from '@enviro/domain/aggregation';
import { DISPLAY_TIME_ZONE } from '@enviro/domain/format-date';
import { INTERVAL_MS, nextBucketStart, type BucketInterval } from '@enviro/domain/interval';
import type { ChartSeries, ReferenceLine, SeriesPoint, ShadedPeriod } from './types';

/** The span a trend answer covers, [start, end): the buckets it cuts short are told apart. */
export interface TrendWindow {
  start: number;
  end: number;
}

/** The span a trend answer covers, as the server resolved it (each series carries it); undefined without series. */
export function answerWindow(trends: readonly TrendResult[] | undefined): TrendWindow | undefined {
  const range = trends?.[0]?.range;
  return range ? { start: Date.parse(range.from), end: Date.parse(range.to) } : undefined;
}

const bucketInterval = (interval: string | undefined): BucketInterval | undefined =>
  interval && interval in INTERVAL_MS ? (interval as BucketInterval) : undefined;

/**
 * Whether the bucket starting at `time` is cut short by the window: it began before the window
 * (the API keeps a bucket's aligned start) or is still running at its end. Such a bucket holds
 * only part of its period's readings.
 */
export function isCutBucket(time: number, interval: string | undefined, window: TrendWindow | undefined): boolean {
  const bucket = bucketInterval(interval);
  if (!bucket || !window) return false;
  return time < window.start || nextBucketStart(time, bucket, DISPLAY_TIME_ZONE) > window.end;
}

/**
 * Trend results as chart series, named by `name` (station or parameter). The API leaves empty
 * buckets out; with a bucket `interval`, a null is put where buckets are missing so the line breaks
 * there instead of bridging the gap. Given the answer's `window`, the buckets it cuts short go to
 * `incomplete` and leave a gap in the line: a quarter hour that has just begun is not a dip.
 */
export function trendSeries(
  trends: readonly TrendResult[],
  name: (t: TrendResult) => string,
  interval?: string,
  window?: TrendWindow,
): ChartSeries[] {
  const bucket = bucketInterval(interval);
  const step = bucket ? INTERVAL_MS[bucket] : undefined;
  return trends.map((t) => {
    const points: SeriesPoint[] = [];
    const incomplete: SeriesPoint[] = [];
    let previous: number | undefined;
    for (const p of t.data) {
      // Half a bucket of slack: local days and months vary in length around their nominal one.
      if (step !== undefined && previous !== undefined && p.time - previous > step * 1.5) points.push([previous + step, null]);
      if (isCutBucket(p.time, interval, window)) {
        if (incomplete.length > 0) incomplete.push([(incomplete.at(-1)![0] as number) / 2 + p.time / 2, null]);
        incomplete.push([p.time, p.value]);
        points.push([p.time, null]);
      } else {
        points.push([p.time, p.value]);
      }
      previous = p.time;
    }
    return { name: name(t), unit: t.unit, points, ...(incomplete.length > 0 ? { incomplete } : {}) };
  });
}

/**
 * The calibration and maintenance periods of the trends' devices (`suppressed`), shaded grey: readings
 * then are calibration data, not process data. A period still open runs to `end`.
 */
export function suppressedPeriods(trends: readonly TrendResult[], end: number): ShadedPeriod[] {
  const periods = new Map<string, ShadedPeriod>();
  for (const t of trends) {
    for (const w of t.suppressed ?? []) {
      const period: ShadedPeriod = {
        from: Date.parse(w.from),
        to: w.to === null ? end : Date.parse(w.to),
        label: w.kind === 'CALIBRATION' ? 'Calibration' : 'Maintenance',
        tone: 'suppressed',
      };
      periods.set(`${period.label}|${period.from}|${period.to}`, period);
    }
  }
  return [...periods.values()].sort((a, b) => a.from - b.from);
}

/**
 * The runs of slots the data-quality detectors found suspect or invalid (`flagged`), shaded orange
 * with what fired: the values stay as they are, a board sees which not to trust. With `name`, each
 * period names its series (a chart of several parameters: the table view says which is doubted).
 */
export function flaggedPeriods(trends: readonly TrendResult[], name?: (t: TrendResult) => string): ShadedPeriod[] {
  const periods = new Map<string, ShadedPeriod>();
  for (const t of trends) {
    for (const f of t.flagged ?? []) {
      const why = f.detectors.map((d) => DETECTOR_LABELS[d as DetectorId] ?? d).join(', ');
      const series = name?.(t);
      const period: ShadedPeriod = { from: Date.parse(f.from), to: Date.parse(f.to), label: `${STATE_LABELS[f.state]}: ${why}`, tone: 'flagged', ...(series ? { series } : {}) };
      periods.set(`${period.series ?? ''}|${period.label}|${period.from}|${period.to}`, period);
    }
  }
  return [...periods.values()].sort((a, b) => a.from - b.from);
}

/**
 * The periods an approved correction changed (`corrected`), shaded teal: the values drawn there are
 * corrected, or, with `original`, the readings as received before the correction.
 */
export function correctedPeriods(trends: readonly TrendResult[], original = false): ShadedPeriod[] {
  const periods = new Map<string, ShadedPeriod>();
  for (const t of trends) {
    for (const c of t.corrected ?? []) {
      const label = original ? `Original values (corrected, version ${c.version})` : `Corrected (version ${c.version})`;
      const period: ShadedPeriod = { from: Date.parse(c.from), to: Date.parse(c.to), label, tone: 'corrected' };
      periods.set(`${period.label}|${period.from}|${period.to}`, period);
    }
  }
  return [...periods.values()].sort((a, b) => a.from - b.from);
}

/** Whether any series has a bucket cut short, which the chart's caption then explains. */
export const hasIncomplete = (series: readonly ChartSeries[]) => series.some((s) => s.incomplete?.some(([, y]) => y !== null));

/** The value axis' name: the unit and what each value is ('kWh, 15-minute sums'). */
export function valueAxisName(unit: string, agg: Aggregation | null | undefined, interval: string): string {
  const what = agg === undefined ? '' : aggregationLabel(agg, interval);
  return [unit, what].filter(Boolean).join(', ');
}

/** A parameter's limits as reference lines ('Max limit 50 mg/Nm3'). */
export function limitLines(limit: Pick<ParamLimit, 'min' | 'max' | 'unit'> | undefined): ReferenceLine[] {
  if (!limit) return [];
  const unit = limit.unit ? ` ${limit.unit}` : '';
  return [
    ...(limit.max !== null ? [{ value: limit.max, label: `Max limit ${limit.max}${unit}` }] : []),
    ...(limit.min !== null ? [{ value: limit.min, label: `Min limit ${limit.min}${unit}` }] : []),
  ];
}
