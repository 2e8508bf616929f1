import { describe, expect, it } from 'vitest';
import { documentNumber, financialYearOf, firstGap, isValidDocumentNumber } from './invoice-number.ts';

describe('invoice numbers', () => {
  it.each([
    ['2026-03-31', '2025-26'],
    ['2026-04-01', '2026-27'],
    ['2026-11-28', '2026-27'],
    ['2027-01-01', '2026-27'],
    ['2099-04-01', '2099-00'],
  ])('%s is in financial year %s', (day, fy) => {
    expect(financialYearOf(day)).toBe(fy);
  });

  it('numbers documents per series and year within rule 46(b)', () => {
    const n = documentNumber('INVOICE', '2026-27', 123);
    expect(n).toBe('EVI/2627/000123');
    expect(isValidDocumentNumber(n)).toBe(true);
    expect(documentNumber('CREDIT_NOTE', '2026-27', 999_999)).toBe('EVC/2627/999999');
    expect(() => documentNumber('INVOICE', '2026-27', 0)).toThrow(RangeError);
    expect(isValidDocumentNumber('EVI/2627/0000001234')).toBe(false);
  });

  it('finds a gap', () => {
    expect(firstGap([3, 1, 2])).toBeNull();
    expect(firstGap([1, 2, 4])).toBe(3);
    expect(firstGap([2])).toBe(1);
  });
});
