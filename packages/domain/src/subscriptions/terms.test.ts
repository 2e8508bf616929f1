import { describe, expect, it } from 'vitest';
import { addMonths, daysBetween, termEnd } from './terms.ts';

describe('terms', () => {
  it.each([
    ['2026-01-31', 'MONTHLY', '2026-02-28'],
    ['2028-01-31', 'MONTHLY', '2028-02-29'],
    ['2026-11-28', 'MONTHLY', '2026-12-28'],
    ['2026-12-15', 'MONTHLY', '2027-01-15'],
    ['2028-02-29', 'ANNUAL', '2029-02-28'],
    ['2026-04-01', 'ANNUAL', '2027-04-01'],
  ] as const)('a term from %s, %s, ends before %s', (start, term, end) => {
    expect(termEnd(start, term)).toBe(end);
  });

  it('counts days across months and years', () => {
    expect(daysBetween('2026-04-01', '2027-04-01')).toBe(365);
    expect(daysBetween('2027-04-01', '2028-04-01')).toBe(366);
    expect(daysBetween('2026-12-01', '2026-11-30')).toBe(-1);
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('refuses text that is no date', () => {
    expect(() => addMonths('2026-02-30', 1)).toThrow(RangeError);
    expect(() => daysBetween('tomorrow', '2026-01-01')).toThrow(RangeError);
  });
});
