import { describe, expect, it } from 'vitest';
import { kolkataInstant, kolkataParts, lastAllowedDay, rangeError, rangePresets, sinceYesterday } from './date-range';

// 2025-03-01T20:00:00Z is already 2 March 01:30 in India.
const NOW = Date.parse('2025-03-01T20:00:00Z');

describe('rangePresets (Kolkata days)', () => {
  const presets = Object.fromEntries(rangePresets(NOW).map((p) => [p.label, [p.from, p.to]]));
  it.each([
    ['Today', ['2025-03-02', '2025-03-02']],
    ['Yesterday', ['2025-03-01', '2025-03-01']],
    ['Last 7 Days', ['2025-02-24', '2025-03-02']],
    ['Last 30 Days', ['2025-02-01', '2025-03-02']],
    ['This Month', ['2025-03-01', '2025-03-31']],
    ['Last Month', ['2025-02-01', '2025-02-28']],
  ])('%s is %j', (label, range) => {
    expect(presets[label]).toEqual(range);
  });
});

describe('Kolkata wall time and instants', () => {
  it.each([
    ['2025-03-02', '00:00', '2025-03-01T18:30:00.000Z'],
    ['2025-03-02', '23:59', '2025-03-02T18:29:00.000Z'],
  ])('%s %s is %s', (day, time, iso) => {
    expect(new Date(kolkataInstant(day, time)).toISOString()).toBe(iso);
    expect(kolkataParts(Date.parse(iso))).toEqual({ day, time });
  });
});

describe('sinceYesterday', () => {
  it.each([
    ['just after midnight in India', '2025-03-01T18:31:00Z', '2025-02-28T18:30:00.000Z'],
    ['late in the Indian evening', '2025-03-01T18:29:00Z', '2025-02-27T18:30:00.000Z'],
    ['across a month end', '2025-03-01T20:00:00Z', '2025-02-28T18:30:00.000Z'],
  ])('%s starts at the previous Kolkata midnight', (_case, now, start) => {
    const range = sinceYesterday(Date.parse(now));
    expect(new Date(range.start).toISOString()).toBe(start);
    expect(range.end).toBe(Date.parse(now));
    expect(range.end - range.start).toBeGreaterThanOrEqual(86_400_000);
  });
});

describe('span limit: 1325 days', () => {
  const DAY = 86_400_000;
  it.each([
    ['a day', { start: 0, end: DAY }, null],
    ['exactly 1325 days', { start: 0, end: 1325 * DAY }, null],
    ['1325 days and a minute', { start: 0, end: 1325 * DAY + 60_000 }, 'Pick at most 1325 days.'],
    ['end before start', { start: DAY, end: 0 }, 'The end must be after the start.'],
  ])('%s', (_case, range, error) => {
    expect(rangeError(range)).toBe(error);
  });

  it.each([
    ['2025-01-01', '2028-08-18'],
    ['2024-02-29', '2027-10-16'],
  ])('a range from %s may end on %s', (from, last) => {
    expect(lastAllowedDay(from)).toBe(last);
  });
});
