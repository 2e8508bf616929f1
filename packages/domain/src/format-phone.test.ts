import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone.ts';

describe('formatPhone: +91 then groups of four, three, three', () => {
  it.each([
    ['9876543210', '+91 9876 543 210'],
    [9876543210, '+91 9876 543 210'],
    ['+91 98765 43210', '+91 9876 543 210'],
    ['09876543210', '+91 9876 543 210'],
    ['12345', '12345'],
    ['98-765', '98-765'],
    ['', ''],
    [null, ''],
  ])('%s shows as %s', (raw, expected) => {
    expect(formatPhone(raw)).toBe(expected);
  });
});
