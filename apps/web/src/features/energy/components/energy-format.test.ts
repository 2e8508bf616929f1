import { describe, expect, it } from 'vitest';
import { financialYearOfMonth, monthDays, recentMonths } from './energy-format';
import { form1Rows, TOE_PER_KWH } from './form1';

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

  it("writes Form 1's totals in kWh and toe, with SEC from the year's production", () => {
    const rows = form1Rows(
      'Beawar Plant',
      { nodeId: 1, nodeName: 'Beawar Plant', fy: '2026-27', gridKwh: 9_000_000, solarKwh: 800_000, dgKwh: 200_000, factor: 0.727, factorFy: '2023-24', grossTco2: 6543, offsets: [], offsetTco2: 0, netTco2: 6543, months: [] },
      { nodeId: 1, unit: 't', days: [{ day: '2026-04-01', kwh: 1, production: 60_000, sec: null, expectedKwh: null }, { day: '2026-04-02', kwh: 1, production: 40_000, sec: null, expectedKwh: null }], baseline: null, savings: null, sec: null },
    );
    const value = (item: string, unit: string) => rows.find((r) => r.item === item && r.unit === unit)?.value;
    expect(value('Total electricity consumed', 'kWh')).toBe(10_000_000);
    // 10 million kWh × 860 kcal / 10^7 kcal per toe = 860 toe.
    expect(value('Total electricity consumed', 'toe')).toBe(Math.round(10_000_000 * TOE_PER_KWH * 100) / 100);
    expect(value('Total electricity consumed', 'toe')).toBe(860);
    expect(value('Specific energy consumption (electricity)', 'kWh/t')).toBe(100);
  });
});
