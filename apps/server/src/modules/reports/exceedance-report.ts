import { allPages, chosen, istTime, limitRange, type ReportBody, type ReportScope, type ReportSources } from './report-scope.ts';

/** Alert conditions that are a breach of a limit (not data loss, fill or a diagnostic). */
const EXCEEDANCE_CONDITIONS = ['AVG_15M', 'SUSTAINED', 'INSTANT'] as const;
const PAGE = 200;

/**
 * Report 3: the exceedance alerts (episodes of the alerts module) that started in the period, oldest
 * first. An episode still open is measured to now and its end reads 'ongoing'.
 */
export async function exceedanceReport({ episodes: alerts }: ReportSources, scope: ReportScope, now = Date.now()): Promise<ReportBody> {
  const filters = { tenantId: scope.tenantId, type: [...EXCEEDANCE_CONDITIONS], startDate: scope.from.toISOString(), endDate: scope.to.toISOString(), size: PAGE };
  const all = await allPages((page) => alerts.list(scope.auth, { ...filters, page }), scope.progress, [0.1, 0.8]);
  const items = all.filter((a) => chosen(scope.params, a.stationId, a.paramName)).sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id - b.id);
  const rows = items.map((a) => {
    const end = a.endedAt === null ? now : Date.parse(a.endedAt);
    return [
      a.stationName ?? a.deviceName,
      a.paramLabel ?? a.paramName,
      a.unit,
      istTime(a.startedAt),
      a.endedAt === null ? 'ongoing' : istTime(a.endedAt),
      Math.round((end - Date.parse(a.startedAt)) / 60_000),
      a.peak,
      limitRange(a.limitMin, a.limitMax),
      a.slotCount,
      a.status,
      a.acknowledgedBy,
    ];
  });
  return {
    columns: ['Station', 'Parameter', 'Unit', 'Start (IST)', 'End (IST)', 'Duration (min)', 'Peak', 'Limit', 'Slots', 'Status', 'Acknowledged by'],
    rows,
    notes: [`Exceedances: ${rows.length} (alerts on 15-minute averages, sustained and instant breaches that started in the period)`],
  };
}
