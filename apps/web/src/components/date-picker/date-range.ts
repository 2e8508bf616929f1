import { dayjs } from '@/lib/dayjs';
import { DISPLAY_TIME_ZONE } from '@enviro/domain/format-date';

/** SPEC 5: the longest range the picker accepts, in days. */
export const MAX_SPAN_DAYS = 1325;

/** A picked range as instants (epoch ms). */
export interface InstantRange {
  start: number;
  end: number;
}

/** A day in the picker's calendar, 'YYYY-MM-DD', read as a day in Asia/Kolkata. */
export type DayString = string;

export const PRESET_LABELS = ['Today', 'Yesterday', 'Last 7 Days', 'Last 30 Days', 'This Month', 'Last Month'] as const;
export type PresetLabel = (typeof PRESET_LABELS)[number];

/** SPEC 2 presets as day ranges (first and last day, inclusive) around `now`, in Kolkata days. */
export function rangePresets(now: number): { label: PresetLabel; from: DayString; to: DayString }[] {
  const today = dayjs(now).tz(DISPLAY_TIME_ZONE);
  const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: 'Today', from: day(today), to: day(today) },
    { label: 'Yesterday', from: day(today.subtract(1, 'day')), to: day(today.subtract(1, 'day')) },
    { label: 'Last 7 Days', from: day(today.subtract(6, 'day')), to: day(today) },
    { label: 'Last 30 Days', from: day(today.subtract(29, 'day')), to: day(today) },
    { label: 'This Month', from: day(today.startOf('month')), to: day(today.endOf('month')) },
    { label: 'Last Month', from: day(lastMonth.startOf('month')), to: day(lastMonth.endOf('month')) },
  ];
}

/** An instant from a Kolkata day and wall-clock time ('HH:mm'). */
export function kolkataInstant(day: DayString, time: string): number {
  return dayjs.tz(`${day} ${time}`, 'YYYY-MM-DD HH:mm', DISPLAY_TIME_ZONE).valueOf();
}

/** The Kolkata day and 'HH:mm' of an instant. */
export function kolkataParts(at: number): { day: DayString; time: string } {
  const local = dayjs(at).tz(DISPLAY_TIME_ZONE);
  return { day: local.format('YYYY-MM-DD'), time: local.format('HH:mm') };
}

/**
 * From yesterday's Kolkata midnight to `now`: a default that holds a full day of data even just after
 * midnight (a range from today's midnight would then be empty), and starts at 00:00 so that a preset
 * picked afterwards covers whole days.
 */
export function sinceYesterday(now: number): InstantRange {
  const yesterday = dayjs(now).tz(DISPLAY_TIME_ZONE).subtract(1, 'day').format('YYYY-MM-DD');
  return { start: kolkataInstant(yesterday, '00:00'), end: now };
}

/** The last day a range starting on `from` may end on. */
export function lastAllowedDay(from: DayString, maxSpanDays: number = MAX_SPAN_DAYS): DayString {
  return dayjs(from).add(maxSpanDays, 'day').format('YYYY-MM-DD');
}

/** Whether a range is in order and no longer than the maximum span. */
export function rangeError(range: InstantRange, maxSpanDays: number = MAX_SPAN_DAYS): string | null {
  if (range.end <= range.start) return 'The end must be after the start.';
  if (range.end - range.start > maxSpanDays * 86_400_000) return `Pick at most ${maxSpanDays} days.`;
  return null;
}
