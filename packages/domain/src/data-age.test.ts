import { describe, expect, it } from 'vitest';
import { ageText, dataAgeColour } from './data-age.ts';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

describe('dataAgeColour', () => {
  it.each([
    [hoursAgo(0), 'green'],
    [hoursAgo(4), 'green'],
    [hoursAgo(4.01), 'orange'],
    [hoursAgo(24), 'orange'],
    [hoursAgo(24.01), 'red'],
    [NOW - 30 * 24 * 3_600_000, 'red'],
    [null, 'darkgrey'],
    [undefined, 'darkgrey'],
    ['not a date', 'darkgrey'],
  ])('%s is %s', (lastDataAt, expected) => {
    expect(dataAgeColour(lastDataAt, NOW)).toBe(expected);
  });
});

describe('ageText', () => {
  it.each([
    [NOW + 60_000, 'just now'],
    [NOW - 30_000, 'just now'],
    [NOW - 12 * 60_000, '12 min ago'],
    [hoursAgo(2.5), '2 h ago'],
    [hoursAgo(47.9), '47 h ago'],
    [hoursAgo(24 * 5), '5 days ago'],
    ['not a date', ''],
  ])('%s reads %j', (at, expected) => {
    expect(ageText(at, NOW)).toBe(expected);
  });
});
