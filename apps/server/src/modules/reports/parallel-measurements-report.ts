import { formatInstant } from '@enviro/domain/format-date';
import { roundValue } from '@enviro/domain/format-number';
import type { StationParam } from './report-catalogue.repository.ts';
import { chosen, type ReportBody, type ReportScope, type ReportSources } from './report-scope.ts';

/**
 * Report 7: each manual measurement (lab or third-party stack monitoring) sampled in the period at
 * the chosen stations, per parameter beside the analyser's average over the same sampling time and
 * the deviation, as the measurements module gives them (the parallel-measurement check boards ask for).
 */
export async function parallelMeasurementsReport({ measurements }: ReportSources, scope: ReportScope, stationParams: readonly StationParam[]): Promise<ReportBody> {
  const stations = new Map<number, string>();
  for (const p of stationParams) if (chosen(scope.params, p.entityId, null)) stations.set(p.entityId, p.entityName);
  const rows: (string | number | null)[][] = [];
  let done = 0;
  for (const [entityId, name] of [...stations].sort((a, b) => a[1].localeCompare(b[1]) || a[0] - b[0])) {
    const { items } = await measurements.list(scope.auth, { entityId, from: scope.from.toISOString(), to: scope.to.toISOString() });
    for (const m of items) {
      for (const v of m.values) {
        if (!chosen(scope.params, entityId, v.paramName)) continue;
        rows.push([name, formatInstant(Date.parse(m.sampledAt)), m.durationMinutes, m.lab, v.paramName, v.unit, v.method, roundValue(v.value), roundValue(v.continuousAverage), v.deviationPercent]);
      }
    }
    done += 1;
    await scope.progress(rows.length, 0.9 * (done / stations.size));
  }
  return {
    columns: ['Station', 'Sampled (IST)', 'Minutes', 'Lab', 'Parameter', 'Unit', 'Method', 'Lab result', 'Analyser average', 'Deviation (%)'],
    rows,
    notes: [
      "Analyser average: the mean of the station's 15-minute averages of the parameter over the sampling time; deviation: (analyser − lab) / lab, in percent",
      'A parameter no analyser of the station measures has no average and no deviation',
    ],
  };
}
