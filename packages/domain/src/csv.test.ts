import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.ts';

describe('csvCell', () => {
  it.each<[string | number | null | undefined, string]>([
    ['Stack 1, Kiln', 'Stack 1 Kiln'],
    [1234.5, '1234.5'],
    ['say "hi"', 'say  hi '],
    ['two\nlines', 'two lines'],
    [null, ''],
    [undefined, ''],
    // Cases the server's reports meet: a run of breaks and quotes is one space, a number keeps its form.
    ['a\r\n"b"', 'a b '],
    ['1,234,567', '1234567'],
    [0, '0'],
    [-0.5, '-0.5'],
    ['', ''],
    ['µg/m3', 'µg/m3'],
  ])('%j becomes %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});
