import type { UptimeRow } from '@enviro/contracts/compliance';
import type { StationParam } from './report-catalogue.repository.ts';
import { chosen, type ReportBody, type ReportScope, type ReportSources } from './report-scope.ts';

const figures = (u: UptimeRow) => [u.slots, u.suppressedSlots, u.slotsWithData, u.availability];

/**
 * Report 4: per station, then per device of it, the share of 15-minute slots with data, from the
 * compliance module (calibration and maintenance windows neither expected nor counted, no slot
 * expected before a device came into service). Devices no longer on a station are listed last.
 */
export async function uptimeReport({ compliance }: ReportSources, scope: ReportScope, stationParams: readonly StationParam[]): Promise<ReportBody> {
  const period = { tenantId: scope.tenantId, from: scope.params.startDate, to: scope.params.endDate };
  const stations = await compliance.groupByUptime(scope.auth, { ...period, groupBy: 'station' });
  await scope.progress(stations.items.length, 0.4);
  const devices = await compliance.uptime(scope.auth, scope.tenantId, { from: period.from, to: period.to, of: 'tenant' });
  await scope.progress(stations.items.length + devices.items.length, 0.8);
  const stationOf = new Map(stationParams.map((p) => [p.deviceId, p.entityId]));
  const rows = stations.items
    .filter((s) => chosen(scope.params, s.id, null))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
    .flatMap((s) => [
      [s.name, 'All devices', ...figures(s)],
      ...devices.items.filter((d) => stationOf.get(d.id) === s.id).map((d) => [s.name, d.name, ...figures(d)]),
    ]);
  if (scope.params.entityIds.length === 0) for (const d of devices.items.filter((x) => !stationOf.has(x.id))) rows.push(['(not on a station)', d.name, ...figures(d)]);
  return {
    columns: ['Station', 'Device', 'Slots in period', 'Calibration and maintenance slots', 'Slots with data', 'Uptime (%)'],
    rows,
    notes: ['Uptime: slots with data of the slots expected (15-minute slots; calibration and maintenance windows are neither expected nor counted)'],
  };
}
