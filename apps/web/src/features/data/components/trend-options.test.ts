import { describe, expect, it } from 'vitest';
import type { TrendResult } from '@enviro/contracts/data/trend';
import { allowedAveraging, pickedAggregation, resolveChoices, statsNote, trendStats } from './trend-options';

describe('allowedAveraging', () => {
  it.each([
    ['7d-ago', ['instances', 'minute_15', 'minute_30', 'hour_1', 'hour_12', 'day_1']],
    ['30d-ago', ['instances', 'minute_15', 'minute_30', 'hour_1', 'hour_12', 'day_1']],
    ['1y-ago', ['hour_1', 'hour_12', 'day_1']],
  ])('%s allows %j', (time, allowed) => {
    expect(allowedAveraging(time)).toEqual(allowed);
  });
});

describe('resolveChoices: defaults and impossible pairs', () => {
  it.each([
    [null, null, { time: '15d-ago', averaging: 'minute_15' }],
    ['30d-ago', 'hour_1', { time: '30d-ago', averaging: 'hour_1' }],
    ['2d-ago', 'bogus', { time: '15d-ago', averaging: 'minute_15' }],
    ['7d-ago', 'instances', { time: '7d-ago', averaging: 'instances' }],
    ['1y-ago', 'instances', { time: '1y-ago', averaging: 'hour_1' }],
    ['1y-ago', 'minute_15', { time: '1y-ago', averaging: 'hour_1' }],
    ['1y-ago', 'day_1', { time: '1y-ago', averaging: 'day_1' }],
  ])('time %j averaging %j', (time, averaging, expected) => {
    expect(resolveChoices(time, averaging)).toEqual(expected);
  });
});

const trend = (dsAgg: TrendResult['dsAgg'], values: (number | null)[]): TrendResult => ({
  paramName: 'pm',
  paramLabel: 'PM',
  unit: 'mg/Nm3',
  data: values.map((value, i) => ({ time: i, value })),
  tags: {},
  entityName: 'Stack 1',
  entityId: 1,
  dsAgg,
  agg: 'avg',
  range: { from: '1970-01-01T00:00:00.000Z', to: '1970-01-02T00:00:00.000Z', zone: 'UTC', raw: { from: '1d-ago', to: 'now' } },
});

describe('trendStats', () => {
  it.each([
    ['bucketed: min of minima, max of maxima, mean of averages', trend('avg', [10, 20, null]), [trend('min', [2, 5]), trend('max', [30, 90])], { min: 2, max: 90, avg: 15 }],
    ['an average before its extremes came', trend('avg', [10, 20]), [], { min: 10, max: 20, avg: 15 }],
    ['raw points', trend(null, [4, 8, 6]), [], { min: 4, max: 8, avg: 6 }],
    ['sums quote their own buckets', trend('sum', [480, 520, 470]), [], { min: 470, max: 520, avg: 490 }],
    ['no data', trend('avg', [null]), [], { min: null, max: null, avg: null }],
    ['no series', undefined, [], { min: null, max: null, avg: null }],
  ])('%s', (_case, main, extremes, stats) => {
    expect(trendStats(main, extremes)).toEqual(stats);
  });

  it('leaves out the sums of buckets cut short, and keeps averages whole', () => {
    const cut = (time: number) => time === 0 || time === 3;
    expect(trendStats(trend('sum', [120, 480, 470, 150]), [], cut)).toEqual({ min: 470, max: 480, avg: 475 });
    expect(trendStats(trend('avg', [30, 32, 34, 36]), [], cut)).toEqual({ min: 30, max: 36, avg: 33 });
  });
});

describe('the aggregation of a trend', () => {
  it('takes the URL\'s pick only when it is one the API knows', () => {
    expect([pickedAggregation('sum'), pickedAggregation('median'), pickedAggregation(null)]).toEqual(['sum', undefined, undefined]);
  });

  it.each([
    ['avg', 'minute_15', 'Min and max of every reading; average of the 15-minute averages.'],
    ['sum', 'minute_15', 'Min, max and average of the 15-minute sums, leaving out periods only partly covered.'],
    ['max', 'hour_1', 'Min, max and average of the hourly maxima.'],
    [null, 'instances', 'Min, max and average of every reading.'],
  ] as const)('tiles of %s at %s say %j', (aggregation, interval, note) => {
    expect(statsNote(aggregation, interval)).toBe(note);
  });
});
