import { describe, expect, it } from 'vitest';
import { regulatorSync } from './regulator-sync.ts';

describe('regulatorSync', () => {
  it.each([
    ['LIVE', 0, 'In Sync'],
    ['LIVE', 120, 'In Sync'],
    ['LIVE', 121, 'Out of Sync'],
    ['DELAYED', 0, 'Delayed'],
    ['OFFLINE', 500, 'Delayed'],
    [null, 0, 'Delayed'],
  ])('%s with difference %i is %s', (status, difference, expected) => {
    expect(regulatorSync(status, difference)).toBe(expected);
  });
});
