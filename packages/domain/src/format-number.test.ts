import { describe, expect, it } from 'vitest';
import { formatCompact, formatIndian, roundValue } from './format-number.ts';

describe('formatIndian: Indian digit grouping', () => {
  it.each([
    [0, 2, '0'],
    [999, 2, '999'],
    [1234567, 2, '12,34,567'],
    [1234567.891, 2, '12,34,567.89'],
    [-98765432.1, 1, '-9,87,65,432.1'],
    [12.5, 0, '13'],
    ['4321.5', 2, '4,321.5'],
    [null, 2, '-'],
    [undefined, 2, '-'],
    ['null', 2, '-'],
    ['NaN', 2, '-'],
    [Number.NaN, 2, '-'],
  ])('%s with %i decimals is %s', (value, decimals, expected) => {
    expect(formatIndian(value, decimals)).toBe(expected);
  });
});

describe('formatCompact: K above 1000, M above a million, G above a billion', () => {
  it.each([
    [999, '999'],
    [1000, '1,000'],
    [1500, '1.5K'],
    [1_000_000, '1,000K'],
    [2_500_000, '2.5M'],
    [1_000_000_000, '1,000M'],
    [3_200_000_000, '3.2G'],
    [-45_000, '-45K'],
    [null, '-'],
  ])('%s is %s', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });
});

describe('roundValue: to the shown decimals, still a number', () => {
  it.each<[number | null, number | undefined, number | null]>([
    [7.546666666666667, undefined, 7.55],
    [1.005, 2, 1.01],
    [-1.005, 2, -1.01],
    [-0.001, 2, 0],
    [1234.5, 0, 1235],
    [42, 2, 42],
    [null, 2, null],
  ])('%s to %s places is %s', (value, decimals, expected) => {
    expect(roundValue(value, decimals)).toBe(expected);
  });
});
