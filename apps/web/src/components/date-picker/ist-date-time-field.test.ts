import { describe, expect, it } from 'vitest';
import { parseWallClock } from './ist-date-time-field';

describe('parseWallClock', () => {
  it("reads the app's one format and ISO", () => {
    expect(parseWallClock('28 Nov 2026 09:30')).toBe('2026-11-28T09:30');
    expect(parseWallClock(' 1 dec 2026 0:05 ')).toBe('2026-12-01T00:05');
    expect(parseWallClock('2026-11-28 23:59')).toBe('2026-11-28T23:59');
    // As India writes a day.
    expect(parseWallClock('28/11/2026 09:30')).toBe('2026-11-28T09:30');
  });

  it('answers empty for what is no day and time', () => {
    expect(parseWallClock('')).toBe('');
    expect(parseWallClock('31 Nov 2026 09:30')).toBe('');
    expect(parseWallClock('28 Nox 2026 09:30')).toBe('');
    expect(parseWallClock('28 Nov 2026')).toBe('');
    expect(parseWallClock('28 Nov 2026 24:00')).toBe('');
  });
});
