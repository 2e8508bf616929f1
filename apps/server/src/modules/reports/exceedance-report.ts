import { EXCEEDANCE_EPISODE_TYPES, minutesAboveLimit } from '@enviro/domain/figures';
import { allPages, chosen, istTime, limitRange, type ReportBody, type ReportScope, type ReportSources } from './report-scope.ts';

/** Exceedance episodes only: INSTANT alerts stand for readings outside a limit (docs/DEFINITIONS.md). */
const EXCEEDANCE_CONDITIONS = EXCEEDANCE_EPISODE_TYPES;
const PAGE = 200;

/**
 * Report 3: the exceedance episodes (alerts of the alerts module) that started in the period, oldest
 * first; an episode still open ends 'ongoing'. Its minutes above the limit are its exceeding slots x 15,
 * not its start to end: a quarter without data inside an episode adds nothing.
 */
export async function exceedanceReport({ episodes: alerts }: ReportSources, scope: ReportScope): Promise<ReportBody> {
  const filters = { tenantId: scope.tenantId, type: [...EXCEEDANCE_CONDITIONS], startDate: scope.from.toISOString(), endDate: scope.to.toISOString(), size: PAGE };
  const all = await allPages((page) => alerts.list(scope.auth, { ...filters, page }), scope.progress, [0.1, 0.8]);
  const items = all.filter((a) => chosen(scope.params, a.stationId, a.paramName)).sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id - b.id);
  const rows = items.map((a) => {
    return [
      a.stationName ?? a.deviceName,
      a.paramLabel ?? a.paramName,
      a.unit,
      istTime(a.startedAt),
      a.endedAt === null ? 'ongoing' : istTime(a.endedAt),
      minutesAboveLimit(a.slotCount),
      a.peak,
      limitRange(a.limitMin, a.limitMax),
      a.slotCount,
      a.status,
      a.acknowledgedBy,
    ];
  });
  return {
    columns: ['Station', 'Parameter', 'Unit', 'Start (IST)', 'End (IST)', 'Minutes above limit', 'Peak', 'Limit', 'Exceedances (15-minute slots)', 'Status', 'Acknowledged by'],
    rows,
    notes: [
      `Exceedance episodes: ${rows.length}, with ${items.reduce((n, a) => n + a.slotCount, 0)} exceedances (15-minute averages beyond a limit), that started in the period`,
      'Minutes above limit: exceeding 15-minute slots x 15; a quarter without data inside an episode neither ends it nor counts',
    ],
  };
}
