import { describe, expect, it } from 'vitest';
import { E_MANDATE_LIMIT, renewalChannel, termLines, termPrice, versionForTerm, versionInForce, type PlanVersion } from './catalogue.ts';

const v1: PlanVersion = { planCode: 'STANDARD', version: 1, effectiveFrom: '2026-01-01', monthly: 5_000_00, annual: 50_000_00, includedStations: 2, stationAddOnMonthly: 1_500_00, cameraAddOnMonthly: 800_00, sac: '997331' };
const v2: PlanVersion = { ...v1, version: 2, effectiveFrom: '2026-12-01', monthly: 6_000_00, annual: 60_000_00 };

describe('plan versions', () => {
  it('sells the version in force on the day', () => {
    expect(versionInForce([v1, v2], '2025-12-31')).toBeUndefined();
    expect(versionInForce([v2, v1], '2026-11-30')).toBe(v1);
    expect(versionInForce([v1, v2], '2026-12-01')).toBe(v2);
  });

  it('keeps a subscriber on its version until the renewal, then moves it to the one in force', () => {
    expect(versionForTerm([v1, v2], v1, '2026-12-15', false)).toBe(v1);
    expect(versionForTerm([v1, v2], v1, '2026-12-15', true)).toBe(v2);
    expect(versionForTerm([v1, v2], v1, '2026-11-15', true)).toBe(v1);
  });
});

describe('term prices', () => {
  it('prices the base plan and add-ons by the month', () => {
    const lines = termLines(v1, 'MONTHLY', { stations: 3, cameras: 2 });
    expect(lines.map((l) => [l.quantity, l.unit, l.amount])).toEqual([
      [1, 5_000_00, 5_000_00],
      [3, 1_500_00, 4_500_00],
      [2, 800_00, 1_600_00],
    ]);
    expect(termPrice(v1, 'MONTHLY', { stations: 3, cameras: 2 })).toBe(11_100_00);
  });

  it('prices a year: the annual base, twelve months of add-ons', () => {
    expect(termPrice(v1, 'ANNUAL', { stations: 1, cameras: 0 })).toBe(50_000_00 + 12 * 1_500_00);
    expect(termLines(v1, 'ANNUAL', { stations: 0, cameras: 0 })).toHaveLength(1);
  });

  it('refuses negative or fractional add-ons', () => {
    expect(() => termPrice(v1, 'MONTHLY', { stations: -1, cameras: 0 })).toThrow(/add-on stations/);
    expect(() => termPrice(v1, 'MONTHLY', { stations: 0, cameras: 1.5 })).toThrow(/add-on cameras/);
  });

  it('debits renewals on the e-mandate up to RBI limit, sends a payment link above it', () => {
    expect(renewalChannel(E_MANDATE_LIMIT, true)).toBe('MANDATE');
    expect(renewalChannel(E_MANDATE_LIMIT + 1, true)).toBe('PAYMENT_LINK');
    expect(renewalChannel(100, false)).toBe('PAYMENT_LINK');
  });
});
