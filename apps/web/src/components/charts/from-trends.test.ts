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

describe('limitLines', () => {
  it.each([
    [{ min: null, max: 50, unit: 'mg/Nm3' }, [{ value: 50, label: 'Max limit 50 mg/Nm3' }]],
    [{ min: 6.5, max: 8.5, unit: '' }, [{ value: 8.5, label: 'Max limit 8.5' }, { value: 6.5, label: 'Min limit 6.5' }]],
    [undefined, []],
  ])('%j', (limit, lines) => {
    expect(limitLines(limit)).toEqual(lines);
  });
});
