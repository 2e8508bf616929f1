import { describe, expect, it } from 'vitest';
import { istInstant } from './ist-input';

describe('istInstant', () => {
  it('reads the field as India time, across the IST midnight', () => {
    expect(istInstant('2026-11-28T09:30')).toBe('2026-11-28T04:00:00.000Z');
    expect(istInstant('2026-12-01T00:15')).toBe('2026-11-30T18:45:00.000Z');
  });

  it('answers empty for an empty or broken field, so the form names it', () => {
    expect(istInstant('')).toBe('');
    expect(istInstant('28/11/2026 09:30')).toBe('');
    expect(istInstant('2026-13-45T99:99')).toBe('');
  });
});
