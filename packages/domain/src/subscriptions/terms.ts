/**
 * Subscription terms: a month or a year of service, from a day to the same day of the next month
 * or year (the 31st to the last day of a shorter month), counted in India's days 'YYYY-MM-DD'.
 */

export type Term = 'MONTHLY' | 'ANNUAL';

export const TERMS: readonly Term[] = ['MONTHLY', 'ANNUAL'];

/** Months a term lasts. */
export function monthsOf(term: Term): number {
  return term === 'ANNUAL' ? 12 : 1;
}

function parts(day: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new RangeError(`not a day: '${day}'`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) throw new RangeError(`not a calendar date: '${day}'`);
  return [y, mo, d];
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const text = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The day `months` months after `day`, held to the last day of a shorter month (31 Jan + 1 month = 28 or 29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return text(year, month, Math.min(d, daysInMonth(year, month)));
}

/** The day after the last day of a term starting on `start` (terms are half-open: [start, end)). */
export function termEnd(start: string, term: Term): string {
  return addMonths(start, monthsOf(term));
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}
