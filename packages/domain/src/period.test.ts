import { describe, expect, it } from 'vitest';
import { periodRange, stepPeriodRange, type Period } from './period.ts';
import { parseLocalDate } from './time-zone.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const NOW = Date.parse('2024-03-10T10:07:00Z');

describe('periodRange', () => {
  it.each([
    ['day', 0, undefined, 'Asia/Kolkata', '2024-03-09T18:30:00.000Z', '2024-03-10T18:30:00.000Z', 'day'],
    ['day', 1, undefined, 'Asia/Kolkata', '2024-03-08T18:30:00.000Z', '2024-03-09T18:30:00.000Z', 'day-1'],
    ['day', 0, undefined, 'UTC', '2024-03-10T00:00:00.000Z', '2024-03-11T00:00:00.000Z', 'day'],
    ['month', 0, undefined, 'Asia/Kolkata', '2024-02-29T18:30:00.000Z', '2024-03-31T18:30:00.000Z', 'month'],
    ['month', 1, undefined, 'Asia/Kolkata', '2024-01-31T18:30:00.000Z', '2024-02-29T18:30:00.000Z', 'month-1'],
    ['year', 0, undefined, 'Asia/Kolkata', '2023-12-31T18:30:00.000Z', '2024-12-31T18:30:00.000Z', 'year'],
    ['year', 2, undefined, 'UTC', '2022-01-01T00:00:00.000Z', '2023-01-01T00:00:00.000Z', 'year-2'],
    ['month', 0, '2023-07-15', 'Asia/Kolkata', '2023-06-30T18:30:00.000Z', '2023-07-31T18:30:00.000Z', 'month'],
    ['day', 3, '2023-07-15', 'Asia/Kolkata', '2023-07-11T18:30:00.000Z', '2023-07-12T18:30:00.000Z', 'day-3'],
    // The New York spring-forward day is 23 hours long.
    ['day', 0, undefined, 'America/New_York', '2024-03-10T05:00:00.000Z', '2024-03-11T04:00:00.000Z', 'day'],
  ] as const)('%s range %i ref %s in %s', (period: Period, range, ref, zone, from, to, words) => {
    const r = periodRange(period, range, ref === undefined ? undefined : parseLocalDate(ref), NOW, zone);
    expect({ from: iso(r.from), to: iso(r.to), zone: r.zone, raw: r.raw }).toEqual({ from, to, zone, raw: { from: words, to: words } });
  });
});

describe('stepPeriodRange (SPEC 4)', () => {
  it.each([
    [0, 'forward', 0],
    [1, 'forward', 0],
    [3, 'forward', 2],
    [0, 'backward', 1],
    [2, 'backward', 3],
  ] as const)('%i %s -> %i', (range, direction, expected) => {
    expect(stepPeriodRange(range, direction)).toBe(expected);
  });
});
