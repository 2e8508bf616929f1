import { parseLocalDate } from './time-zone.ts';

/**
 * How near a consent (CTO or NOC) is to its expiry. A consent is valid through its expiry day; the
 * reminders and the actionable tasks use the same steps, so a consent listed "within 30 days" has
 * had its 30-day reminder.
 */
export const REMINDER_DAYS = [60, 30, 7] as const;

/** EXPIRED, or the smallest of REMINDER_DAYS the days left fit in, or VALID beyond them. */
export type ConsentStanding = 'EXPIRED' | 'WITHIN_7' | 'WITHIN_30' | 'WITHIN_60' | 'VALID';

/** Days from `today` to `expiresOn` (both 'YYYY-MM-DD'): 0 on the expiry day, negative after it. */
export function daysLeft(expiresOn: string, today: string): number {
  const end = parseLocalDate(expiresOn);
  const now = parseLocalDate(today);
  if (end === undefined || now === undefined) throw new RangeError(`not calendar dates: '${expiresOn}', '${today}'`);
  return Math.round((end - now) / 86_400_000);
}

export function standingOf(days: number): ConsentStanding {
  if (days < 0) return 'EXPIRED';
  if (days <= 7) return 'WITHIN_7';
  if (days <= 30) return 'WITHIN_30';
  if (days <= 60) return 'WITHIN_60';
  return 'VALID';
}

/**
 * The reminder a consent with `days` left is due, as the step it crossed (60, 30, 7, or 0 once
 * expired), or null before the first. Only the nearest step is due: a consent entered 5 days before
 * its expiry gets the 7-day reminder, not three at once.
 */
export function reminderStep(days: number): 60 | 30 | 7 | 0 | null {
  if (days < 0) return 0;
  const step = [...REMINDER_DAYS].reverse().find((d) => days <= d);
  return step ?? null;
}
