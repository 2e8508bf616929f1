import type { TrendResult } from '@enviro/contracts/data/trend';
import { seriesOfResult, type SelectedSeries } from './selection.ts';

const SLOT_MS = 15 * 60_000;

/**
 * The data-quality verdicts a trend marks, from the module that judges them (data-quality), given to
 * the data module once that one is built (`app.data.showQualityFrom`): data cannot import it, as it
 * builds on data.
 */
export interface TrendQualitySource {
  flaggedSlots(tenantIds: readonly number[], deviceIds: readonly string[], from: Date, to: Date): Promise<readonly { deviceId: string; slot: number; at: number; state: string; detectors: readonly string[] }[]>;
}

type Flag = NonNullable<TrendResult['flagged']>[number];

/**
 * Suspect and invalid slots beside a trend: each result gets the runs of flagged slots of the series
 * it draws from, consecutive slots of one state and the same detectors as one run. Results with none
 * get no field.
 */
export async function markFlagged<T extends Pick<TrendResult, 'paramName' | 'tags' | 'entityId' | 'flagged'>>(
  source: TrendQualitySource | null,
  results: T[],
  series: readonly SelectedSeries[],
  from: Date,
  to: Date,
): Promise<T[]> {
  if (!source || results.length === 0 || series.length === 0) return results;
  const tenantIds = [...new Set(series.map((s) => s.tenant_id))];
  const found = (await source.flaggedSlots(tenantIds, [...new Set(series.map((s) => s.device_id))], from, to)).filter((f) => f.state === 'suspect' || f.state === 'invalid');
  if (found.length === 0) return results;
  return results.map((r) => {
    const members = seriesOfResult(series, r);
    const mine = found.filter((f) => members.some((m) => m.device_id === f.deviceId && m.slot === f.slot)).sort((a, b) => a.at - b.at);
    const runs: Flag[] = [];
    for (const f of mine) {
      const detectors = [...f.detectors].sort();
      const run = runs[runs.length - 1];
      const end = f.at + SLOT_MS;
      if (run && run.state === f.state && run.detectors.join(',') === detectors.join(',') && f.at <= Date.parse(run.to)) {
        run.to = new Date(Math.max(Date.parse(run.to), end)).toISOString();
      } else {
        runs.push({ state: f.state as Flag['state'], detectors, from: new Date(f.at).toISOString(), to: new Date(end).toISOString() });
      }
    }
    return runs.length === 0 ? r : { ...r, flagged: runs };
  });
}
