import { describe, expect, it } from 'vitest';
import { adjustedSavings, fitBaseline, predict, sec } from './sec.ts';

describe('specific energy consumption', () => {
  it('is energy ÷ output, none without output', () => {
    expect(sec(95_000, 1000)).toBe(95);
    expect(sec(10, 0)).toBeNull();
  });
});

describe('ISO 50006 baseline', () => {
  // Days of a cement mill: 40,000 kWh of base load plus 80 kWh per tonne, exactly.
  const exact = [800, 900, 1000, 1100, 1200, 950].map((t) => ({ y: 40_000 + 80 * t, x: [t] }));

  it('finds the line of energy on production with R² 1 for an exact relation', () => {
    const m = fitBaseline(exact)!;
    expect(m.intercept).toBeCloseTo(40_000, 6);
    expect(m.coefficients[0]).toBeCloseTo(80, 9);
    expect(m.r2).toBeCloseTo(1, 12);
  });

  it('gives R² below 1 with scatter, as computed by hand', () => {
    // x 1,2,3,4; y 2,4,5,4: Sxy 3.5, Sxx 5, slope 0.7, intercept 3.75 − 0.7 × 2.5 = 2; residuals −0.7, 0.6, 0.9, −0.8: SSres 2.3; SStot 4.75
    const m = fitBaseline([2, 4, 5, 4].map((y, i) => ({ y, x: [i + 1] })))!;
    expect(m.coefficients[0]).toBeCloseTo(0.7, 12);
    expect(m.intercept).toBeCloseTo(2, 12);
    expect(m.r2).toBeCloseTo(1 - 2.3 / 4.75, 12);
  });

  it('takes a second variable (temperature)', () => {
    const rows = [
      [1000, 25],
      [1100, 30],
      [900, 35],
      [1200, 28],
      [1050, 40],
    ].map(([t, c]) => ({ y: 30_000 + 75 * t! + 400 * c!, x: [t!, c!] }));
    const m = fitBaseline(rows)!;
    expect(m.coefficients[0]).toBeCloseTo(75, 6);
    expect(m.coefficients[1]).toBeCloseTo(400, 6);
    expect(predict(m, [1000, 30])).toBeCloseTo(117_000, 3);
  });

  it('refuses too few points and a production that never changes', () => {
    expect(fitBaseline(exact.slice(0, 2))).toBeUndefined();
    expect(fitBaseline([1, 2, 3].map((y) => ({ y, x: [5] })))).toBeUndefined();
  });

  it('gives adjusted savings as expected − actual at the reporting output', () => {
    const m = fitBaseline(exact)!;
    const reporting = [{ y: 110_000, x: [1000] }, { y: 118_000, x: [1000] }];
    const s = adjustedSavings(m, reporting);
    expect(s.expectedKwh).toBeCloseTo(240_000, 3);
    expect(s.savingsKwh).toBeCloseTo(12_000, 3);
    expect(s.savingsPercent).toBeCloseTo(5, 6);
  });
});
