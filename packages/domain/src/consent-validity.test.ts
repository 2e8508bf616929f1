import { describe, expect, it } from 'vitest';
import { daysLeft, reminderStep, standingOf } from './consent-validity.ts';

describe('consent validity', () => {
  it.each([
    ['2026-12-31', '2026-12-31', 0],
    ['2027-01-01', '2026-12-31', 1],
    ['2026-03-01', '2026-02-28', 1],
    ['2026-11-01', '2026-11-28', -27],
  ])('%s is %i days from %s', (expires, today, days) => {
    expect(daysLeft(expires, today)).toBe(days);
  });

  it.each([
    [-1, 'EXPIRED', 0],
    [0, 'WITHIN_7', 7],
    [7, 'WITHIN_7', 7],
    [8, 'WITHIN_30', 30],
    [30, 'WITHIN_30', 30],
    [31, 'WITHIN_60', 60],
    [60, 'WITHIN_60', 60],
    [61, 'VALID', null],
  ] as const)('%i days left: %s, reminder step %s', (days, standing, step) => {
    expect(standingOf(days)).toBe(standing);
    expect(reminderStep(days)).toBe(step);
  });

  it('refuses text that is no date', () => {
    expect(() => daysLeft('2026-02-30', '2026-01-01')).toThrow(RangeError);
  });
});
