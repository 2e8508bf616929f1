import { axisFormatFor, DATE_FORMATS, DISPLAY_TIME_ZONE, formatInZone, type DisplayPeriod, type Instant } from '@enviro/domain/format-date';
import { fromWallClock } from '@enviro/domain/time-zone';

/**
 * Every date a person reads in the web app is written here, one format per period (SPEC 9), always
 * in India's time: a day '28 Nov 2026', a month 'Nov 2026', a year '2026', and an instant as its day
 * and time to the minute, '28 Nov 2026 01:45'. Screens call these and never format a date
 * themselves (screen-words.test.ts reads the sources for it), so no screen shows '11/28/2026 01:53:00 AM'
 * beside '2026-11-27 17:45:00'.
 */

/** An instant to the minute: '28 Nov 2026 01:45'. */
export const formatInstant = (at: Instant): string => formatInZone(at, DATE_FORMATS.instant);

/** An instant, or `none` ('Never' by default) when there is none. */
export const formatInstantOr = (at: Instant | null | undefined, none = 'Never'): string =>
  at === null || at === undefined || at === '' ? none : formatInstant(at);

/** The time of day of an instant, for the second half of a span or beside a day already named: '01:45'. */
export const formatClock = (at: Instant): string => formatInZone(at, 'HH:mm');

/** A day, month or year by the period a value covers: '28 Nov 2026', 'Nov 2026', '2026'. */
export const formatPeriod = (at: Instant, period: DisplayPeriod): string => formatInZone(at, DATE_FORMATS[period]);

/** A day: '28 Nov 2026'. */
export const formatDay = (at: Instant): string => formatPeriod(at, 'day');

/** An IST calendar day as the API names it ('2026-11-28'), as people read it: '28 Nov 2026'. */
export const formatDayKey = (day: string): string => formatDay(fromWallClock(Date.parse(`${day}T00:00:00Z`), DISPLAY_TIME_ZONE));

/** A span of time: '28 Nov 2026 01:45–02:00' within a day, '27 Nov 2026 23:45 – 28 Nov 2026 00:15' across days. */
export function formatSpan(from: Instant, to: Instant): string {
  return formatDay(from) === formatDay(to) ? `${formatInstant(from)}–${formatClock(to)}` : `${formatInstant(from)} – ${formatInstant(to)}`;
}

/** A span whose end may still be open: '28 Nov 2026 01:45 – ongoing'. */
export const formatOpenSpan = (from: Instant, to: Instant | null): string => (to === null ? `${formatInstant(from)} – ongoing` : formatSpan(from, to));

/** A chart axis label for a bucket of `interval` (SPEC 9 axis formats by interval). */
export const formatAxis = (at: Instant, interval: string): string => formatInZone(at, axisFormatFor(interval));

/** An axis label in a format the chart chose from axisFormatFor (a day's midnight shows its day). */
export const formatAxisAs = (at: Instant, format: string): string => formatInZone(at, format);

/** Machine values, not for reading: the IST day ('2026-11-28'), month ('2026-11') and year of an instant, for URLs and requests. */
export const dayKey = (at: Instant): string => formatInZone(at, 'YYYY-MM-DD');
export const monthKey = (at: Instant): string => formatInZone(at, 'YYYY-MM');
export const yearOf = (at: Instant): number => Number(formatInZone(at, 'YYYY'));

/** An instant in a file name ('2026-11-28 01-45-09'): sortable, and without the ':' some systems refuse. */
export const fileStamp = (at: Instant): string => formatInZone(at, 'YYYY-MM-DD HH-mm-ss');
