import { describe, expect, it } from 'vitest';
import { dailyTotals } from './push-counts';

describe('dailyTotals', () => {
  it('adds the stations of each day, oldest day first', () => {
    expect(
      dailyTotals([
        { date: '2026-11-26', success: 5, failed: 1 },
        { date: '2026-11-25', success: 2, failed: 0 },
        { date: '2026-11-26', success: 3, failed: 2 },
      ]),
    ).toEqual({
      series: [
        { name: 'Success', points: [['2026-11-25', 2], ['2026-11-26', 8]] },
        { name: 'Failed', points: [['2026-11-25', 0], ['2026-11-26', 3]] },
      ],
    });
  });

  it('has no points without counts (the widget says there is no data)', () => {
    expect(dailyTotals([]).series.every((s) => s.points.length === 0)).toBe(true);
  });
});
