import { describe, expect, it } from 'vitest';
import { formatMinutes, worstFirst } from './sync';

describe('worstFirst', () => {
  it('puts industries with no connection first, then Delayed, Out of Sync, In Sync; longer queues first among equals', () => {
    const row = (tenantName: string, sync: 'In Sync' | 'Out of Sync' | 'Delayed' | null, pending = 0, connected = sync !== null) => ({
      tenantName,
      sync,
      pending,
      connected,
    });
    const sorted = worstFirst([
      row('Alpha', 'In Sync'),
      row('Beta', 'Out of Sync', 3),
      row('Gamma', 'Delayed'),
      row('Delta', null),
      row('Eta', 'Out of Sync', 40),
      row('Zeta', 'In Sync', 0, false),
    ]);
    expect(sorted.map((r) => r.tenantName)).toEqual(['Delta', 'Zeta', 'Gamma', 'Eta', 'Beta', 'Alpha']);
  });
});

describe('formatMinutes', () => {
  it.each<[number | null, string]>([
    [null, '-'],
    [0, '0 min'],
    [45, '45 min'],
    [60, '1 h'],
    [200, '3 h 20 min'],
    [1440, '1 d'],
    [3120, '2 d 4 h'],
  ])('%s → %s', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });
});
