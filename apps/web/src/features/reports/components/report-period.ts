import { dayKey, formatPeriod } from '@/lib/dates';
import { dayjs } from '@/lib/dayjs';

const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);
const today = (now: number = Date.now()) => dayjs(now).tz('Asia/Kolkata');

/** A calendar quarter of IST ('2026-Q3') as its first and last days. */
export function quarterDays(quarter: string): { from: string; to: string } {
  const first = dayjs.tz(`${quarter.slice(0, 4)}-${String((Number(quarter[6]) - 1) * 3 + 1).padStart(2, '0')}-01`, 'Asia/Kolkata');
  return { from: dayKey(first.valueOf()), to: dayKey(first.add(3, 'month').subtract(1, 'day').valueOf()) };
}

/** The quarter holding an IST day. */
export const quarterOf = (day: dayjs.Dayjs) => `${day.year()}-Q${Math.floor(day.month() / 3) + 1}`;

/** This quarter and the seven before it, newest first: 'Q4 2026 (Oct 2026 – Dec 2026), to date'. */
export function recentQuarters(now: number = Date.now()): { value: string; label: string }[] {
  return Array.from({ length: 8 }, (_, i) => {
    const q = quarterOf(today(now).subtract(3 * i, 'month'));
    const { from, to } = quarterDays(q);
    return { value: q, label: `${q.slice(5)} ${q.slice(0, 4)} (${formatPeriod(dayStart(from), 'month')} – ${formatPeriod(dayStart(to), 'month')})${i === 0 ? ', to date' : ''}` };
  });
}

/** The IST midnight starting a day 'YYYY-MM-DD'. */
const dayStart = (day: string) => dayjs.tz(day, 'Asia/Kolkata').valueOf();

/**
 * The period a report covers, from the URL: IST days (`from`, `to`), or for a quarterly report the quarter
 * holding `from`. Days default to the month of yesterday up to yesterday, the last complete day: on the
 * first of a month that is the whole of the month before, never a range that ends before it starts. A
 * quarter defaults to the current one, to date: the one quarter sure to hold the data a live
 * station sends (the quarter before is empty for a station commissioned this quarter).
 */
export function periodOf(search: URLSearchParams, kind: 'days' | 'quarter', now: number = Date.now()): { from: string; to: string } {
  if (kind === 'quarter') return quarterDays(quarterOf(isDay(search.get('from')) ? dayjs(search.get('from')) : today(now)));
  const yesterday = today(now).subtract(1, 'day');
  return {
    from: isDay(search.get('from')) ? search.get('from')! : dayKey(yesterday.startOf('month').valueOf()),
    to: isDay(search.get('to')) ? search.get('to')! : dayKey(yesterday.valueOf()),
  };
}

