import { describe, expect, it } from 'vitest';
import { currentLiveStatus, newestReading } from './live';

const NOW = Date.parse('2026-11-28T02:00:00Z');
const MIN = 60_000;

describe('one decision of live, delayed and offline', () => {
  it('follows the age of the newest reading known: 15 minutes live, 4 hours delayed, older offline', () => {
    expect(currentLiveStatus(NOW, new Date(NOW - 10 * MIN).toISOString())).toBe('LIVE');
    expect(currentLiveStatus(NOW, new Date(NOW - 16 * MIN).toISOString())).toBe('DELAYED');
    expect(currentLiveStatus(NOW, NOW - 5 * 60 * MIN)).toBe('OFFLINE');
    expect(currentLiveStatus(NOW, null, undefined)).toBe('UNKNOWN');
  });

  it('takes a reading pushed by the live stream over an older one the API gave', () => {
    const api = new Date(NOW - 40 * MIN).toISOString();
    expect(currentLiveStatus(NOW, api)).toBe('DELAYED');
    expect(currentLiveStatus(NOW, api, NOW - 2 * MIN)).toBe('LIVE');
    expect(newestReading(api, NOW - 2 * MIN, null)).toBe(NOW - 2 * MIN);
  });

  it('does not call a stream live whose newest reading is old: the 01:53 reading at 02:30 is delayed', () => {
    expect(currentLiveStatus(Date.parse('2026-11-27T21:00:00Z'), Date.parse('2026-11-27T20:23:00Z'))).toBe('DELAYED');
  });
});
