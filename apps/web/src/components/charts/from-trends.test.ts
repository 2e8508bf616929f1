import { describe, expect, it } from 'vitest';
import { limitLines, trendSeries } from './from-trends';

describe('trendSeries', () => {
  it('turns trend points into named chart series, gaps kept', () => {
    const series = trendSeries(
      [
        {
          paramName: 'pm',
          paramLabel: 'PM',
          unit: 'mg/Nm3',
          data: [{ time: 1, value: 2 }, { time: 2, value: null }],
          tags: {},
          entityName: 'Stack 1',
          entityId: 4,
          dsAgg: 'avg',
          agg: 'avg',
        },
      ],
      (t) => t.entityName ?? '',
    );
    expect(series).toEqual([{ name: 'Stack 1', unit: 'mg/Nm3', points: [[1, 2], [2, null]] }]);
  });
});

describe('trendSeries: missing buckets break the line', () => {
  const Q = 900_000;
  const trend = (times: number[]) => ({
    paramName: 'pm',
    paramLabel: 'PM',
    unit: '',
    data: times.map((time) => ({ time, value: 1 })),
    tags: {},
    entityName: 'S',
    entityId: 1,
    dsAgg: 'avg' as const,
    agg: 'avg' as const,
  });
  it.each([
    ['consecutive buckets', 'minute_15', [0, Q, 2 * Q], [[0, 1], [Q, 1], [2 * Q, 1]]],
    ['a missing bucket', 'minute_15', [0, Q, 3 * Q], [[0, 1], [Q, 1], [2 * Q, null], [3 * Q, 1]]],
    ['raw points are never broken', 'instances', [0, 10 * Q], [[0, 1], [10 * Q, 1]]],
    ['a 31-day month is no gap', 'month_1', [0, 31 * 86_400_000], [[0, 1], [31 * 86_400_000, 1]]],
  ])('%s', (_case, interval, times, points) => {
    expect(trendSeries([trend(times)], (t) => t.paramLabel, interval)[0]!.points).toEqual(points);
  });
});

describe('limitLines', () => {
  it.each([
    [{ min: null, max: 50, unit: 'mg/Nm3' }, [{ value: 50, label: 'Max limit 50 mg/Nm3' }]],
    [{ min: 6.5, max: 8.5, unit: '' }, [{ value: 8.5, label: 'Max limit 8.5' }, { value: 6.5, label: 'Min limit 6.5' }]],
    [undefined, []],
  ])('%j', (limit, lines) => {
    expect(limitLines(limit)).toEqual(lines);
  });
});
