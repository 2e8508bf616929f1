import { describe, expect, it } from 'vitest';
import { CEA_GRID_FACTORS, emissionsSummary, factorFor, factorTableProblems, scope2 } from './emissions.ts';

const table = [...CEA_GRID_FACTORS, { fy: '2026-27', tco2PerMwh: 0.71, source: 'CEA v22' }];

describe('grid factor table', () => {
  it("takes the financial year's factor, else the latest before it", () => {
    expect(factorFor(table, '2024-03-31')?.tco2PerMwh).toBe(0.727);
    expect(factorFor(table, '2025-06-01')?.tco2PerMwh).toBe(0.727);
    expect(factorFor(table, '2026-11-28')?.tco2PerMwh).toBe(0.71);
    expect(factorFor(table, '2020-01-01')).toBeUndefined();
  });

  it('refuses a table without the current year, a year twice and an implausible factor', () => {
    expect(factorTableProblems(CEA_GRID_FACTORS, '2026-11-28')).toEqual([{ field: 'factors', message: 'the table has no factor for the current financial year 2026-27' }]);
    expect(factorTableProblems(table, '2026-11-28')).toEqual([]);
    const bad = [...table, { fy: '2026-27', tco2PerMwh: 7, source: '' }, { fy: '26-27', tco2PerMwh: 0.7, source: '' }];
    expect(factorTableProblems(bad, '2026-11-28').map((p) => p.field)).toEqual(['factors[2].fy', 'factors[2].tco2PerMwh', 'factors[3].fy']);
  });
});

describe('Scope 2 and offsets', () => {
  it('multiplies grid MWh by the factor and nets the offsets', () => {
    const f = CEA_GRID_FACTORS[0]!;
    expect(scope2(1_000_000, f)).toBeCloseTo(727, 9);
    const s = emissionsSummary(1_000_000, [{ kind: 'OWN_SOLAR', day: '2023-10-01', mwh: 100 }, { kind: 'REC', day: '2023-11-01', mwh: 50 }], f);
    expect(s.grossTco2).toBeCloseTo(727, 9);
    expect(s.offsetTco2).toBeCloseTo(109.05, 9);
    expect(s.netTco2).toBeCloseTo(617.95, 9);
  });
});
