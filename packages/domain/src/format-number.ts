import { isInvalidValue } from './values.ts';

/** What a number cell shows when there is no valid value. */
export const NO_VALUE = '-';

/**
 * Decimal places a parameter's value is shown and exported with. The catalogue holds no precision
 * per parameter, so every screen and report uses this one.
 */
export const VALUE_DECIMALS = 2;

/** A value rounded half away from zero to `decimals` places, still a number (exports stay numeric). */
export function roundValue(value: number | null, decimals: number = VALUE_DECIMALS): number | null {
  if (value === null || !Number.isFinite(value)) return value;
  const f = 10 ** decimals;
  // The relative nudge lets 1.005 (stored as 1.00499…) round up as written.
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * f * (1 + Number.EPSILON))) / f;
  return rounded === 0 ? 0 : rounded;
}

const INDIAN = new Map<number, Intl.NumberFormat>();

function indianFormat(decimals: number): Intl.NumberFormat {
  let format = INDIAN.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', { maximumFractionDigits: decimals });
    INDIAN.set(decimals, format);
  }
  return format;
}

/**
 * SPEC 1: Indian digit grouping (12,34,567.89), rounded to at most `decimals` places.
 * Invalid values (SPEC 5) show as '-'.
 */
export function formatIndian(value: number | string | null | undefined, decimals = 2): string {
  if (isInvalidValue(value)) return NO_VALUE;
  const n = Number(value);
  return Number.isFinite(n) ? indianFormat(decimals).format(n) : NO_VALUE;
}

const COMPACT_STEPS = [
  { above: 1e9, divisor: 1e9, suffix: 'G' },
  { above: 1e6, divisor: 1e6, suffix: 'M' },
  { above: 1e3, divisor: 1e3, suffix: 'K' },
] as const;

/**
 * SPEC 9: compact form for axes and tiles: K above 1000, M above a million, G above a billion
 * (by magnitude, so negatives compact too). 1000 itself stays 1,000.
 */
export function formatCompact(value: number | string | null | undefined, decimals = 1): string {
  if (isInvalidValue(value)) return NO_VALUE;
  const n = Number(value);
  if (!Number.isFinite(n)) return NO_VALUE;
  const step = COMPACT_STEPS.find((s) => Math.abs(n) > s.above);
  return step ? `${indianFormat(decimals).format(n / step.divisor)}${step.suffix}` : indianFormat(decimals).format(n);
}
