import { addCalendar, addDays, dayOf, startOfDay, startOfMonth, startOfQuarter, startOfWeek } from '@enviro/domain/time-zone';
import { REPORT_ZONE } from './report-scope.ts';

/** Frequencies of scheduled reports; periods are calendar periods of IST (weeks start on Monday). */
export type Frequency = 'daily' | 'weekly' | 'monthly' | 'quarterly';
export interface Period {
  /** First IST day, YYYY-MM-DD. */
  start: string;
  /** Last IST day, inclusive. */
  end: string;
}

/** Where the period of each frequency holding a day starts, and its length. */
const PERIODS = {
  weekly: { startOf: startOfWeek, unit: 'week' },
  monthly: { startOf: startOfMonth, unit: 'month' },
  quarterly: { startOf: startOfQuarter, unit: 'quarter' },
} as const;

/** The period of `frequency` holding the IST day `day`. */
export function periodContaining(frequency: Frequency, day: string): Period {
  if (frequency === 'daily') return { start: day, end: day };
  const { startOf, unit } = PERIODS[frequency];
  const start = startOf(day, REPORT_ZONE);
  const next = addCalendar(start, 1, unit, REPORT_ZONE);
  return { start: dayOf(start, REPORT_ZONE), end: dayOf(next - 1, REPORT_ZONE) };
}

/**
 * The latest whole period whose report is due at `now`: a period is due on the IST day after it
 * ends, at `atMinute` minutes after IST midnight.
 */
export function duePeriod(frequency: Frequency, atMinute: number, now: number): Period {
  const current = periodContaining(frequency, dayOf(now, REPORT_ZONE));
  const last = periodContaining(frequency, addDays(current.start, -1));
  const dueAt = addCalendar(startOfDay(current.start, REPORT_ZONE), atMinute, 'minute', REPORT_ZONE);
  if (now >= dueAt) return last;
  return periodContaining(frequency, addDays(last.start, -1));
}
