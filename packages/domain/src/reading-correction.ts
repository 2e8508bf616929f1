/**
 * The correction layer's rules (issue 35, docs/CHANGE-REQUESTS.md "The correction layer"): what a
 * correction does to a raw value, and how a new correction of a series stands to its current ones.
 * The SQL that applies a rule to stored readings (`CORRECTED_VALUE` of the data module) spells the
 * same rule; these are its reference and its checks.
 */

/** A correction's rule over the readings of its period. */
export type CorrectionRule =
  /** corrected = raw × factor + offset (a wrong unit: factor 1000 for g → mg; a drifted zero: offset). */
  | { kind: 'LINEAR'; factor: number; offset: number }
  /** Every reading of the period becomes `value` (a stuck analyser with a known true value). */
  | { kind: 'REPLACE'; value: number }
  /** The readings are no process data: no value, the quarter has no average. */
  | { kind: 'INVALID' };

/** The corrected value of a raw one; null when the rule leaves none. */
export function correctedValue(raw: number, rule: CorrectionRule): number | null {
  switch (rule.kind) {
    case 'LINEAR':
      return raw * rule.factor + rule.offset;
    case 'REPLACE':
      return rule.value;
    case 'INVALID':
      return null;
  }
}

/** One current correction of a series, by its period [from, to) in epoch milliseconds. */
export interface CurrentCorrection {
  id: string;
  from: number;
  to: number;
  version: number;
}

/** How a new correction of [from, to) lands on the series' current ones. */
export type CorrectionPlan =
  | { ok: true; supersedes: string[]; version: number }
  | { ok: false; overlapping: CurrentCorrection };

/**
 * A new correction supersedes every current one inside its period, taking the version after the
 * highest of them (1 when it supersedes none); one overlapping its period only in part stops it:
 * current corrections of a series never overlap, so each reading has at most one.
 */
export function planCorrection(current: readonly CurrentCorrection[], from: number, to: number): CorrectionPlan {
  const overlapping = current.filter((c) => c.from < to && c.to > from);
  const partial = overlapping.find((c) => c.from < from || c.to > to);
  if (partial) return { ok: false, overlapping: partial };
  return { ok: true, supersedes: overlapping.map((c) => c.id), version: overlapping.reduce((v, c) => Math.max(v, c.version), 0) + 1 };
}
