import { z } from 'zod';
import type { TimeRange as ResolvedRange } from '@enviro/domain/time-range';
import { isoInZone, isTimeZone } from '@enviro/domain/time-zone';
import { Instant } from './common.ts';

/**
 * The range an answer covers, as it was resolved (one time model, after grafana's): the instants,
 * the zone local dates and days were read in, and the caller's words beside them. Every answer that
 * resolved a range carries it, so a client reads what was covered instead of working it out again.
 */
export const TimeRange = z.object({
  /** Start, inclusive: an ISO 8601 instant written with the zone's offset, e.g. '2024-03-10T00:00:00.000+05:30'. */
  from: Instant,
  /** End, exclusive, in the same form. A trend's end is 'now' when the request said so; a compliance period's never passes the last closed 15-minute slot. */
  to: Instant,
  /** The IANA zone the range was read in: the request's `timezone` for trends, Asia/Kolkata for compliance. */
  zone: z.string().refine(isTimeZone, { message: 'must be an IANA time zone' }),
  /** The caller's words for the range, as sent. */
  raw: z.object({
    /**
     * What set the start: a trend's startDate as sent, its duration ('15d-ago'; '15d-ago' when none
     * was sent) or its period and range ('month' this month, 'month-1' the one before); a compliance
     * period ('2024-04', '2024-Q2') or from date ('2024-04-01'; left out, the first of the 30 days).
     */
    from: z.string(),
    /**
     * What set the end: a trend's endDate as sent, 'now', or its period words again; a compliance
     * period again, its to date, or 'today' when left out.
     */
    to: z.string(),
    /** The trend's durationRefDate as sent: the local day that counted as today. */
    durationRefDate: z.string().optional(),
    /** The trend's shiftInterval as sent ('1y-ago'): the instants are the words' range moved back by it. */
    shiftInterval: z.string().optional(),
  }),
});
export type TimeRange = z.infer<typeof TimeRange>;

/** A resolved range as answers carry it: instants written with the offset of its zone. */
export function timeRangeAnswer(range: ResolvedRange): TimeRange {
  return { from: isoInZone(range.from, range.zone), to: isoInZone(range.to, range.zone), zone: range.zone, raw: range.raw };
}
