import type { TimeRange } from './time-range.ts';
import { addCalendar, type CalendarUnit } from './time-zone.ts';

/**
 * Relative durations in OpenTSDB's words: `<amount><unit>-ago`, e.g. `15m-ago`, `4h-ago`, `15d-ago`,
 * `1y-ago`. Units: s second, m minute, h hour, d day, w week, n month, y year.
 */
export const DURATION_UNITS = { s: 'second', m: 'minute', h: 'hour', d: 'day', w: 'week', n: 'month', y: 'year' } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;

/** The range a request covers when it names none (SPEC 9: 15d-ago is the default duration choice). */
export const DEFAULT_DURATION = '15d-ago';

export interface Duration {
  /** The user's words, kept beside what they resolve to. */
  text: string;
  amount: number;
  unit: DurationUnit;
}

const PATTERN = /^([1-9]\d{0,5})([smhdwny])-ago$/;

/** Parses `15d-ago` and friends; undefined when the text is not a duration. */
export function parseDuration(text: string): Duration | undefined {
  const match = PATTERN.exec(text);
  if (!match) return undefined;
  return { text, amount: Number(match[1]), unit: match[2] as DurationUnit };
}

const ELAPSED_MS: Partial<Record<DurationUnit, number>> = { s: 1000, m: 60_000, h: 3_600_000 };

/**
 * The range a duration names, ending at `end`: what 'now' stands for, its words. Seconds, minutes
 * and hours are elapsed time; days, weeks, months and years are calendar steps on the wall clock of
 * `zone`, so `1d-ago` is the same local time yesterday even across a DST change, and `1n-ago` on 31
 * March is 29 February.
 */
export function durationRange(duration: Duration, end: number, zone: string): TimeRange {
  const elapsed = ELAPSED_MS[duration.unit];
  const from =
    elapsed !== undefined
      ? end - duration.amount * elapsed
      : addCalendar(end, -duration.amount, DURATION_UNITS[duration.unit] as CalendarUnit, zone);
  return { from, to: end, zone, raw: { from: duration.text, to: 'now' } };
}
