/**
 * Calibration rules of the CPCB protocol (REGULATORY.md, "Calibration protocol", effective July
 * 2025 as summarised there): which check each parameter needs how often, and how far a reading may
 * drift before the analyser needs recalibrating. A tenant overrides any rule per parameter
 * (`calibration_schedule`); these are the defaults where it has not.
 */

/** A scheduled check: TWO_POINT is a zero and a span check; MULTIPOINT a check over several points. */
export type CalibrationCheck = 'TWO_POINT' | 'MULTIPOINT';

/** How a tolerance is measured: percent of the span (or of the expected value), or in the parameter's unit. */
export type ToleranceUnit = 'PERCENT' | 'ABSOLUTE';

export interface CalibrationRule {
  /** Standard parameter name, e.g. 'so2'. */
  param: string;
  check: CalibrationCheck;
  /** Days between two checks. */
  everyDays: number;
  /** Largest deviation that still passes. */
  tolerance: number;
  toleranceUnit: ToleranceUnit;
}

/** Gases measured by CEMS and CAAQMS analysers: two-point every fortnight, multipoint quarterly. */
export const GAS_PARAMS = ['so2', 'nox', 'co', 'co2', 'o2', 'hcl', 'hf', 'hg', 'no2', 'o3', 'nh3'] as const;
/** Particulate matter: a quarterly in-house check; 10 % deviation of the dust factor calls for recalibration. */
export const PM_PARAMS = ['pm', 'pm2_5', 'pm10'] as const;
/** Effluent quality parameters checked monthly. */
export const MONTHLY_PARAMS = ['bod', 'cod', 'toc', 'tss'] as const;

/**
 * Deviation allowed for gases before a drift verdict. The summarised protocol names none; 5 % of
 * span is a placeholder to be set per tenant where the consent or the board says otherwise.
 */
export const GAS_TOLERANCE_PERCENT = 5;

/** The protocol's default rules for a parameter (none for parameters it does not name). */
export function defaultCalibrationRules(param: string): CalibrationRule[] {
  if ((GAS_PARAMS as readonly string[]).includes(param)) {
    return [
      { param, check: 'TWO_POINT', everyDays: 15, tolerance: GAS_TOLERANCE_PERCENT, toleranceUnit: 'PERCENT' },
      { param, check: 'MULTIPOINT', everyDays: 90, tolerance: GAS_TOLERANCE_PERCENT, toleranceUnit: 'PERCENT' },
    ];
  }
  if ((PM_PARAMS as readonly string[]).includes(param)) return [{ param, check: 'TWO_POINT', everyDays: 90, tolerance: 10, toleranceUnit: 'PERCENT' }];
  if (param === 'ph') return [{ param, check: 'TWO_POINT', everyDays: 30, tolerance: 0.2, toleranceUnit: 'ABSOLUTE' }];
  if (param === 'temperature') return [{ param, check: 'TWO_POINT', everyDays: 30, tolerance: 1, toleranceUnit: 'ABSOLUTE' }];
  if ((MONTHLY_PARAMS as readonly string[]).includes(param)) return [{ param, check: 'TWO_POINT', everyDays: 30, tolerance: 10, toleranceUnit: 'PERCENT' }];
  return [];
}

/** The rules of `param`: the tenant's own where it set one for a check, else the protocol's. */
export function rulesFor(param: string, overrides: readonly CalibrationRule[]): CalibrationRule[] {
  const own = overrides.filter((r) => r.param === param);
  const defaults = defaultCalibrationRules(param).filter((d) => !own.some((o) => o.check === d.check));
  return [...own, ...defaults].filter((r) => r.everyDays > 0);
}

/** Kind of a calibration: a zero check, a span check, or a check over several points. */
export type CalibrationType = 'ZERO' | 'SPAN' | 'MULTIPOINT';

/** When a parameter's checks were last done: a completed calibration's end per type. */
export interface LastDone {
  ZERO?: Date | undefined;
  SPAN?: Date | undefined;
  MULTIPOINT?: Date | undefined;
}

/** The instant a check was last satisfied: two-point needs both zero and span (a multipoint covers both). */
export function lastSatisfied(check: CalibrationCheck, last: LastDone): Date | undefined {
  const multi = last.MULTIPOINT;
  if (check === 'MULTIPOINT') return multi;
  const zero = latest(last.ZERO, multi);
  const span = latest(last.SPAN, multi);
  if (!zero || !span) return undefined;
  return zero < span ? zero : span;
}

const latest = (a: Date | undefined, b: Date | undefined) => (!a ? b : !b ? a : a > b ? a : b);

