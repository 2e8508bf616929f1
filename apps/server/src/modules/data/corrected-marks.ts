import type { TrendResult } from '@enviro/contracts/data/trend';
import type { CorrectionVersion } from './corrections.service.ts';
import { seriesOfResult, type SelectedSeries } from './selection.ts';

/** The change request a correction came from, by its source ('change-request:7'). */
export const changeRequestOf = (source: string): number | null => {
  const m = /^change-request:(\d+)$/.exec(source);
  return m ? Number(m[1]) : null;
};

/**
 * Corrected periods beside a trend: each result gets the current corrections of the series it draws
 * from (`corrected`), and each of its points overlapping one is marked `corrected`. A point is the
 * bucket from its time to the next bucket's start (`ends`), or one reading. Results with none are
 * left as they are.
 */
export function markCorrected<T extends Pick<TrendResult, 'paramName' | 'tags' | 'entityId' | 'data' | 'corrected'>>(
  results: T[],
  series: readonly SelectedSeries[],
  corrections: readonly CorrectionVersion[],
  /** The end of the bucket starting at a point's time; absent for raw readings. */
  ends: ((time: number) => number) | null,
): T[] {
  if (corrections.length === 0) return results;
  return results.map((r) => {
    const members = seriesOfResult(series, r);
    const mine = corrections.filter((c) =>
      members.some((m) => m.tenant_id === c.tenantId && m.device_id === c.deviceId && m.slot === c.slot && (m.from_ms ?? -Infinity) < c.to.getTime() && (m.to_ms ?? Infinity) > c.from.getTime()),
    );
    if (mine.length === 0) return r;
    const spans = mine.map((c) => [c.from.getTime(), c.to.getTime()] as const);
    const data = r.data.map((p) => {
      const end = ends ? ends(p.time) : p.time + 1;
      return spans.some(([f, t]) => f < end && t > p.time) ? { ...p, corrected: true as const } : p;
    });
    return {
      ...r,
      data,
      corrected: mine.map((c) => ({
        from: c.from.toISOString(),
        to: c.to.toISOString(),
        version: c.version,
        kind: c.rule.kind,
        reason: c.reason,
        changeRequestId: changeRequestOf(c.source),
      })),
    };
  });
}
