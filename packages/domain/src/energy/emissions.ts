/**
 * Scope 2 emissions, location-based (REGULATORY "Energy": the CEA CO2 Baseline Database's grid
 * emission factor, 0.727 tCO2/MWh for FY 2023-24 in version 20; later versions publish new values,
 * kept as a dated table). Grid energy of a financial year × that year's factor. Offsets (own solar,
 * renewable energy certificates) are a ledger of MWh; own solar avoids the grid factor of its year,
 * a REC (1 MWh each) likewise.
 */
import { financialYearOf, parseFinancialYear } from './budget.ts';
import type { FieldProblem } from './tariff.ts';

export interface GridFactor {
  /** Financial year '2023-24'. */
  fy: string;
  /** tCO2 per MWh. */
  tco2PerMwh: number;
  /** The CEA database version that published it ('20'). */
  source: string;
}

/** The factors CEA published (CO2 Baseline Database, weighted average of the grid). */
export const CEA_GRID_FACTORS: readonly GridFactor[] = [
  { fy: '2023-24', tco2PerMwh: 0.727, source: 'CEA CO2 Baseline Database v20' },
];

/** The factor of the financial year holding a day, or of the latest year before it (until CEA publishes). */
export function factorFor(table: readonly GridFactor[], day: string): GridFactor | undefined {
  const fy = financialYearOf(day).label;
  const exact = table.find((f) => f.fy === fy);
  if (exact) return exact;
  return [...table].filter((f) => f.fy < fy).sort((a, b) => a.fy.localeCompare(b.fy)).at(-1);
}

/** tCO2 of grid energy. */
export function scope2(kwh: number, factor: GridFactor): number {
  return (kwh / 1000) * factor.tco2PerMwh;
}

/**
 * Problems of a whole factor table an administrator saves: each row a financial year label and a
 * plausible factor (0–2 tCO2/MWh), no year twice, and the current financial year present (every
 * year's emissions need one).
 */
export function factorTableProblems(table: readonly GridFactor[], today: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  table.forEach((f, i) => {
    if (!parseFinancialYear(f.fy)) problems.push({ field: `factors[${i}].fy`, message: `'${f.fy}' is not a financial year such as 2023-24` });
    else if (seen.has(f.fy)) problems.push({ field: `factors[${i}].fy`, message: `${f.fy} is in the table twice` });
    seen.add(f.fy);
    if (!(Number.isFinite(f.tco2PerMwh) && f.tco2PerMwh > 0 && f.tco2PerMwh < 2)) problems.push({ field: `factors[${i}].tco2PerMwh`, message: 'a factor above 0 and below 2 tCO2/MWh' });
  });
  const current = financialYearOf(today).label;
  if (!seen.has(current)) problems.push({ field: 'factors', message: `the table has no factor for the current financial year ${current}` });
  return problems;
}

export const OFFSET_KINDS = ['OWN_SOLAR', 'REC', 'GREEN_TARIFF'] as const;
export type OffsetKind = (typeof OFFSET_KINDS)[number];

export interface OffsetEntry {
  kind: OffsetKind;
  /** The day the offset counts on (its month, its financial year). */
  day: string;
  mwh: number;
}

/** Emissions and offsets of a financial year: gross Scope 2, tCO2 offset, net. */
export function emissionsSummary(gridKwh: number, offsets: readonly OffsetEntry[], factor: GridFactor): { grossTco2: number; offsetTco2: number; netTco2: number } {
  const grossTco2 = scope2(gridKwh, factor);
  const offsetTco2 = offsets.reduce((s, o) => s + o.mwh * factor.tco2PerMwh, 0);
  return { grossTco2, offsetTco2, netTco2: Math.max(0, grossTco2 - offsetTco2) };
}
