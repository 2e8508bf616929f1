import { describe, expect, it } from 'vitest';
import { parseTypedDay } from './typed-day';

describe('a typed day', () => {
  it.each([
    ['28 Nov 2026', '2026-11-28'],
    ['1 november 2026', '2026-11-01'],
    ['28/11/2026', '2026-11-28'],
    ['05-01-2027', '2027-01-05'],
    ['2026-02-28', '2026-02-28'],
    ['29 Feb 2028', '2028-02-29'],
  ])('reads %s as %s', (text, day) => expect(parseTypedDay(text)).toBe(day));

  it.each(['29 Feb 2027', '31/04/2026', '2026-13-01', '12 Foo 2026', '11/28', '', 'tomorrow'])('refuses %s', (text) => expect(parseTypedDay(text)).toBeNull());
});
