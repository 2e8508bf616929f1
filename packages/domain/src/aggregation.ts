import type { IntervalName } from './interval.ts';

/** How readings are combined: inside a time bucket (`dsAgg`) or across series (`agg`). */
export const AGGREGATORS = ['avg', 'min', 'max', 'sum', 'count', 'first', 'last'] as const;
export type Aggregation = (typeof AGGREGATORS)[number];

export const isAggregation = (value: unknown): value is Aggregation => AGGREGATORS.includes(value as Aggregation);

/** Each aggregation as a person names it, alone and per period. */
const WORDS: Record<Aggregation, { name: string; one: string; many: string }> = {
  avg: { name: 'Average', one: 'average', many: 'averages' },
  sum: { name: 'Sum', one: 'sum', many: 'sums' },
  min: { name: 'Minimum', one: 'minimum', many: 'minima' },
  max: { name: 'Maximum', one: 'maximum', many: 'maxima' },
  count: { name: 'Count', one: 'count', many: 'counts' },
  first: { name: 'First reading', one: 'first reading', many: 'first readings' },
  last: { name: 'Last reading', one: 'last reading', many: 'last readings' },
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
 * nothing was combined (raw points, `dsAgg` null); with `count` 'one', what one value is
 * ('15-minute sum', 'a reading').
 */
export function aggregationLabel(agg: Aggregation | null, interval: string, count: 'one' | 'many' = 'many'): string {
  if (agg === null || interval === 'instances' || !(interval in PERIODS)) return count === 'one' ? 'a reading' : 'every reading';
  return `${PERIODS[interval as keyof typeof PERIODS]} ${WORDS[agg][count]}`;
}

/**
 * Whether a bucket's value grows with the readings it holds (a sum or a count): such a bucket that
 * the range or the present cuts short is smaller only for missing readings, never a real dip.
 */
export const isAdditive = (agg: Aggregation | null): boolean => agg === 'sum' || agg === 'count';
