import type { TrendResult } from '@enviro/contracts/data/trend';
import { aggregationLabel, isAdditive, isAggregation, type Aggregation } from '@enviro/domain/aggregation';
import { parseDuration } from '@enviro/domain/duration';
import { INTERVAL_MS, type IntervalName } from '@enviro/domain/interval';

/** SPEC 9 duration choices; 15 days is the default. */
export const DURATION_CHOICES = [
  { value: '7d-ago', label: 'Last 7 days' },
  { value: '15d-ago', label: 'Last 15 days' },
  { value: '30d-ago', label: 'Last 30 days' },
  { value: '1y-ago', label: 'Last 1 year' },
] as const;
export const DEFAULT_TIME = '15d-ago';

/** SPEC 9 averaging choices; 15 minutes is the default. */
export const AVERAGING_CHOICES = [
  { value: 'instances', label: 'All Data Points' },
  { value: 'minute_15', label: '15 minutes' },
  { value: 'minute_30', label: '30 minutes' },
  { value: 'hour_1', label: '1 hour' },
  { value: 'hour_12', label: '12 hours' },
  { value: 'day_1', label: '1 day' },
] as const satisfies readonly { value: IntervalName; label: string }[];
export type Averaging = (typeof AVERAGING_CHOICES)[number]['value'];
export const DEFAULT_AVERAGING: Averaging = 'minute_15';

/** What the API answers at most: raw points over 31 days, 10,000 buckets a series. */
const MAX_INSTANCES_DAYS = 31;
const MAX_BUCKETS = 10_000;

const DAYS_PER_UNIT: Record<string, number> = { s: 1 / 86_400, m: 1 / 1440, h: 1 / 24, d: 1, w: 7, n: 31, y: 366 };

function durationDays(time: string): number {
  const d = parseDuration(time);
  return d ? d.amount * DAYS_PER_UNIT[d.unit]! : 0;
}

/** The averaging choices the API can answer for a duration (a year of 15-minute buckets is too many). */
export function allowedAveraging(time: string): Averaging[] {
  const days = durationDays(time);
  return AVERAGING_CHOICES.map((c) => c.value).filter((value) =>
    value === 'instances' ? days <= MAX_INSTANCES_DAYS : (days * 86_400_000) / INTERVAL_MS[value] <= MAX_BUCKETS,
  );
}

/** The URL's duration and averaging, each replaced by its default when unknown, the averaging by the finest allowed. */
export function resolveChoices(time: string | null, averaging: string | null): { time: string; averaging: Averaging } {
  const t = DURATION_CHOICES.some((c) => c.value === time) ? time! : DEFAULT_TIME;
  const allowed = allowedAveraging(t);
  const wanted = (averaging ?? DEFAULT_AVERAGING) as Averaging;
  if (allowed.includes(wanted)) return { time: t, averaging: wanted };
  const fallback = allowed.includes(DEFAULT_AVERAGING) ? DEFAULT_AVERAGING : allowed.find((a) => a !== 'instances')!;
  return { time: t, averaging: fallback };
}

/** The aggregation the URL picks, if it names one; otherwise the API applies the catalogue's. */
export const pickedAggregation = (value: string | null): Aggregation | undefined => (isAggregation(value) ? value : undefined);

/**
 * Whether a trend quotes the extremes of its readings beside it: an average hides them, so the
 * lowest and highest reading are asked for too (the buckets' minima and maxima). Sums, counts and
 * the like quote their own buckets.
 */
export const quotesReadings = (aggregation: Aggregation | null | undefined) => aggregation === 'avg';

export interface TrendStats {
  min: number | null;
  max: number | null;
  avg: number | null;
}

const values = (trend: TrendResult | undefined, skip: (time: number) => boolean = () => false) =>
  (trend?.data ?? []).flatMap((p) => (p.value === null || skip(p.time) ? [] : [p.value]));

/**
 * Min, max and average of what the chart draws (`main`): the mean of its values, and its lowest and
 * highest, or those of `extremes` (series of the buckets' minima and maxima, for an average) when
 * given. A sum or count leaves out the buckets `isCut` says the range cuts short, which hold only
 * part of their period.
 */
export function trendStats(
  main: TrendResult | undefined,
  extremes: readonly TrendResult[] = [],
  isCut: (bucketStart: number) => boolean = () => false,
): TrendStats {
  const own = values(main, isAdditive(main?.dsAgg ?? null) ? isCut : undefined);
  const lows = extremes.some((t) => t.dsAgg === 'min') ? values(extremes.find((t) => t.dsAgg === 'min')) : own;
  const highs = extremes.some((t) => t.dsAgg === 'max') ? values(extremes.find((t) => t.dsAgg === 'max')) : own;
  return {
    min: lows.length ? Math.min(...lows) : null,
    max: highs.length ? Math.max(...highs) : null,
    avg: own.length ? own.reduce((a, b) => a + b, 0) / own.length : null,
  };
}

/** One line under the tiles saying what they are of. */
export function statsNote(aggregation: Aggregation | null | undefined, interval: string): string {
  if (interval === 'instances' || aggregation === null || aggregation === undefined) return 'Min, max and average of every reading.';
  const buckets = aggregationLabel(aggregation, interval);
  if (quotesReadings(aggregation)) return `Min and max of every reading; average of the ${buckets}.`;
  return `Min, max and average of the ${buckets}${isAdditive(aggregation) ? ', leaving out periods only partly covered' : ''}.`;
}
