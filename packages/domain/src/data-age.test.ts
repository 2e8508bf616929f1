import { describe, expect, it } from 'vitest';
import { dataAgeColour } from './data-age.ts';

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
