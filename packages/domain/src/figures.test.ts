import { describe, expect, it } from 'vitest';
import { dailyFigure, meanOf, minutesAboveLimit, monthlyFigure, percent } from './figures.ts';

describe('figures (docs/DEFINITIONS.md)', () => {
  it('gives shares to one decimal, never 100 % short of whole nor 0 % above none', () => {
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(2879, 2880)).toBe(99.9);
    expect(percent(2880, 2880)).toBe(100);
    expect(percent(1, 2880)).toBe(0.1);
    expect(percent(0, 2880)).toBe(0);
    expect(percent(0, 0)).toBeNull();
  });

  it('counts minutes above a limit as exceeding slots x 15', () => {
    expect(minutesAboveLimit(2)).toBe(30);
  });

  it('gives a day an average only with 64 quarters of data, and its capture either way', () => {
    expect(dailyFigure({ quarters: 64, sumOfAverages: 640 }, 96)).toEqual({ average: 10, quarters: 64, capture: 66.7 });
    expect(dailyFigure({ quarters: 63, sumOfAverages: 630 }, 96)).toEqual({ average: null, quarters: 63, capture: 65.6 });
    expect(dailyFigure({ quarters: 0, sumOfAverages: 0 }, 0)).toEqual({ average: null, quarters: 0, capture: null });
  });

  it('gives a month an average with two thirds of its expected quarters', () => {
    expect(monthlyFigure({ quarters: 2000, sumOfAverages: 40_000 }, 2976)).toEqual({ average: 20, quarters: 2000, capture: 67.2 });
    expect(monthlyFigure({ quarters: 1900, sumOfAverages: 38_000 }, 2976).average).toBeNull();
  });

  it("averages a station's device uptimes, ignoring devices with nothing expected", () => {
    expect(meanOf([100, 50, null])).toBe(75);
    expect(meanOf([null])).toBeNull();
  });
});
