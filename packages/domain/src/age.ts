import dayjs from 'dayjs';
import type { Instant } from './format-date.ts';

/**
 * SPEC 9 age format, e.g. of a station since its commissioning date: under one month 'few days',
 * under twelve months 'n mth', otherwise 'y yrs m mth'. Months are whole calendar months.
 */
export function formatAge(since: Instant, now: Instant = Date.now()): string {
  const months = Math.max(0, dayjs(now).diff(dayjs(since), 'month'));
  if (months < 1) return 'few days';
  if (months < 12) return `${months} mth`;
  return `${Math.floor(months / 12)} yrs ${months % 12} mth`;
}
