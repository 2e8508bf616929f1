import { addCalendar, offsetAt, startOfCalendar } from './time-zone.ts';

/**
 * Downsampling intervals (SPEC 9). `instances` is every raw reading; the others are buckets aligned
 * to the wall clock of the request's zone: minute_15 and minute_30 on the local quarter/half hours,
 * hour_1 on local hours (Asia/Kolkata, UTC+5:30: at UTC :30), hour_12 at local midnight and noon,
 * day_1 from local midnight, month_1 from the 1st, year_1 from 1 January.
 */
export const INTERVAL_NAMES = ['instances', 'minute_15', 'minute_30', 'hour_1', 'hour_12', 'day_1', 'month_1', 'year_1'] as const;
export type IntervalName = (typeof INTERVAL_NAMES)[number];
export type BucketInterval = Exclude<IntervalName, 'instances'>;

export const QUARTER_HOUR_MS = 900_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Nominal length of each interval in milliseconds. minute_15 to hour_1 are exact; hour_12 and
 * longer follow the calendar (a local day is 23 or 25 hours on DST days, months differ).
 */
export const INTERVAL_MS: Record<BucketInterval, number> = {
  minute_15: QUARTER_HOUR_MS,
  minute_30: 2 * QUARTER_HOUR_MS,
  hour_1: HOUR_MS,
  hour_12: 12 * HOUR_MS,
  day_1: DAY_MS,
  month_1: 30 * DAY_MS,
  year_1: 365 * DAY_MS,
};

// A local day is up to 25 hours and a month up to 31 days plus a DST hour.
const ONE_DAY_SPAN = 25 * HOUR_MS;
const ONE_MONTH_SPAN = 31 * DAY_MS + HOUR_MS;

/**
 * Default downsampling of a range when a trend request names no interval (SPEC 7): up to a day
 * hour_1, up to a month day_1, longer month_1.
 */
export function defaultInterval(from: number, to: number): BucketInterval {
  const span = to - from;
  if (span <= ONE_DAY_SPAN) return 'hour_1';
  if (span <= ONE_MONTH_SPAN) return 'day_1';
  return 'month_1';
}

const mod = (a: number, b: number) => ((a % b) + b) % b;

/**
 * The start of the bucket holding `instant`. Fixed intervals floor on the local grid using the
 * offset in force at that instant, so the hour repeated when clocks go back is two buckets.
 */
export function bucketStart(instant: number, interval: BucketInterval, zone: string): number {
  switch (interval) {
    case 'minute_15':
    case 'minute_30':
    case 'hour_1': {
      const length = INTERVAL_MS[interval];
      return instant - mod(instant + offsetAt(instant, zone), length);
    }
    case 'hour_12': {
      const day = startOfCalendar(instant, 'day', zone);
      const noon = addCalendar(day, 12, 'hour', zone);
      return instant >= noon ? noon : day;
    }
    case 'day_1':
      return startOfCalendar(instant, 'day', zone);
    case 'month_1':
      return startOfCalendar(instant, 'month', zone);
    case 'year_1':
      return startOfCalendar(instant, 'year', zone);
  }
}

/** The start of the bucket after the one starting at `start`. */
export function nextBucketStart(start: number, interval: BucketInterval, zone: string): number {
  switch (interval) {
    case 'minute_15':
    case 'minute_30':
    case 'hour_1': {
      const next = bucketStart(start + INTERVAL_MS[interval], interval, zone);
      return next > start ? next : start + INTERVAL_MS[interval];
    }
    case 'hour_12':
      return bucketStart(addCalendar(bucketStart(start, 'hour_12', zone), 12, 'hour', zone), 'hour_12', zone);
    case 'day_1':
      return addCalendar(startOfCalendar(start, 'day', zone), 1, 'day', zone);
    case 'month_1':
      return addCalendar(startOfCalendar(start, 'month', zone), 1, 'month', zone);
    case 'year_1':
      return addCalendar(startOfCalendar(start, 'year', zone), 1, 'year', zone);
  }
}

/** Buckets covering a range: `starts[i]` begins bucket i, which ends at `starts[i + 1]` or `end`. */
export interface BucketGrid {
  starts: number[];
  end: number;
}

/**
 * The buckets that overlap [from, to). The first may start before `from` and the last end after
 * `to`: a bucket keeps its aligned start even when the range clips it. Returns undefined when more
 * than `limit` buckets would be needed, so a caller can refuse before doing the work.
 */
export function bucketGrid(from: number, to: number, interval: BucketInterval, zone: string, limit: number): BucketGrid | undefined {
  const starts: number[] = [];
  let start = bucketStart(from, interval, zone);
  while (start < to) {
    if (starts.length === limit) return undefined;
    starts.push(start);
    start = nextBucketStart(start, interval, zone);
  }
  return { starts, end: start };
}

/** Whether an instant is on the 15-minute grid of the rollups (UTC quarter hours). */
export function isQuarterHour(instant: number): boolean {
  return mod(instant, QUARTER_HOUR_MS) === 0;
}

/** How many 15-minute slots of the rollup grid overlap [from, to): the denominator of availability. */
export function quarterHourSlots(from: number, to: number): number {
  if (to <= from) return 0;
  const first = from - mod(from, QUARTER_HOUR_MS);
  const last = to - mod(to, QUARTER_HOUR_MS) + (isQuarterHour(to) ? 0 : QUARTER_HOUR_MS);
  return (last - first) / QUARTER_HOUR_MS;
}
