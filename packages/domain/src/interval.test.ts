import { describe, expect, it } from 'vitest';
import { bucketGrid, bucketStart, defaultInterval, INTERVAL_MS, isQuarterHour, nextBucketStart, quarterHourSlots, type BucketInterval } from './interval.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const H = 3_600_000;
const D = 24 * H;
const IST = 'Asia/Kolkata';
const NY = 'America/New_York';

describe('defaultInterval (SPEC 7)', () => {
  it.each([
    [15 * 60_000, 'hour_1'],
    [D, 'hour_1'],
    [25 * H, 'hour_1'],
    [7 * D, 'day_1'],
    [31 * D, 'day_1'],
    [32 * D, 'month_1'],
    [365 * D, 'month_1'],
  ])('%i ms -> %s', (span, expected) => {
    expect(defaultInterval(0, span)).toBe(expected);
  });
});

describe('interval lengths', () => {
  it.each([
    ['minute_15', 15 * 60_000],
    ['minute_30', 30 * 60_000],
    ['hour_1', H],
    ['hour_12', 12 * H],
    ['day_1', D],
  ] as const)('%s is %i ms', (name, ms) => {
    expect(INTERVAL_MS[name]).toBe(ms);
  });
});

describe('bucketStart', () => {
  it.each([
    ['2024-03-10T10:10:00Z', 'minute_15', IST, '2024-03-10T10:00:00.000Z'],
    ['2024-03-10T10:10:00Z', 'minute_30', IST, '2024-03-10T10:00:00.000Z'],
    ['2024-03-10T10:10:00Z', 'minute_30', 'Asia/Kathmandu', '2024-03-10T09:45:00.000Z'],
    ['2024-03-10T10:10:00Z', 'hour_1', IST, '2024-03-10T09:30:00.000Z'],
    ['2024-03-10T10:10:00Z', 'hour_1', 'UTC', '2024-03-10T10:00:00.000Z'],
    ['2024-03-10T10:10:00Z', 'hour_12', IST, '2024-03-10T06:30:00.000Z'],
    ['2024-03-10T05:10:00Z', 'hour_12', IST, '2024-03-09T18:30:00.000Z'],
    ['2024-03-10T18:29:59Z', 'day_1', IST, '2024-03-09T18:30:00.000Z'],
    ['2024-03-10T18:30:00Z', 'day_1', IST, '2024-03-10T18:30:00.000Z'],
    ['2024-03-10T18:30:00Z', 'day_1', 'UTC', '2024-03-10T00:00:00.000Z'],
    ['2024-03-31T18:30:00Z', 'month_1', IST, '2024-03-31T18:30:00.000Z'],
    ['2024-03-31T18:29:00Z', 'month_1', IST, '2024-02-29T18:30:00.000Z'],
    ['2024-06-01T00:00:00Z', 'year_1', IST, '2023-12-31T18:30:00.000Z'],
    // The hour repeated when New York falls back is two buckets.
    ['2024-11-03T05:40:00Z', 'hour_1', NY, '2024-11-03T05:00:00.000Z'],
    ['2024-11-03T06:40:00Z', 'hour_1', NY, '2024-11-03T06:00:00.000Z'],
    ['2024-11-03T16:59:00Z', 'hour_12', NY, '2024-11-03T04:00:00.000Z'],
    ['2024-11-03T17:30:00Z', 'hour_12', NY, '2024-11-03T17:00:00.000Z'],
  ] as const)('%s %s in %s -> %s', (instant, interval, zone, expected) => {
    expect(iso(bucketStart(at(instant), interval, zone))).toBe(expected);
  });
});

describe('nextBucketStart', () => {
  it.each([
    ['2024-03-09T18:30:00Z', 'day_1', IST, '2024-03-10T18:30:00.000Z'],
    ['2024-03-10T05:00:00Z', 'day_1', NY, '2024-03-11T04:00:00.000Z'],
    ['2024-11-03T04:00:00Z', 'day_1', NY, '2024-11-04T05:00:00.000Z'],
    ['2024-11-03T04:00:00Z', 'hour_12', NY, '2024-11-03T17:00:00.000Z'],
    ['2024-11-03T05:00:00Z', 'hour_1', NY, '2024-11-03T06:00:00.000Z'],
    ['2024-01-31T18:30:00Z', 'month_1', IST, '2024-02-29T18:30:00.000Z'],
    ['2023-12-31T18:30:00Z', 'year_1', IST, '2024-12-31T18:30:00.000Z'],
  ] as const)('after %s %s in %s -> %s', (start, interval, zone, expected) => {
    expect(iso(nextBucketStart(at(start), interval, zone))).toBe(expected);
  });
});

describe('bucketGrid', () => {
  it('covers a clipped range with aligned buckets', () => {
    const grid = bucketGrid(at('2024-03-10T10:07:00Z'), at('2024-03-10T12:40:00Z'), 'hour_1', IST, 100)!;
    expect(grid.starts.map(iso)).toEqual(['2024-03-10T09:30:00.000Z', '2024-03-10T10:30:00.000Z', '2024-03-10T11:30:00.000Z', '2024-03-10T12:30:00.000Z']);
    expect(iso(grid.end)).toBe('2024-03-10T13:30:00.000Z');
  });

  it('has 23 hourly buckets on the New York spring-forward day', () => {
    const grid = bucketGrid(at('2024-03-10T05:00:00Z'), at('2024-03-11T04:00:00Z'), 'hour_1', NY, 100)!;
    expect(grid.starts).toHaveLength(23);
  });

  it.each([
    ['day_1', 30, 30],
    ['month_1', 365, 12],
    ['minute_15', 1, 96],
  ] as const)('%s over %i IST days from local midnight has %i buckets', (interval: BucketInterval, days, count) => {
    const from = at('2023-04-30T18:30:00Z');
    expect(bucketGrid(from, from + days * D, interval, IST, 10_000)!.starts).toHaveLength(count);
  });

  it('refuses to build more than the limit', () => {
    expect(bucketGrid(0, 10 * D, 'minute_15', IST, 959)).toBeUndefined();
    expect(bucketGrid(0, 10 * D, 'minute_15', IST, 960)?.starts).toHaveLength(960);
  });
});

describe('quarter hours', () => {
  it.each([
    ['2024-03-10T10:00:00Z', '2024-03-10T11:00:00Z', 4],
    ['2024-03-10T10:07:00Z', '2024-03-10T11:00:00Z', 4],
    ['2024-03-10T10:07:00Z', '2024-03-10T10:08:00Z', 1],
    ['2024-03-10T10:07:00Z', '2024-03-10T10:22:00Z', 2],
    ['2024-03-10T10:15:00Z', '2024-03-10T10:15:00Z', 0],
  ])('[%s, %s) overlaps %i slots', (from, to, n) => {
    expect(quarterHourSlots(at(from), at(to))).toBe(n);
  });

  it.each([
    ['2024-03-10T10:45:00Z', true],
    ['2024-03-10T10:46:00Z', false],
    ['2024-03-09T18:30:00Z', true],
  ])('%s on the grid: %s', (instant, expected) => {
    expect(isQuarterHour(at(instant))).toBe(expected);
  });
});
