import type { WindowKind } from '@enviro/domain/energy/tariff';
import { formatIndian } from '@enviro/domain/format-number';
import { addDays, DEFAULT_TIME_ZONE, startOfDay } from '@enviro/domain/time-zone';
import { dayKey, formatPeriod, monthKey } from '@/lib/dates';

/** kWh with Indian digit grouping, no decimals. */
export const kwh = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${formatIndian(v, 0)} kWh`);
/** Rupees with Indian digit grouping. */
export const rupees = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `₹${formatIndian(v, 0)}`);
export const tco2 = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${formatIndian(v, 1)} tCO₂`);
export const percent = (v: number) => `${formatIndian(v, 1)} %`;

/** A month 'YYYY-MM' as people read it ('Nov 2026'). */
export const monthLabel = (month: string) => formatPeriod(startOfDay(`${month.slice(0, 7)}-01`, DEFAULT_TIME_ZONE), 'month');

/** The last 12 months 'YYYY-MM', this month first, with their labels ('Nov 2026'). */
export function recentMonths(now: number = Date.now()): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  let key = monthKey(now);
  for (let i = 0; i < 12; i++) {
    out.push({ value: key, label: monthLabel(key) });
    const [y, m] = key.split('-').map(Number) as [number, number];
    key = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  }
  return out;
}

/** The days of a month 'YYYY-MM' up to today: its first and last day. */
export function monthDays(month: string, now: number = Date.now()): { startDate: string; endDate: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  const last = addDays(next, -1);
  const today = dayKey(now);
  return { startDate: `${month}-01`, endDate: last < today ? last : today };
}

/** The financial year (April–March) of a month 'YYYY-MM', labelled '2026-27'. */
export function financialYearOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = m >= 4 ? y : y - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
}

/** Time-of-day windows of a tariff in words. */
export const WINDOW_WORDS: Record<WindowKind, string> = { PEAK: 'Peak hours', NORMAL: 'Normal hours', OFF_PEAK: 'Off-peak hours', SOLAR: 'Solar hours' };
/** A window kind of a cost line in words (the key as given when it is none). */
export const windowWord = (kind: string): string => (WINDOW_WORDS as Record<string, string | undefined>)[kind] ?? kind;

/** An hour of the IST day, 0–24, as a clock reads it ('06:00', '24:00' the day's end). */
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** Kinds of the offset ledger in words. */
export const OFFSET_WORDS = { OWN_SOLAR: 'Own solar', REC: 'Renewable energy certificates', GREEN_TARIFF: 'Green tariff' } as const;
