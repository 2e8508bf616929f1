/** Frequencies of scheduled reports; periods are calendar periods of IST (weeks start on Monday). */
export type Frequency = 'daily' | 'weekly' | 'monthly' | 'quarterly';
export interface Period {
  /** First IST day, YYYY-MM-DD. */
  start: string;
  /** Last IST day, inclusive. */
  end: string;
}

const DAY = 86_400_000;
const IST_OFFSET = 330 * 60_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The period of `frequency` holding the IST day `day`. */
export function periodContaining(frequency: Frequency, day: string): Period {
  const t = at(day);
  const d = new Date(t);
  if (frequency === 'daily') return { start: day, end: day };
  if (frequency === 'weekly') {
    const start = t - ((d.getUTCDay() + 6) % 7) * DAY;
    return { start: iso(start), end: iso(start + 6 * DAY) };
  }
  const months = frequency === 'monthly' ? 1 : 3;
  const firstMonth = d.getUTCMonth() - (d.getUTCMonth() % months);
  const start = Date.UTC(d.getUTCFullYear(), firstMonth, 1);
  const end = Date.UTC(d.getUTCFullYear(), firstMonth + months, 1) - DAY;
  return { start: iso(start), end: iso(end) };
}

/**
 * The latest whole period whose report is due at `now`: a period is due on the IST day after it
 * ends, at `atMinute` minutes after IST midnight.
 */
export function duePeriod(frequency: Frequency, atMinute: number, now: number): Period {
  const istNow = now + IST_OFFSET;
  const today = iso(istNow);
  const current = periodContaining(frequency, today);
  const last = periodContaining(frequency, iso(at(current.start) - DAY));
  const dueAt = at(current.start) + atMinute * 60_000;
  if (istNow >= dueAt) return last;
  return periodContaining(frequency, iso(at(last.start) - DAY));
}
