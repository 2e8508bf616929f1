import { describe, expect, it } from 'vitest';
import { aggregationLabel, aggregationName, isAdditive, isAggregation } from './aggregation.ts';

describe('aggregationLabel: what the values of a series are', () => {
  it.each([
    ['sum', 'minute_15', '15-minute sums'],
    ['avg', 'minute_15', '15-minute averages'],
    ['avg', 'hour_1', 'hourly averages'],
    ['max', 'day_1', 'daily maxima'],
    ['last', 'hour_12', '12-hour last readings'],
    ['avg', 'instances', 'every reading'],
    [null, 'minute_15', 'every reading'],
  ] as const)('%s at %s is %j', (agg, interval, expected) => {
    expect(aggregationLabel(agg, interval)).toBe(expected);
  });

  it('says what one value is', () => {
    expect([aggregationLabel('sum', 'minute_15', 'one'), aggregationLabel('avg', 'hour_1', 'one'), aggregationLabel(null, 'minute_15', 'one')]).toEqual([
      '15-minute sum',
      'hourly average',
      'a reading',
    ]);
  });
});

describe('aggregations', () => {
  it('names each for a picker', () => {
    expect(aggregationName('avg')).toBe('Average');
    expect(aggregationName('sum')).toBe('Sum');
  });
  it('knows the names the API takes', () => {
    expect(isAggregation('sum')).toBe(true);
    expect(isAggregation('median')).toBe(false);
    expect(isAggregation(null)).toBe(false);
  });
  it('calls sums and counts additive, where a cut bucket only looks like a dip', () => {
    expect(['sum', 'count', 'avg', 'max', null].map((a) => isAdditive(a as never))).toEqual([true, true, false, false, false]);
  });
});
