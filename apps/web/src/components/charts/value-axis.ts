import { formatIndian } from '@enviro/domain/format-number';

/** Bounds and tick step of a value axis, and the decimals its labels need. */
export interface AxisRange {
  min: number;
  max: number;
  interval: number;
  /** Places after the point in every label, so neighbouring ticks never read alike. */
  decimals: number;
  /** What labels are divided by: 1, or 1e3 / 1e6 / 1e9 for K, M and G. */
  divisor: number;
  suffix: '' | 'K' | 'M' | 'G';
}

/** About this many steps between the lowest and highest tick. */
const TARGET_STEPS = 5;
const NICE_STEPS = [1, 2, 2.5, 5, 10];

function niceStep(span: number): number {
  const rough = span / TARGET_STEPS;
  const power = 10 ** Math.floor(Math.log10(rough));
  return NICE_STEPS.find((s) => s * power >= rough * (1 - 1e-9))! * power;
}

/** The fewest decimals that write `step` exactly (0.25 → 2, 0.5 → 1, 20 → 0). */
export function stepDecimals(step: number): number {
  for (let d = 0; d < 10; d++) {
    const scaled = step * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, scaled)) return d;
  }
  return 10;
}

// SPEC 9 compact suffixes, chosen once for the whole axis so every label uses the same unit.
const COMPACT = [
  { above: 1e9, divisor: 1e9, suffix: 'G' },
  { above: 1e6, divisor: 1e6, suffix: 'M' },
  { above: 1e3, divisor: 1e3, suffix: 'K' },
] as const;

/**
 * A value axis that shows every value given (the series, the limits drawn across the chart, the
 * extremes quoted beside it): bounds on a step of 1, 2, 2.5 or 5 × 10^n, about five steps apart.
 * `includeZero` keeps the baseline bars grow from. Undefined when there is no finite value.
 */
export function valueAxisRange(values: readonly number[], { includeZero = false } = {}): AxisRange | undefined {
  const finite = values.filter(Number.isFinite);
  if (includeZero) finite.push(0);
  if (finite.length === 0) return undefined;
  let low = Math.min(...finite);
  let high = Math.max(...finite);
  if (low === high) {
    // A flat line sits mid-axis rather than on its edge.
    const pad = Math.abs(low) * 0.1 || 1;
    low -= pad;
    high += pad;
  }
  const interval = niceStep(high - low);
  const min = Math.floor(low / interval + 1e-9) * interval;
  const max = Math.ceil(high / interval - 1e-9) * interval;
  const largest = Math.max(Math.abs(min), Math.abs(max));
  const compact = COMPACT.find((c) => largest > c.above);
  const divisor = compact?.divisor ?? 1;
  return {
    min: tidy(min),
    max: tidy(max),
    interval,
    decimals: stepDecimals(interval / divisor),
    divisor,
    suffix: compact?.suffix ?? '',
  };
}

/** Removes binary noise (0.30000000000000004) from a computed bound. */
const tidy = (n: number) => Number(n.toPrecision(12));

/** A tick's label: Indian grouping, the axis' suffix, the same decimals on every tick. */
export function axisLabel(value: number, range: AxisRange): string {
  const fixed = formatIndian(value / range.divisor, range.decimals);
  if (range.decimals === 0) return `${fixed}${range.suffix}`;
  // formatIndian drops trailing zeros (7.5); ticks of one axis keep equal decimals (7.50, 7.75).
  const [whole, fraction = ''] = fixed.split('.');
  return `${whole}.${fraction.padEnd(range.decimals, '0')}${range.suffix}`;
}
