import { describe, expect, it } from 'vitest';
import { financialYearOfMonth, monthDays, recentMonths } from './energy-format';

const NOW = Date.parse('2026-11-28T06:00:00Z');

describe('energy screen helpers', () => {
  it('gives a month its days up to today and its financial year', () => {
    expect(monthDays('2026-11', NOW)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-28' });
    expect(monthDays('2026-02', NOW)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(financialYearOfMonth('2026-03')).toBe('2025-26');
    expect(financialYearOfMonth('2026-04')).toBe('2026-27');
    expect(recentMonths(NOW).slice(0, 2)).toEqual([
      { value: '2026-11', label: 'Nov 2026' },
      { value: '2026-10', label: 'Oct 2026' },
    ]);
  });
});
