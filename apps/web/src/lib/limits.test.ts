import { describe, expect, it } from 'vitest';
import { limitState, limitText } from './limits';

describe('limits', () => {
  it.each([
    [40, { min: null, max: 50 }, 'within'],
    [50, { min: null, max: 50 }, 'within'],
    [50.1, { min: null, max: 50 }, 'exceeds'],
    [6, { min: 6.5, max: 8.5 }, 'exceeds'],
    [7, { min: 6.5, max: 8.5 }, 'within'],
    [7, undefined, 'none'],
    [undefined, { min: null, max: 50 }, 'none'],
  ] as const)('%s against %j is %s', (value, limit, state) => {
    expect(limitState(value, limit)).toBe(state);
  });

  it.each([
    [{ min: null, max: 50 }, '≤ 50'],
    [{ min: 6.5, max: null }, '≥ 6.5'],
    [{ min: 6.5, max: 8.5 }, '6.5 – 8.5'],
    [undefined, '-'],
  ])('%j is written %s', (limit, text) => {
    expect(limitText(limit, String)).toBe(text);
  });
});