export type DueState = 'OK' | 'DUE' | 'OVERDUE' | 'NEVER';

/** Days before its due date when a check is listed as due. */
export const DUE_SOON_DAYS = 2;

const DAY_MS = 86_400_000;

/**
 * Whether a check is done, due soon, overdue or never done, and its due date (from its last
 * satisfaction, or from `since`, the device's creation, when never done).
 */
export function dueState(rule: Pick<CalibrationRule, 'everyDays'>, last: Date | undefined, since: Date, now: Date): { state: DueState; dueAt: Date } {
  const from = last ?? since;
  const dueAt = new Date(from.getTime() + rule.everyDays * DAY_MS);
  if (now >= dueAt) return { state: last ? 'OVERDUE' : 'NEVER', dueAt };
  if (dueAt.getTime() - now.getTime() <= DUE_SOON_DAYS * DAY_MS) return { state: 'DUE', dueAt };
  return { state: 'OK', dueAt };
}

/** One measured point of a calibration. */
export interface CalibrationPointValues {
  expected: number;
  measured: number | null;
}

/**
 * Signed deviation of a measured point in percent: of the expected value, or for a zero point of
 * `span` (the range or span gas value the parameter was checked against). Null when not measured
 * or when there is nothing to relate it to.
 */
export function deviationPercent(point: CalibrationPointValues, span: number | null): number | null {
  if (point.measured === null) return null;
  const ref = point.expected !== 0 ? Math.abs(point.expected) : span !== null && span !== 0 ? Math.abs(span) : null;
  if (ref === null) return null;
  return ((point.measured - point.expected) / ref) * 100;
}

export type DriftVerdict = 'PASS' | 'DRIFT';

/** PASS when every measured point is within the tolerance, DRIFT when one is not; null when none was measured. */
export function driftVerdict(points: readonly CalibrationPointValues[], span: number | null, rule: Pick<CalibrationRule, 'tolerance' | 'toleranceUnit'>): DriftVerdict | null {
  const measured = points.filter((p) => p.measured !== null);
  if (measured.length === 0) return null;
  const drifted = measured.some((p) => {
    if (rule.toleranceUnit === 'ABSOLUTE') return Math.abs(p.measured! - p.expected) > rule.tolerance;
    const d = deviationPercent(p, span);
    return d !== null && Math.abs(d) > rule.tolerance;
  });
  return drifted ? 'DRIFT' : 'PASS';
}

/** The span a parameter's points are related to: the stated range, else the largest expected value. */
export function spanOf(range: number | null | undefined, points: readonly CalibrationPointValues[]): number | null {
  if (range !== null && range !== undefined && range !== 0) return range;
  const max = Math.max(0, ...points.map((p) => Math.abs(p.expected)));
  return max === 0 ? null : max;
}

/**
 * How a check's due dates in [from, to) were kept: each due date (`everyDays` after the device's
 * registration `since`, or after an earlier check, then after the check was last satisfied) is due once, and on time when a
 * completed calibration satisfied it by then. A check overdue before `from` and still not done
 * counts as one due, not kept. `done`: the device parameter's completed calibrations.
 */
export function checksKept(rule: Pick<CalibrationRule, 'check' | 'everyDays'>, done: readonly { type: CalibrationType; endedAt: Date }[], since: Date, from: Date, to: Date): { due: number; onTime: number } {
  const satisfied: number[] = [];
  const last: LastDone = {};
  for (const d of [...done].sort((a, b) => a.endedAt.getTime() - b.endedAt.getTime())) {
    last[d.type] = d.endedAt;
    const at = lastSatisfied(rule.check, last)?.getTime();
    if (at !== undefined && (satisfied.length === 0 || at > satisfied.at(-1)!)) satisfied.push(at);
  }
  const out = { due: 0, onTime: 0 };
  if (rule.everyDays <= 0) return out;
  // A check done before the device was registered (history brought along) starts the schedule, as in dueState.
  let anchor = Math.min(since.getTime(), satisfied[0] ?? Number.POSITIVE_INFINITY);
  for (let i = 0; ; ) {
    const dueAt = anchor + rule.everyDays * DAY_MS;
    if (dueAt >= to.getTime()) return out;
    while (i < satisfied.length && satisfied[i]! <= anchor) i++;
    const next = satisfied[i];
    if (dueAt >= from.getTime() || next === undefined || next >= from.getTime()) {
      out.due++;
      if (next !== undefined && next <= dueAt) out.onTime++;
    }
    if (next === undefined) return out;
    anchor = next;
  }
}
