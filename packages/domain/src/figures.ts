/**
 * The figures every view shows, one rule each (docs/DEFINITIONS.md; REGULATORY.md "One definition
 * for every figure"). Pure: the server counts quarters and sums averages, these turn them into what
 * people read.
 */

/**
 * Alert types that are exceedance episodes: judged on 15-minute slots beyond a limit. INSTANT alerts
 * stand for single readings outside a limit, which are never exceedances; data loss, fill and
 * diagnostics are no breach of a limit.
 */
export const EXCEEDANCE_EPISODE_TYPES = ['AVG_15M', 'SUSTAINED'] as const;

/** Minutes in one 15-minute slot, the unit every figure is counted in. */
export const QUARTER_MINUTES = 15;

/** Quarters with data a day needs for its average to stand: 16 hours (the NAQI 24-hour rule). */
export const DAY_CAPTURE_QUARTERS = 64;

/** The share of expected quarters a longer window (a month) needs: the same 16 of 24 hours. */
export const CAPTURE_SHARE = 16 / 24;

/**
 * A share in % to one decimal; null when nothing was expected. A share short of whole never reads
 * 100 % and a share above none never reads 0 %: "within limits 100 %" beside 246 exceedances (a
 * share of 99.97 %) would contradict itself, so such shares read 99.9 % and 0.1 %.
 */
export function percent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  const rounded = Math.round((1000 * part) / whole) / 10;
  if (rounded === 100 && part < whole) return 99.9;
  if (rounded === 0 && part > 0) return 0.1;
  return rounded;
}

/** Minutes above a limit: exceeding 15-minute slots x 15, never an episode's start-to-end time. */
export function minutesAboveLimit(exceedances: number): number {
  return exceedances * QUARTER_MINUTES;
}

/** Quarters with data against quarters expected, in %. */
export const capturePercent = percent;

/** The sums a mean of 15-minute averages is built from: how many quarters had data and the sum of their averages. */
export interface QuarterSums {
  quarters: number;
  sumOfAverages: number;
}

/** A daily or monthly figure: the mean of the 15-minute averages when the capture rule holds, else null, with the capture either way. */
export interface MeanFigure {
  average: number | null;
  quarters: number;
  capture: number | null;
}

/**
 * A day's average: the mean of its 15-minute averages, standing only with at least 64 quarters of
 * data; `expected` (the day's closed quarters in service, outside calibration and maintenance)
 * gives the capture shown beside it.
 */
export function dailyFigure(s: QuarterSums, expected: number): MeanFigure {
  return { average: s.quarters >= DAY_CAPTURE_QUARTERS ? s.sumOfAverages / s.quarters : null, quarters: s.quarters, capture: capturePercent(s.quarters, expected) };
}

/** A month's average: the mean of its 15-minute averages, standing when two thirds of the expected quarters have data. */
export function monthlyFigure(s: QuarterSums, expected: number): MeanFigure {
  const enough = expected > 0 && s.quarters > 0 && s.quarters >= CAPTURE_SHARE * expected;
  return { average: enough ? s.sumOfAverages / s.quarters : null, quarters: s.quarters, capture: capturePercent(s.quarters, expected) };
}

/** The mean of the values present (a station's uptime over its devices); null when none is. */
export function meanOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : Math.round((10 * present.reduce((a, b) => a + b, 0)) / present.length) / 10;
}
