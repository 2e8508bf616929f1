import { describe, expect, it } from 'vitest';
import { dayKey, fileStamp, formatClock, formatDay, formatDayKey, formatInstant, formatInstantOr, formatOpenSpan, formatPeriod, formatSpan, monthKey, yearOf } from './dates';

// 27 Nov 2026 20:15 UTC is 28 Nov 2026 01:45 in India: the day differs from UTC's.
const AT = Date.parse('2026-11-27T20:15:00Z');

describe('one date format per period, in India time', () => {
  it('writes an instant as its IST day and time to the minute, whatever form the API gave it in', () => {
    expect(formatInstant(AT)).toBe('28 Nov 2026 01:45');
    expect(formatInstant('2026-11-27T20:15:00.000Z')).toBe('28 Nov 2026 01:45');
    expect(formatInstant(new Date(AT))).toBe('28 Nov 2026 01:45');
    expect(formatInstantOr(null)).toBe('Never');
    expect(formatInstantOr(undefined, '-')).toBe('-');
  });

  it('writes a day, a month and a year as SPEC 9 shows them', () => {
    expect(formatDay(AT)).toBe('28 Nov 2026');
    expect(formatPeriod(AT, 'month')).toBe('Nov 2026');
    expect(formatPeriod(AT, 'year')).toBe('2026');
    expect(formatDayKey('2026-11-28')).toBe('28 Nov 2026');
    expect(formatClock(AT)).toBe('01:45');
  });

  it('writes a span once per day it touches', () => {
    expect(formatSpan(AT, AT + 15 * 60_000)).toBe('28 Nov 2026 01:45–02:00');
    expect(formatSpan(AT - 2 * 3_600_000, AT)).toBe('27 Nov 2026 23:45 – 28 Nov 2026 01:45');
    expect(formatOpenSpan(AT, null)).toBe('28 Nov 2026 01:45 – ongoing');
  });

  it('gives machine values of the IST calendar for URLs, requests and file names', () => {
    expect(dayKey(AT)).toBe('2026-11-28');
    expect(monthKey(AT)).toBe('2026-11');
    expect(yearOf(Date.parse('2026-12-31T19:00:00Z'))).toBe(2027);
    expect(fileStamp(AT)).toBe('2026-11-28 01-45-00');
  });
});
