import type { TimeRange } from './time-range.ts';
import { addCalendar, fromWallClock, startOfCalendar } from './time-zone.ts';

/** Calendar periods a request may ask for with a range number: 0 the current one, 1 the previous... */
export const PERIODS = ['day', 'month', 'year'] as const;
export type Period = (typeof PERIODS)[number];

/** A period in words, as a range's ends keep it: 'month' is this month, 'month-1' the one before. */
const periodWords = (period: Period, range: number) => (range === 0 ? period : `${period}-${range}`);

/**
 * The period `range` steps before the one holding the reference day, in `zone`: `day` 0 is today
 * from local midnight to the next, `month` 1 is last month from the 1st, `year` 0 is this year.
 *
 * @param refDay wall clock of the reference day's midnight (see parseLocalDate), or undefined for
 *               the day holding `now`.
 */
export function periodRange(period: Period, range: number, refDay: number | undefined, now: number, zone: string): TimeRange {
  const reference = refDay === undefined ? now : fromWallClock(refDay, zone);
  const current = startOfCalendar(reference, period, zone);
  const from = addCalendar(current, -range, period, zone);
  const to = addCalendar(from, 1, period, zone);
  const words = periodWords(period, range);
  return { from, to, zone, raw: { from: words, to: words } };
}

export type StepDirection = 'forward' | 'backward';

/**
 * Moves a period's range one step (SPEC 4): forward goes toward the present and stays at 0 once
 * there; backward goes one period further into the past.
 */
export function stepPeriodRange(range: number, direction: StepDirection): number {
  if (direction === 'backward') return range + 1;
  return Math.max(0, range - 1);
}
