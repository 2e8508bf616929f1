import { describe, expect, it } from 'vitest';
import { liveStatus } from './live-status.ts';

const NOW = Date.parse('2024-03-10T10:00:00Z');
const MIN = 60_000;

describe('liveStatus', () => {
  it.each([
    [null, 'UNKNOWN'],
    [undefined, 'UNKNOWN'],
    [Number.NaN, 'UNKNOWN'],
    [NOW, 'LIVE'],
    [NOW + 5 * MIN, 'LIVE'],
    [NOW - 15 * MIN, 'LIVE'],
    [NOW - 15 * MIN - 1, 'DELAYED'],
    [NOW - 240 * MIN, 'DELAYED'],
    [NOW - 240 * MIN - 1, 'OFFLINE'],
    [NOW - 30 * 24 * 60 * MIN, 'OFFLINE'],
  ])('last data %s -> %s', (lastDataAt, expected) => {
    expect(liveStatus(lastDataAt, NOW)).toBe(expected);
  });
});
