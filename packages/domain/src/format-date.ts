import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DEFAULT_TIME_ZONE, offsetAt } from './time-zone.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** SPEC 1, 9: every date is displayed in India's time zone, whatever the viewer's machine says. */
export const DISPLAY_TIME_ZONE = DEFAULT_TIME_ZONE;

/** An instant as the API or a chart gives it: epoch milliseconds, ISO 8601 text or a Date. */
export type Instant = number | string | Date;

/** SPEC 9 display formats. */
export const DATE_FORMATS = {
  /** 12-hour timestamp: 03/25/2025 02:05:09 PM. */
  dateTime12: 'MM/DD/YYYY hh:mm:ss A',
  /** 24-hour timestamp: 2025-03-25 14:05:09. */
  dateTime24: 'YYYY-MM-DD HH:mm:ss',
  day: 'DD MMM YYYY',
  month: 'MMM YYYY',
  year: 'YYYY',
  /** An instant as people read it, its day then its time to the minute: 28 Nov 2026 01:45. */
  instant: 'DD MMM YYYY HH:mm',
} as const;

/** The period a value stands for (SPEC 9: day, month and year map to day_1, month_1, year_1). */
export type DisplayPeriod = 'day' | 'month' | 'year';

export function formatInZone(at: Instant, format: string, zone: string = DISPLAY_TIME_ZONE): string {
  const d = dayjs(at);
  // The offset in force (offsetAt caches it per day) gives the same text as the zone database, and
  // costs far less than dayjs's tz(), which asks Intl on every call: a chart formats thousands of
  // labels. dayjs takes whole minutes only, so local mean time before 1941 goes through tz().
  const ms = d.valueOf();
  if (zone === DISPLAY_TIME_ZONE && !Number.isNaN(ms)) {
    const offset = offsetAt(ms, zone);
    if (offset % 60_000 === 0) return d.utcOffset(offset / 60_000).format(format);
  }
  return d.tz(zone).format(format);
}

/** 'MM/DD/YYYY hh:mm:ss A' in Asia/Kolkata. */
export const formatDateTime12 = (at: Instant) => formatInZone(at, DATE_FORMATS.dateTime12);

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Kolkata. */
export const formatDateTime24 = (at: Instant) => formatInZone(at, DATE_FORMATS.dateTime24);

/** An instant as every screen, mail and SMS writes it, in Asia/Kolkata: '28 Nov 2026 01:45'. */
export const formatInstant = (at: Instant) => formatInZone(at, DATE_FORMATS.instant);

/** 'DD MMM YYYY', 'MMM YYYY' or 'YYYY' by the period the value covers. */
export function formatByPeriod(at: Instant, period: DisplayPeriod): string {
  return formatInZone(at, DATE_FORMATS[period]);
}

/**
 * Time-axis label format for a bucket interval name (SPEC 9 "axis formats by interval"):
 * sub-day buckets show day and time, days show the date, months the month, years the year.
 */
export function axisFormatFor(interval: string): string {
  const unit = /^(instances|minute|hour|day|week|month|year)/.exec(interval)?.[1] ?? 'minute';
  switch (unit) {
    case 'day':
    case 'week':
      return 'DD MMM';
    case 'month':
      return DATE_FORMATS.month;
    case 'year':
      return DATE_FORMATS.year;
    default:
      return 'DD MMM HH:mm';
  }
}
