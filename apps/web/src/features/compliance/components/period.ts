import { monthKey } from '@/lib/dates';

/** The current IST month 'YYYY-MM'. */
export function currentMonth(now = Date.now()): string {
  return monthKey(now);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A period's label: 'Nov 2026' or 'Q4 2026 (Oct–Dec)'. */
export function periodLabel(period: string): string {
  const year = period.slice(0, 4);
  if (period[5] === 'Q') {
    const q = Number(period[6]);
    return `Q${q} ${year} (${MONTHS[(q - 1) * 3]}–${MONTHS[(q - 1) * 3 + 2]})`;
  }
  return `${MONTHS[Number(period.slice(5, 7)) - 1]} ${year}`;
}

/** Choices: the last 12 IST months and the last 4 quarters, newest first. */
export function periodChoices(now = Date.now()): { value: string; label: string }[] {
  const [y, m] = currentMonth(now).split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let i = 0; i < 12; i++) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  const quarters: string[] = [];
  for (let i = 0; i < 4; i++) {
    const index = y * 4 + Math.floor((m - 1) / 3) - i;
    quarters.push(`${Math.floor(index / 4)}-Q${(index % 4) + 1}`);
  }
  return [...months, ...quarters].map((value) => ({ value, label: periodLabel(value) }));
}

/** A valid period from the URL, else the current month. */
export function periodFrom(value: string | null): string {
  return value && /^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/.test(value) ? value : currentMonth();
}
