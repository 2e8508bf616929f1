/**
 * Specific energy consumption and an ISO 50006 energy baseline (REGULATORY "Energy": BEE's PAT
 * targets SEC, energy ÷ product output; ISO 50006 normalises baselines by regression on relevant
 * variables such as production and weather, reported with R² and adjusted savings).
 *
 * The baseline is an ordinary least-squares line (or plane) of daily energy on daily production
 * (and optionally mean temperature) over a baseline period. For a reporting period the expected
 * energy is the model's value at that period's production; adjusted savings are expected − actual
 * (positive: less energy than the baseline would have used for that output).
 */

/** Energy per unit of output; null when nothing was produced. */
export function sec(energyKwh: number, production: number): number | null {
  return production > 0 ? energyKwh / production : null;
}

export interface Observation {
  /** Energy of the day (or period), kWh. */
  y: number;
  /** Relevant variables: production first, then e.g. temperature. */
  x: readonly number[];
}

export interface Baseline {
  intercept: number;
  /** One coefficient per variable (kWh per unit of each). */
  coefficients: number[];
  r2: number;
  n: number;
}

/** Least squares of y on x (with an intercept). Undefined when the variables cannot be told apart (too few points, constant production). */
export function fitBaseline(rows: readonly Observation[]): Baseline | undefined {
  const k = rows[0]?.x.length ?? 0;
  const p = k + 1;
  if (rows.length < p + 1) return undefined;
  // Normal equations (XᵀX) b = Xᵀy, solved by Gaussian elimination with partial pivoting.
  const a = Array.from({ length: p }, () => Array<number>(p + 1).fill(0));
  for (const r of rows) {
    const v = [1, ...r.x];
    for (let i = 0; i < p; i++) {
      for (let j = 0; j < p; j++) a[i]![j]! += v[i]! * v[j]!;
      a[i]![p]! += v[i]! * r.y;
    }
  }
  for (let c = 0; c < p; c++) {
    let pivot = c;
    for (let r = c + 1; r < p; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    if (Math.abs(a[pivot]![c]!) < 1e-9 * Math.max(1, Math.abs(a[0]![0]!))) return undefined;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    for (let r = 0; r < p; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let j = c; j <= p; j++) a[r]![j]! -= f * a[c]![j]!;
    }
  }
  const b = a.map((row, i) => row[p]! / row[i]!);
  const model: Baseline = { intercept: b[0]!, coefficients: b.slice(1), r2: 0, n: rows.length };
  const mean = rows.reduce((s, r) => s + r.y, 0) / rows.length;
  let ssRes = 0;
  let ssTot = 0;
  for (const r of rows) {
    ssRes += (r.y - predict(model, r.x)) ** 2;
    ssTot += (r.y - mean) ** 2;
  }
  // Energy that never changes is explained by nothing: R² 0, not a perfect fit.
  model.r2 = ssTot === 0 ? 0 : 1 - ssRes / ssTot;
  return model;
}

export function predict(model: Baseline, x: readonly number[]): number {
  return model.coefficients.reduce((s, c, i) => s + c * (x[i] ?? 0), model.intercept);
}

/** Expected (baseline) energy, actual energy and adjusted savings over reporting observations. */
export function adjustedSavings(model: Baseline, reporting: readonly Observation[]): { expectedKwh: number; actualKwh: number; savingsKwh: number; savingsPercent: number | null } {
  const expectedKwh = reporting.reduce((s, r) => s + predict(model, r.x), 0);
  const actualKwh = reporting.reduce((s, r) => s + r.y, 0);
  const savingsKwh = expectedKwh - actualKwh;
  return { expectedKwh, actualKwh, savingsKwh, savingsPercent: expectedKwh > 0 ? (savingsKwh / expectedKwh) * 100 : null };
}

/** ISO 50006 suggests a baseline explains the energy well when R² is at least this. */
export const GOOD_FIT_R2 = 0.75;
