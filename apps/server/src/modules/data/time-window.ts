import { DEFAULT_DURATION, durationRange, parseDuration } from '@enviro/domain/duration';
import { bucketGrid, defaultInterval, type BucketGrid, type BucketInterval, type IntervalName } from '@enviro/domain/interval';
import { periodRange, type Period } from '@enviro/domain/period';
import type { TimeRange } from '@enviro/domain/time-range';
import { addCalendar, fromWallClock, parseDateTime, parseLocalDate } from '@enviro/domain/time-zone';
import { badRequest } from '../../platform/errors.ts';

const DAY_MS = 86_400_000;

/** Longest range any data request may cover: the date picker's maximum span (SPEC 5, 9). */
export const MAX_RANGE_DAYS = 1325;
/** Longest range of raw points in a trend ('instances'): a month of 1-minute data is ~45,000 points a series. */
export const MAX_INSTANCES_DAYS = 31;
/** Most buckets per series: minute_15 over ~104 days, hour_1 over ~416 days. */
export const MAX_BUCKETS = 10_000;

/** Fields of a request that name its time window (see the contracts' window fields). */
export interface WindowRequest {
  duration?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  period?: Period | undefined;
  range: number;
  durationRefDate?: string | undefined;
  timezone: string;
  shiftInterval?: string | undefined;
}

/** The dotted path of a request field in error answers, as validation errors name it. */
export const requestField = (name: string) => `body.request.${name}`;

/**
 * Resolves the window to [from, to) in the request's zone, keeping the request's words:
 * startDate (with endDate, default now), else period, else duration, else 15d-ago. With
 * durationRefDate, a duration ends at the end of that local day (or now, if earlier) and a period
 * counts from that day. shiftInterval then moves both ends back.
 */
export function resolveWindow(request: WindowRequest, now: number): TimeRange {
  const range = shiftBack(pickWindow(request, now), request);
  if (range.to <= range.from) throw badRequest(requestField('endDate'), 'must be after startDate');
  if (range.to - range.from > MAX_RANGE_DAYS * DAY_MS + 3_600_000) {
    throw badRequest(requestField(windowField(request)), `a range may cover at most ${MAX_RANGE_DAYS} days`);
  }
  return range;
}

function pickWindow(r: WindowRequest, now: number): TimeRange {
  const zone = r.timezone;
  if (r.startDate !== undefined) {
    // The contract has checked that both dates parse in the zone.
    const from = parseDateTime(r.startDate, zone)!;
    const to = r.endDate === undefined ? now : parseDateTime(r.endDate, zone)!;
    return { from, to, zone, raw: { from: r.startDate, to: r.endDate ?? 'now' } };
  }
  const refDay = r.durationRefDate === undefined ? undefined : parseLocalDate(r.durationRefDate);
  const withRef = (range: TimeRange): TimeRange =>
    r.durationRefDate === undefined ? range : { ...range, raw: { ...range.raw, durationRefDate: r.durationRefDate } };
  if (r.period !== undefined) return withRef(periodRange(r.period, r.range, refDay, now, zone));
  const end = refDay === undefined ? now : Math.min(now, addCalendar(fromWallClock(refDay, zone), 1, 'day', zone));
  return withRef(durationRange(parseDuration(r.duration ?? DEFAULT_DURATION)!, end, zone));
}

/** Both ends moved back by shiftInterval (a duration the contract has checked), in the request's zone. */
function shiftBack(range: TimeRange, r: WindowRequest): TimeRange {
  if (r.shiftInterval === undefined) return range;
  const shift = parseDuration(r.shiftInterval)!;
  const back = (instant: number) => durationRange(shift, instant, r.timezone).from;
  return { ...range, from: back(range.from), to: back(range.to), raw: { ...range.raw, shiftInterval: r.shiftInterval } };
}

/**
 * The request's fields that named its window, as sent, with its zone: the raw data answer's
 * `range.raw` (`{duration}`, `{startDate, endDate}` or `{period, range}`), a shape older than the
 * trend answers' TimeRange and kept for its clients.
 */
export function windowFields(r: WindowRequest): Record<string, string | number> {
  const fields: Record<string, string | number> = {};
  if (r.startDate !== undefined) {
    fields.startDate = r.startDate;
    if (r.endDate !== undefined) fields.endDate = r.endDate;
  } else {
    if (r.period !== undefined) Object.assign(fields, { period: r.period, range: r.range });
    else fields.duration = r.duration ?? DEFAULT_DURATION;
    if (r.durationRefDate !== undefined) fields.durationRefDate = r.durationRefDate;
  }
  if (r.shiftInterval !== undefined) fields.shiftInterval = r.shiftInterval;
  fields.timezone = r.timezone;
  return fields;
}

function windowField(r: WindowRequest): string {
  if (r.startDate !== undefined) return 'startDate';
  if (r.period !== undefined) return 'range';
  return 'duration';
}

/** How a trend request reads: raw points, or buckets of a grid aligned to the request's zone. */
export type TrendPlan =
  | { kind: 'instances'; range: TimeRange; zone: string }
  | { kind: 'buckets'; range: TimeRange; zone: string; interval: BucketInterval; grid: BucketGrid };

/** Picks the interval (SPEC 7 default when absent) and refuses requests that would read too much. */
export function planTrend(request: WindowRequest & { interval?: IntervalName | undefined }, now: number): TrendPlan {
  const range = resolveWindow(request, now);
  const zone = request.timezone;
  const interval = request.interval ?? defaultInterval(range.from, range.to);
  if (interval === 'instances') {
    if (range.to - range.from > MAX_INSTANCES_DAYS * DAY_MS + 3_600_000) {
      throw badRequest(requestField('interval'), `instances cover at most ${MAX_INSTANCES_DAYS} days; choose an interval such as minute_15 or hour_1`);
    }
    return { kind: 'instances', range, zone };
  }
  const grid = bucketGrid(range.from, range.to, interval, zone, MAX_BUCKETS);
  if (!grid) {
    throw badRequest(requestField('interval'), `${interval} over this range makes more than ${MAX_BUCKETS} buckets; choose a longer interval`);
  }
  return { kind: 'buckets', range, zone, interval, grid };
}
