import { describe, expect, it } from 'vitest';
import { DEFAULT_DURATION, durationRange, parseDuration } from './duration.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('parseDuration', () => {
  it.each([
    ['15m-ago', 15, 'm'],
    ['4h-ago', 4, 'h'],
    ['7d-ago', 7, 'd'],
    ['15d-ago', 15, 'd'],
    ['30d-ago', 30, 'd'],
    ['2w-ago', 2, 'w'],
    ['3n-ago', 3, 'n'],
    ['1y-ago', 1, 'y'],
    ['90s-ago', 90, 's'],
  ])('%s', (text, amount, unit) => {
    expect(parseDuration(text)).toEqual({ text, amount, unit });
  });

  it.each(['15d', '15 d-ago', '0d-ago', '-1d-ago', '1.5h-ago', '15D-ago', '1q-ago', '15d-ago ', '1234567d-ago', ''])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });

  it('has a parseable default', () => {
    expect(parseDuration(DEFAULT_DURATION)?.amount).toBe(15);
  });
});

describe('durationRange', () => {
  const end = at('2024-03-10T10:07:00Z');
  it.each([
    ['15m-ago', 'Asia/Kolkata', '2024-03-10T09:52:00.000Z'],
    ['4h-ago', 'Asia/Kolkata', '2024-03-10T06:07:00.000Z'],
    ['7d-ago', 'Asia/Kolkata', '2024-03-03T10:07:00.000Z'],
    ['2w-ago', 'Asia/Kolkata', '2024-02-25T10:07:00.000Z'],
    ['1n-ago', 'Asia/Kolkata', '2024-02-10T10:07:00.000Z'],
    ['1y-ago', 'Asia/Kolkata', '2023-03-10T10:07:00.000Z'],
    // Across spring-forward in New York a day ago is the same local time, 23 hours earlier.
    ['1d-ago', 'America/New_York', '2024-03-09T11:07:00.000Z'],
    ['24h-ago', 'America/New_York', '2024-03-09T10:07:00.000Z'],
  ])('%s in %s starts %s and keeps the words', (text, zone, from) => {
    const range = durationRange(parseDuration(text)!, end, zone);
    expect({ from: iso(range.from), to: iso(range.to), zone: range.zone, raw: range.raw }).toEqual({ from, to: iso(end), zone, raw: { from: text, to: 'now' } });
  });
});
