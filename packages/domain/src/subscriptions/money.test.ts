import { describe, expect, it } from 'vitest';
import { amountInWords, formatPaise, formatRupees, isPaise, numberInWords, paise, share, shareDown } from './money.ts';

describe('money', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [100, '₹1.00'],
    [12345678, '₹1,23,456.78'],
    [1_00_00_000_00, '₹1,00,00,000.00'],
    [-250, '-₹2.50'],
  ])('%i paise shows as %s', (amount, text) => {
    expect(formatRupees(amount)).toBe(text);
  });

  it('shows paise without the symbol where a heading carries it', () => {
    expect(formatPaise(1_00_00_000_00)).toBe('1,00,00,000.00');
    expect(formatPaise(-7)).toBe('-0.07');
  });

  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [19, 'Nineteen'],
    [42, 'Forty-Two'],
    [100, 'One Hundred'],
    [1001, 'One Thousand One'],
    [123456, 'One Lakh Twenty-Three Thousand Four Hundred Fifty-Six'],
    [10000000, 'One Crore'],
    [987654321, 'Ninety-Eight Crore Seventy-Six Lakh Fifty-Four Thousand Three Hundred Twenty-One'],
  ])('%i in words is %s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('writes an amount in rupees and paise', () => {
    expect(amountInWords(12345678)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only');
    expect(amountInWords(1180000)).toBe('Rupees Eleven Thousand Eight Hundred Only');
    expect(amountInWords(99)).toBe('Rupees Zero and Ninety-Nine Paise Only');
  });

  it('refuses amounts that are no paise', () => {
    expect(isPaise(-1)).toBe(false);
    expect(isPaise(1.5)).toBe(false);
    expect(() => paise(-100, 'price')).toThrow(/price must be whole paise/);
    expect(() => amountInWords(-1)).toThrow(RangeError);
  });

  it('rounds shares half up, and refunds down', () => {
    expect(share(1001, 1, 2)).toBe(501);
    expect(share(1000, 1, 3)).toBe(333);
    expect(shareDown(1001, 1, 2)).toBe(500);
    expect(share(1_00_00_000_00_00, 9, 100)).toBe(9_00_00_000_00);
  });
});
