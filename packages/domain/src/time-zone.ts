import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(customParseFormat);

/**
 * Instants are epoch milliseconds. A *wall clock* is the local date and time of a zone, written as
 * epoch milliseconds as if that local time were UTC: calendar arithmetic (start of day, add a month
 * with end-of-month clamping) is then plain UTC arithmetic. Zones are resolved with Intl rather
 * than dayjs's timezone plugin, which shifts instants by an hour when adding days across a DST
 * change and costs ~200 µs a call; dayjs (UTC mode) parses the request's date formats strictly.
 */

/** The display and bucketing zone unless a request names another (SPEC 9). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether `name` is an IANA zone (or alias such as 'UTC') this runtime knows. */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '' || name !== name.trim()) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** Offset of `zone` from UTC at an instant, in milliseconds (Asia/Kolkata: +19,800,000). */
export function offsetAt(instant: number, zone: string): number {
  // Intl costs microseconds a call and bucket grids make thousands, so offsets are cached per UTC
  // day: equal at both ends of a day means constant within it (no zone changes twice in a day);
  // otherwise the one transition is found to the second and kept.
  const cache = zoneCache(zone);
  const day = Math.floor(instant / DAY_MS);
  const start = dayStartOffset(cache, zone, day);
  const end = dayStartOffset(cache, zone, day + 1);
  if (start === end) return start;
  let transition = cache.transitions.get(day);
  if (transition === undefined) {
    let lo = day * DAY_MS;
    let hi = lo + DAY_MS;
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (intlOffset(mid, zone) === start) lo = mid;
      else hi = mid;
    }
    transition = hi;
    cache.transitions.set(day, transition);
  }
  return instant < transition ? start : end;
}

interface ZoneCache {
  /** Offset at 00:00 UTC of each day number seen. */
  dayStarts: Map<number, number>;
  /** Instant of the transition inside each day number whose two ends differ. */
  transitions: Map<number, number>;
}

const CACHE_LIMIT = 100_000;
const caches = new Map<string, ZoneCache>();

function zoneCache(zone: string): ZoneCache {
  let cache = caches.get(zone);
  if (!cache || cache.dayStarts.size > CACHE_LIMIT) {
    cache = { dayStarts: new Map(), transitions: new Map() };
    caches.set(zone, cache);
  }
  return cache;
}

function dayStartOffset(cache: ZoneCache, zone: string, day: number): number {
  let offset = cache.dayStarts.get(day);
  if (offset === undefined) {
    offset = intlOffset(day * DAY_MS, zone);
    cache.dayStarts.set(day, offset);
  }
  return offset;
}

function intlOffset(instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(whole)) parts[p.type] = p.value;
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - whole;
}

/** The wall clock of `zone` at an instant. */
export function toWallClock(instant: number, zone: string): number {
  return instant + offsetAt(instant, zone);
}

/**
 * The instant a wall clock of `zone` names. A time repeated when clocks go back is its earlier
 * instant; a time skipped when clocks go forward moves forward by the gap (02:30 becomes 03:30), as
 * PostgreSQL and Temporal's 'compatible' rule do. Assumes at most one transition a day either side.
 */
export function fromWallClock(wall: number, zone: string): number {
  const before = offsetAt(wall - DAY_MS, zone);
  const after = offsetAt(wall + DAY_MS, zone);
  const valid = [wall - before, wall - after].filter((instant) => toWallClock(instant, zone) === wall);
  if (valid.length > 0) return Math.min(...valid);
  return wall - before;
}

export type CalendarUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

const FIXED_UNIT_MS = { minute: 60_000, hour: 3_600_000, day: DAY_MS, week: 7 * DAY_MS } as const;
const MONTHS_OF = { month: 1, quarter: 3, year: 12 } as const;

/** Adds calendar units to a wall clock; months and years clamp to the month's last day (31 Mar - 1 month = 29 Feb). */
function addWall(wall: number, amount: number, unit: CalendarUnit): number {
  if (unit !== 'month' && unit !== 'quarter' && unit !== 'year') return wall + amount * FIXED_UNIT_MS[unit];
  const d = new Date(wall);
  const months = d.getUTCFullYear() * 12 + d.getUTCMonth() + MONTHS_OF[unit] * amount;
  const year = Math.floor(months / 12);
  const month = months - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const timeOfDay = wall - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay)) + timeOfDay;
}

/** Units a calendar period starts on; weeks start on Monday (ISO 8601, as in India). */
export type StartUnit = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

function startOfWall(wall: number, unit: StartUnit): number {
  const d = new Date(wall);
  switch (unit) {
    case 'hour':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours());
    case 'day':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    case 'week':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    case 'month':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    case 'quarter':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (d.getUTCMonth() % 3), 1);
    case 'year':
      return Date.UTC(d.getUTCFullYear(), 0, 1);
  }
}

/** Moves an instant by whole calendar units on the wall clock of `zone` (one day keeps the local time across DST). */
export function addCalendar(instant: number, amount: number, unit: CalendarUnit, zone: string): number {
  return fromWallClock(addWall(toWallClock(instant, zone), amount, unit), zone);
}

/** The instant a calendar unit containing `instant` starts in `zone` (local midnight for 'day'). */
export function startOfCalendar(instant: number, unit: StartUnit, zone: string): number {
  return fromWallClock(startOfWall(toWallClock(instant, zone), unit), zone);
}

/*
 * Local days. A day is written 'YYYY-MM-DD' and names a calendar date, which has no zone of its
 * own: it becomes instants (its midnight, the next midnight) only in a zone. Every day, month and
 * quarter boundary of the product comes from these, never from a fixed offset: India's +05:30 is
 * right for India and wrong the day a range is asked in another zone.
 */

const dayText = (wall: number) => new Date(wall).toISOString().slice(0, 10);

