import type { ParamLimit } from '@enviro/contracts/entities';
import type { TrendResult } from '@enviro/contracts/data/trend';
import { INTERVAL_MS, type BucketInterval } from '@enviro/domain/interval';
import type { ChartSeries, ReferenceLine, SeriesPoint } from './types';

/**
 * Trend results as chart series, named by `name` (station or parameter). The API leaves empty
 * buckets out; with a bucket `interval`, a null is put where buckets are missing so the line breaks
 * there instead of bridging the gap.
 */
export function trendSeries(trends: readonly TrendResult[], name: (t: TrendResult) => string, interval?: string): ChartSeries[] {
  const step = interval && interval in INTERVAL_MS ? INTERVAL_MS[interval as BucketInterval] : undefined;
  return trends.map((t) => {
    const points: SeriesPoint[] = [];
    let previous: number | undefined;
    for (const p of t.data) {
      // Half a bucket of slack: local days and months vary in length around their nominal one.
      if (step !== undefined && previous !== undefined && p.time - previous > step * 1.5) points.push([previous + step, null]);
      points.push([p.time, p.value]);
      previous = p.time;
    }
    return { name: name(t), unit: t.unit, points };
  });
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
