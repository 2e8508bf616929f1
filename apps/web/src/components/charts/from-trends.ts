import type { ParamLimit } from '@enviro/contracts/entity';
import type { TrendResult } from '@enviro/contracts/data';
import type { ChartSeries, ReferenceLine } from './types';

/** Trend results as chart series, named by `name` (station or parameter). */
export function trendSeries(trends: readonly TrendResult[], name: (t: TrendResult) => string): ChartSeries[] {
  return trends.map((t) => ({ name: name(t), unit: t.unit, points: t.data.map((p) => [p.time, p.value] as const) }));
}

/** A parameter's limits as reference lines ('Max limit 50 mg/Nm3'). */
export function limitLines(limit: Pick<ParamLimit, 'min' | 'max' | 'unit'> | undefined): ReferenceLine[] {
  if (!limit) return [];
  const unit = limit.unit ? ` ${limit.unit}` : '';
  return [
    ...(limit.max !== null ? [{ value: limit.max, label: `Max limit ${limit.max}${unit}` }] : []),
    ...(limit.min !== null ? [{ value: limit.min, label: `Min limit ${limit.min}${unit}` }] : []),
  ];
}
