import { describe, expect, it } from 'vitest';
import { isInvalidValue, MAX_READING_MAGNITUDE, parseReadingValue } from './values.ts';

describe('isInvalidValue (SPEC 5)', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['null', true],
    ['NaN', true],
    [Number.NaN, true],
    [0, false],
    ['0', false],
    ['', false],
    [-1.5, false],
  ])('%j -> %s', (value, expected) => {
    expect(isInvalidValue(value)).toBe(expected);
  });
});

describe('parseReadingValue', () => {
  it.each([
    [42.1, { ok: true, value: 42.1 }],
    ['12.5', { ok: true, value: 12.5 }],
    [' 7 ', { ok: true, value: 7 }],
    [true, { ok: true, value: 1 }],
    [0, { ok: true, value: 0 }],
    [-1e15, { ok: true, value: -1e15 }],
    ['1e15', { ok: true, value: 1e15 }],
  ])('accepts %j', (raw, expected) => {
    expect(parseReadingValue(raw)).toEqual(expected);
  });

  it.each([null, 'null', 'NaN', 'abc', '', {}, [], Number.POSITIVE_INFINITY, '1e999', 1.7e308, '-2e15'])('refuses %j with a reason', (raw) => {
    const parsed = parseReadingValue(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason.length).toBeGreaterThan(5);
  });
});

describe('parseReadingValue beyond the bound', () => {
  it('names the value and the bound', () => {
    expect(parseReadingValue(1.7e308)).toEqual({ ok: false, reason: 'value 1.7e+308 is beyond ±1e15' });
    expect(parseReadingValue(-MAX_READING_MAGNITUDE * 2)).toEqual({ ok: false, reason: 'value -2000000000000000 is beyond ±1e15' });
  });
});

describe('parseReadingValue of a deeply nested value', () => {
  /** `[[[…[1]…]]]`, as JSON.parse builds it from a body (JSON.parse itself does not recurse). */
  const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`) as unknown;

  it.each([5_000, 200_000])('refuses one %i levels deep with the start of it, without overflowing the stack', (depth) => {
    expect(parseReadingValue(nested(depth))).toEqual({ ok: false, reason: `value ${'['.repeat(40)} is not numeric` });
  });

  it('still shows a small object or array whole', () => {
    expect(parseReadingValue({ v: [1, { w: 2 }] })).toEqual({ ok: false, reason: 'value {"v":[1,{"w":2}]} is not numeric' });
  });
});