/** The local day 'YYYY-MM-DD' of `zone` holding an instant. */
export function dayOf(instant: number, zone: string): string {
  return dayText(toWallClock(instant, zone));
}

/** An instant, or a day 'YYYY-MM-DD' read as its midnight in `zone`; NaN when the text is no calendar date. */
function instantOf(at: number | string, zone: string): number {
  if (typeof at === 'number') return at;
  const wall = parseLocalDate(at);
  return wall === undefined ? Number.NaN : fromWallClock(wall, zone);
}

function startIn(at: number | string, unit: StartUnit, zone: string): number {
  const instant = instantOf(at, zone);
  return Number.isNaN(instant) ? Number.NaN : startOfCalendar(instant, unit, zone);
}

/**
 * The instant a local day of `zone` starts: of a day 'YYYY-MM-DD', or of the day holding an
 * instant. NaN for text that is not a calendar date ('2024-02-30').
 */
export const startOfDay = (at: number | string, zone: string): number => startIn(at, 'day', zone);

/** The instant the week (from Monday) holding a day or an instant starts in `zone`. */
export const startOfWeek = (at: number | string, zone: string): number => startIn(at, 'week', zone);

/** The instant the local month holding a day or an instant starts in `zone` (its 1st, at midnight). */
export const startOfMonth = (at: number | string, zone: string): number => startIn(at, 'month', zone);

/** The instant the calendar quarter (January, April, July, October) holding a day or an instant starts in `zone`. */
export const startOfQuarter = (at: number | string, zone: string): number => startIn(at, 'quarter', zone);

/** The day `amount` days after a day 'YYYY-MM-DD' (before, when negative). Throws on text that is no date. */
export function addDays(day: string, amount: number): string {
  const wall = parseLocalDate(day);
  if (wall === undefined) throw new RangeError(`not a calendar date: '${day}'`);
  return dayText(wall + amount * DAY_MS);
}

/**
 * The offset of `zone` over [from, to) when it is one throughout (always in India), else
 * undefined: a reader may then shift instants by it instead of asking the zone row by row.
 */
export function fixedOffset(from: number, to: number, zone: string): number | undefined {
  const offset = offsetAt(from, zone);
  // At most one change a day: the same offset at every UTC midnight in between and at the end means none.
  for (let midnight = (Math.floor(from / DAY_MS) + 1) * DAY_MS; midnight < to; midnight += DAY_MS) {
    if (offsetAt(midnight, zone) !== offset) return undefined;
  }
  return to <= from || offsetAt(to - 1, zone) === offset ? offset : undefined;
}

/**
 * An instant in ISO 8601 with the offset `zone` has then: '2024-03-10T00:00:00.000+05:30'. An
 * offset of seconds (local mean time before standard zones) cannot be written so, and gives UTC.
 */
export function isoInZone(instant: number, zone: string): string {
  const offset = offsetAt(instant, zone);
  if (offset % 60_000 !== 0) return new Date(instant).toISOString();
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${new Date(instant + offset).toISOString().slice(0, 23)}${sign}${hhmm}`;
}

/** Date and time formats a request may use for local times (SPEC 9), besides ISO instants. */
const LOCAL_DATE_TIME_FORMATS = ['YYYY-MM-DD HH:mm:ss', 'MM/DD/YYYY hh:mm:ss A', 'YYYY-MM-DD'] as const;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/**
 * Parses a request's date: an ISO instant with Z or an offset ('2024-03-10T00:00:00Z'), or a local
 * time of `zone` as 'YYYY-MM-DD HH:mm:ss', 'MM/DD/YYYY hh:mm:ss A', 'YYYY-MM-DD' (local midnight) or
 * ISO without offset. Returns undefined for anything else, including impossible dates (02/30).
 */
export function parseDateTime(text: string, zone: string): number | undefined {
  if (ISO_INSTANT.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) || parseLocalDate(text.slice(0, 10)) === undefined ? undefined : ms;
  }
  if (ISO_LOCAL.test(text)) {
    const wall = Date.parse(`${text}Z`);
    return Number.isNaN(wall) || parseLocalDate(text.slice(0, 10)) === undefined ? undefined : fromWallClock(wall, zone);
  }
  // A day alone, the open API's and the reports' form, by hand (see parseLocalDate): it was tried
  // against dayjs' two other strict formats first, 0.5 ms of each open API series request's CPU.
  if (LOCAL_DATE.test(text)) {
    const wall = parseLocalDate(text);
    return wall === undefined ? undefined : fromWallClock(wall, zone);
  }
  for (const format of LOCAL_DATE_TIME_FORMATS) {
    const parsed = dayjs.utc(text, format, true);
    if (parsed.isValid()) return fromWallClock(parsed.valueOf(), zone);
  }
  return undefined;
}

const LOCAL_DATE = /^([1-9]\d{3})-(\d{2})-(\d{2})$/;

/**
 * Parses 'YYYY-MM-DD' into the wall clock of that day's midnight, or undefined. Years 1000-9999 are
 * read by hand (a day that does not exist, '2024-02-30', is not moved to another): every open API
 * request parses a few, and dayjs' strict parse cost 0.7 s of the server's 20 s under 200 requests a
 * second; other years, by dayjs as before.
 */
export function parseLocalDate(text: string): number | undefined {
  const m = LOCAL_DATE.exec(text);
  if (m) {
    const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
    const ms = Date.UTC(year, month, day);
    const back = new Date(ms);
    return back.getUTCFullYear() === year && back.getUTCMonth() === month && back.getUTCDate() === day ? ms : undefined;
  }
  const parsed = dayjs.utc(text, 'YYYY-MM-DD', true);
  return parsed.isValid() ? parsed.valueOf() : undefined;
}
