import { describe, expect, it } from 'vitest';
import { formatAge } from './age.ts';

const NOW = '2025-06-15T12:00:00Z';

describe('formatAge', () => {
  it.each([
    ['2025-06-01T00:00:00Z', 'few days'],
    ['2025-05-16T00:00:00Z', 'few days'],
    ['2025-05-15T12:00:00Z', '1 mth'],
    ['2024-07-15T12:00:00Z', '11 mth'],
    ['2024-06-15T12:00:00Z', '1 yrs 0 mth'],
    ['2021-02-10T00:00:00Z', '4 yrs 4 mth'],
    ['2026-01-01T00:00:00Z', 'few days'],
  ])('since %s is %s', (since, expected) => {
    expect(formatAge(since, NOW)).toBe(expected);
  });
});
