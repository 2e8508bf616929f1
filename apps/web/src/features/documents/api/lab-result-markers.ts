import { useMemo } from 'react';
import type { ChartMarkers } from '@/components/charts/types';
import { useMeasurements } from './measurements';

/**
 * A station's lab results of a parameter within [from, to) as points over its trend (the time of
 * sampling and the result), undefined when there are none there. A result in another unit than the
 * analyser's is left off the chart (it stays in the table below it).
 */
export function useLabResultMarkers(entityId: number | null, paramName: string, window: { start: number; end: number } | undefined, unit: string | undefined): ChartMarkers | undefined {
  const items = useMeasurements(entityId).data?.items;
  const [start, end] = [window?.start, window?.end];
  return useMemo(() => {
    if (start === undefined || end === undefined) return undefined;
    const points = (items ?? []).flatMap((m) => {
      const at = Date.parse(m.sampledAt);
      if (at < start || at >= end) return [];
      return m.values.filter((v) => v.paramName === paramName && (unit === undefined || v.unit === unit)).map((v) => [at, v.value] as const);
    });
    return points.length === 0 ? undefined : { name: 'Lab results', points };
  }, [items, start, end, paramName, unit]);
}
