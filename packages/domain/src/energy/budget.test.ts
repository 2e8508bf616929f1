import { describe, expect, it } from 'vitest';
import { budgetStatus, financialYearOf, monthsOf, parseFinancialYear, thresholdsToRaise } from './budget.ts';

describe('financial year', () => {
  it('runs from April to March', () => {
    expect(financialYearOf('2026-03-31')).toEqual({ label: '2025-26', start: '2025-04-01', end: '2026-03-31' });
    expect(financialYearOf('2026-04-01')).toEqual({ label: '2026-27', start: '2026-04-01', end: '2027-03-31' });
    expect(financialYearOf('2099-12-31').label).toBe('2099-00');
    expect(monthsOf(financialYearOf('2026-11-28'))).toEqual(['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02', '2027-03']);
  });

  it('parses its label and refuses one that is not a year and the next', () => {
    expect(parseFinancialYear('2023-24')?.start).toBe('2023-04-01');
    expect(parseFinancialYear('2023-25')).toBeUndefined();
    expect(parseFinancialYear('FY24')).toBeUndefined();
  });
});

describe('budget status', () => {
  const day = 86_400_000;
  const b = { budgetKwh: 1_000_000, start: 0, end: 30 * day };

  it('forecasts the end of the period at the run rate so far', () => {
    const s = budgetStatus({ ...b, usedKwh: 400_000, now: 10 * day });
    expect(s.usedPercent).toBe(40);
    expect(s.forecastKwh).toBeCloseTo(1_200_000, 6);
    expect(s.forecastPercent).toBeCloseTo(120, 6);
    expect(s.reached).toEqual([]);
  });

  it('takes the used energy as the forecast once the period closed', () => {
    const s = budgetStatus({ ...b, usedKwh: 900_000, now: 31 * day });
    expect(s.forecastKwh).toBe(900_000);
    expect(s.reached).toEqual([50, 75]);
  });

  it('raises each threshold once', () => {
    const s = budgetStatus({ ...b, usedKwh: 1_000_000, now: 20 * day });
    expect(s.reached).toEqual([50, 75, 100]);
    expect(thresholdsToRaise(s, [50])).toEqual([75, 100]);
    expect(thresholdsToRaise(s, [50, 75, 100])).toEqual([]);
  });
});
