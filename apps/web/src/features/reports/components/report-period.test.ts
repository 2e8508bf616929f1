import { describe, expect, it } from 'vitest';
import { periodOf, quarterDays, recentQuarters } from './report-period';

describe('report periods in IST', () => {
  it('gives a quarter its first and last days, leap years included', () => {
    expect(quarterDays('2024-Q1')).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    expect(quarterDays('2024-Q2')).toEqual({ from: '2024-04-01', to: '2024-06-30' });
    expect(quarterDays('2025-Q4')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
  });

  it('reads a quarterly report as the quarter holding `from`, and days as they are', () => {
    expect(periodOf(new URLSearchParams('from=2024-05-17&to=2024-05-20'), 'quarter')).toEqual({ from: '2024-04-01', to: '2024-06-30' });
    expect(periodOf(new URLSearchParams('from=2024-05-17&to=2024-05-20'), 'days')).toEqual({ from: '2024-05-17', to: '2024-05-20' });
    expect(periodOf(new URLSearchParams('from=yesterday'), 'days').from).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it.each([
    ['mid-month', '2026-11-27T06:00:00Z', { from: '2026-11-01', to: '2026-11-26' }],
    // 1 December 00:05 in India, still 30 November in UTC.
    ['on the first of a month', '2026-11-30T18:35:00Z', { from: '2026-11-01', to: '2026-11-30' }],
    ['on the first of a year', '2027-01-01T06:00:00Z', { from: '2026-12-01', to: '2026-12-31' }],
  ])('defaults days %s to the month of yesterday, up to yesterday', (_case, now, period) => {
    expect(periodOf(new URLSearchParams(), 'days', Date.parse(now))).toEqual(period);
  });
});

describe('the quarterly report by default', () => {
  it('covers the current quarter, to date, never the one before it (empty for a station commissioned this quarter)', () => {
    expect(periodOf(new URLSearchParams(), 'quarter', Date.parse('2026-11-28T02:00:00Z'))).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    // 1 January 00:30 in India is still 31 December in UTC: the quarter is India's.
    expect(periodOf(new URLSearchParams(), 'quarter', Date.parse('2026-12-31T19:00:00Z'))).toEqual({ from: '2027-01-01', to: '2027-03-31' });
  });

  it('names the quarters on offer with their months', () => {
    const [current, before] = recentQuarters(Date.parse('2026-11-28T02:00:00Z'));
    expect(current).toEqual({ value: '2026-Q4', label: 'Q4 2026 (Oct 2026 – Dec 2026), to date' });
    expect(before).toEqual({ value: '2026-Q3', label: 'Q3 2026 (Jul 2026 – Sep 2026)' });
  });
});
