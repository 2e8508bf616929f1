import { describe, expect, it } from 'vitest';
import { axisLabel, stepDecimals, valueAxisRange, type AxisRange } from './value-axis';

const ticks = (r: AxisRange) => Array.from({ length: Math.round((r.max - r.min) / r.interval) + 1 }, (_, i) => r.min + i * r.interval);
const labels = (values: number[], options?: { includeZero?: boolean }) => {
  const range = valueAxisRange(values, options)!;
  return ticks(range).map((t) => axisLabel(t, range));
};

describe('valueAxisRange: every value on the axis, on round ticks', () => {
  it('reaches the pH limits and the extremes the tiles quote, not only the averages drawn', () => {
    // Averages 6.6 to 8.7, limits 6.5 and 8.5, lowest reading 5.95 and highest 9.53.
    const range = valueAxisRange([6.6, 8.7, 6.5, 8.5, 5.95, 9.53])!;
    expect(range.min).toBeLessThanOrEqual(5.95);
    expect(range.max).toBeGreaterThanOrEqual(9.53);
    expect(range).toMatchObject({ min: 5, max: 10, interval: 1 });
  });

  it.each([
    ['pH over four hours', [7.71, 7.74, 7.78, 7.82], ['7.700', '7.725', '7.750', '7.775', '7.800', '7.825']],
    ['a pH band with its limits', [7.7, 7.8, 6.5, 8.5], ['6.5', '7.0', '7.5', '8.0', '8.5']],
    ['flow in lakhs', [185_100, 186_900], ['185.0K', '185.5K', '186.0K', '186.5K', '187.0K']],
    ['energy sums', [452, 538], ['440', '460', '480', '500', '520', '540']],
    ['one flat value', [30, 30], ['26', '28', '30', '32', '34']],
    ['negatives', [-3.2, 1.1], ['-4', '-3', '-2', '-1', '0', '1', '2']],
  ])('labels of %s all differ: %j', (_case, values, expected) => {
    const shown = labels(values);
    expect(shown).toEqual(expected);
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('keeps zero for bars', () => {
    expect(valueAxisRange([40, 64], { includeZero: true })).toMatchObject({ min: 0, max: 80 });
  });

  it('has no range without a finite value', () => {
    expect(valueAxisRange([])).toBeUndefined();
    expect(valueAxisRange([Number.NaN])).toBeUndefined();
  });
});

describe('stepDecimals', () => {
  it.each([
    [0.25, 2],
    [0.5, 1],
    [2.5, 1],
    [20, 0],
    [0.025, 3],
    [0.1 + 0.2, 1],
  ])('%s needs %i', (step, decimals) => {
    expect(stepDecimals(step)).toBe(decimals);
  });
});
