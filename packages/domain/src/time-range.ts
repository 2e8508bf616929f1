/**
 * A requested range: the caller's words kept beside the instants they resolved to, in the zone
 * they were read in (grafana's time model). Answers that resolved a range carry it, so a client
 * reads what was covered instead of working it out again.
 */
export interface TimeRange {
  /** Start, inclusive, epoch milliseconds. */
  from: number;
  /** End, exclusive, epoch milliseconds. */
  to: number;
  /** The IANA zone local dates, days and buckets were read in. */
  zone: string;
  raw: RawTimeRange;
}

/**
 * What set each end, in the caller's words ('15d-ago' and 'now'; a start and end date as sent; a
 * period), and the words that moved or anchored the range, when there were any.
 */
export interface RawTimeRange {
  from: string;
  to: string;
  /** The local day that counted as today (trend requests' durationRefDate). */
  durationRefDate?: string;
  /** How far the whole range was moved back (trend requests' shiftInterval, e.g. '1y-ago'). */
  shiftInterval?: string;
}
