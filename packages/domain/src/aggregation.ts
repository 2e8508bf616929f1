import type { IntervalName } from './interval.ts';

/** How readings are combined: inside a time bucket (`dsAgg`) or across series (`agg`). */
export const AGGREGATORS = ['avg', 'min', 'max', 'sum', 'count', 'first', 'last'] as const;
export type Aggregation = (typeof AGGREGATORS)[number];

export const isAggregation = (value: unknown): value is Aggregation => AGGREGATORS.includes(value as Aggregation);

/** Each aggregation as a person names it, alone and per period. */
const WORDS: Record<Aggregation, { name: string; plural: string }> = {
  avg: { name: 'Average', plural: 'averages' },
  sum: { name: 'Sum', plural: 'sums' },
  min: { name: 'Minimum', plural: 'minima' },
  max: { name: 'Maximum', plural: 'maxima' },
  count: { name: 'Count', plural: 'counts' },
  first: { name: 'First reading', plural: 'first readings' },
  last: { name: 'Last reading', plural: 'last readings' },
};

const PERIODS: Record<Exclude<IntervalName, 'instances'>, string> = {
  minute_15: '15-minute',
  minute_30: '30-minute',
  hour_1: 'hourly',
  hour_12: '12-hour',
  day_1: 'daily',
  month_1: 'monthly',
  year_1: 'yearly',
};

/** 'Average', 'Sum'…: an aggregation in a picker. */
export const aggregationName = (agg: Aggregation): string => WORDS[agg].name;

/**
 * What the values of a series are: '15-minute sums', 'hourly averages', or 'every reading' when
 * nothing was combined (raw points, `dsAgg` null).
 */
export function aggregationLabel(agg: Aggregation | null, interval: string): string {
  if (agg === null || interval === 'instances' || !(interval in PERIODS)) return 'every reading';
  return `${PERIODS[interval as keyof typeof PERIODS]} ${WORDS[agg].plural}`;
}

/**
 * Whether a bucket's value grows with the readings it holds (a sum or a count): such a bucket that
 * the range or the present cuts short is smaller only for missing readings, never a real dip.
 */
export const isAdditive = (agg: Aggregation | null): boolean => agg === 'sum' || agg === 'count';
