import type { TrendResult } from '@enviro/contracts/data/trend';
import type { SuppressionWindowService, SuppressionWindow } from '../devices/suppression-windows.service.ts';
import { seriesOfResult, type SelectedSeries } from './selection.ts';

/**
 * Calibration and maintenance windows beside a trend: each result gets the windows of the devices
 * it draws from (its device, else its station's devices, else every device of its parameter) that
 * overlap the range, so a chart can mark the readings that are calibration data. One indexed
 * query for every tenant in the answer (a window found is a result's only with the result's tenant);
 * results with none get no field.
 */
export async function markSuppressed<T extends Pick<TrendResult, 'paramName' | 'tags' | 'entityId' | 'suppressed'>>(
  windows: SuppressionWindowService,
  results: T[],
  series: readonly SelectedSeries[],
  from: Date,
  to: Date,
): Promise<T[]> {
  if (results.length === 0 || series.length === 0) return results;
  const tenantIds = [...new Set(series.map((s) => s.tenant_id))];
  const found = await windows.covering(tenantIds, series.map((s) => ({ deviceId: s.device_id, entityId: s.entity_id })), from, to);
  if (found.length === 0) return results;
  return results.map((r) => {
    const members = seriesOfResult(series, r);
    const mine = found.filter((w) => members.some((m) => m.tenant_id === w.tenantId && (w.deviceId === m.device_id || (w.deviceId === null && w.entityId === m.entity_id))));
    return mine.length === 0 ? r : { ...r, suppressed: mine.map(mark) };
  });
}

const mark = (w: SuppressionWindow) => ({
  kind: w.kind,
  deviceId: w.deviceId === null ? null : Number(w.deviceId),
  from: w.startsAt.toISOString(),
  to: w.endsAt?.toISOString() ?? null,
});
