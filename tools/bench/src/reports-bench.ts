import type pg from 'pg';
import { dayOf, DEFAULT_TIME_ZONE } from '@enviro/domain/time-zone';
import { rebuildComplianceDays } from '@enviro/server/modules/compliance/compliance-days-worker';
import type { Auth } from '@enviro/server/platform/access/auth';
import type { Db } from '@enviro/server/platform/database/database';
import { PartitionKeeper } from '@enviro/server/platform/database/partitions';
import { timeRuns } from './stats.ts';
import { OperatorProvisioning } from '@enviro/server/operator-provisioning';
import { services } from './services.ts';

const DAY = 86_400_000;
const istDay = (ms: number) => dayOf(ms, DEFAULT_TIME_ZONE);

/**
 * Issue 14's report figures, timed through ReportCatalogueService (query and CSV writing, no HTTP):
 * - a 1-year daily-average report (id 1) of one station with a 5-parameter device, every quarter of
 *   the year in reading_15m (and its hours in reading_1h);
 * - a board's data-availability report (id 36) over `industries` industries × 30 days, one station
 *   device each with every India hour of the 30 days in reading_1h (~90 % of quarters set).
 */
export async function benchReports(db: Db, pool: pg.Pool, industries: number, runs: number): Promise<string[]> {
  const now = Date.now();
  const today = istDay(now);
  const yearAgo = now - 366 * DAY;
  await new PartitionKeeper(pool).ensure(yearAgo - DAY, now + DAY);
  const svc = OperatorProvisioning.of(services());
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);

  // One station, one year.
  const { id: tenantId } = await svc.createTenant({ name: 'Bench Year Industry' });
  const station = await svc.createEntity({ tenantId, type: 'cems', name: 'Stack 1' });
  const device = await svc.createDevice({ tenantId, entityId: station.id, name: 'Analyser', params: [{ name: 'pm' }, { name: 'so2' }, { name: 'nox' }, { name: 'co' }, { name: 'flow' }] });
  await q(
    `INSERT INTO reading_1h (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last, slots)
     SELECT $1, $2, s, h, 60, 60 * (20 + s), 10, 40, 20, 20, 4
     FROM generate_series(date_trunc('hour', $3::timestamptz) + interval '30 minutes', $4::timestamptz, interval '1 hour') h,
          generate_series(0, 4) s`,
    [tenantId, device.id, new Date(yearAgo), new Date(now)],
  );
  // Daily averages are means of 15-minute averages (docs/DEFINITIONS.md): the year's quarters too.
  await q(
    `INSERT INTO reading_15m (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last)
     SELECT $1, $2, s, b, 15, 15 * (20 + s), 10, 40, 20, 20
     FROM generate_series(date_trunc('hour', $3::timestamptz), $4::timestamptz - interval '15 minutes', interval '15 minutes') b,
          generate_series(1, 5) s`,
    [tenantId, device.id, new Date(yearAgo), new Date(now)],
  );
  await rebuildComplianceDays(db, [tenantId], new Date(yearAgo), new Date(now));

  // A board's industries, 30 days.
  const { id: boardId } = await svc.createTenant({ name: 'Bench Availability Board', type: 'statutory' });
  await q(`INSERT INTO tenant (name) SELECT 'Bench Avail ' || i FROM generate_series(1, $1) i`, [industries]);
  await q(`CREATE TEMP TABLE bench_avail AS SELECT id FROM tenant WHERE name LIKE 'Bench Avail %'`);
  await q(`INSERT INTO statutory_association (tenant_id, statutory_id) SELECT id, $1 FROM bench_avail`, [boardId]);
  await q(`INSERT INTO entity (tenant_id, type, name) SELECT id, 'cems', 'Stack' FROM bench_avail`);
  await q(`INSERT INTO device (tenant_id, entity_id, name) SELECT e.tenant_id, e.id, 'Analyser' FROM entity e JOIN bench_avail t ON t.id = e.tenant_id`);
  await q(
    `INSERT INTO reading_1h (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last, slots)
     SELECT d.tenant_id, d.id, 0, h, 4, 80, 20, 20, 20, 20, CASE WHEN random() < 0.9 THEN 4 ELSE 2 END
     FROM device d JOIN bench_avail t ON t.id = d.tenant_id,
          generate_series(date_trunc('hour', $1::timestamptz) + interval '30 minutes', $2::timestamptz, interval '1 hour') h`,
    [new Date(now - 31 * DAY), new Date(now)],
  );
  // The same quarters in reading_15m (the hour's `slots` first ones of its four), derived into the
  // compliance days that availability reads since issue 14's compliance work.
  await q(
    `INSERT INTO reading_15m (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last)
     SELECT h.tenant_id, h.device_id, 1, h.bucket + k * interval '15 minutes', 1, 20, 20, 20, 20, 20
     FROM reading_1h h JOIN bench_avail t ON t.id = h.tenant_id, generate_series(0, 3) k WHERE k < h.slots`,
  );
  await q(`INSERT INTO device_param (tenant_id, device_id, slot, std_param_id) SELECT d.tenant_id, d.id, 1, (SELECT id FROM std_param WHERE name = 'pm') FROM device d JOIN bench_avail t ON t.id = d.tenant_id`);
  await rebuildComplianceDays(db, (await q(`SELECT id FROM bench_avail`)).rows.map((r: { id: number }) => r.id), new Date(now - 31 * DAY), new Date(now));
  await q('VACUUM ANALYZE');
  const boardTenants = (await q(`SELECT id FROM bench_avail`)).rows.map((r: { id: number }) => r.id);

  const reports = services().reports.catalogue;
  const industryAuth: Auth = { kind: 'apiKey', tenantId, tenantIds: [tenantId] };
  const boardAuth: Auth = { kind: 'apiKey', tenantId: boardId, tenantIds: [boardId, ...boardTenants] };
  const year = await timeRuns(async () => {
    const f = await reports.file(industryAuth, 1, 'CSV', { tenantId, entityIds: [], params: [], startDate: istDay(now - 365 * DAY), endDate: today });
    if (f.rows !== 366 * 5) throw new Error(`daily averages: ${f.rows} rows`);
  }, runs);
  const avail = await timeRuns(async () => {
    const f = await reports.file(boardAuth, 36, 'CSV', { entityIds: [], params: [], startDate: istDay(now - 30 * DAY), endDate: istDay(now - DAY) });
    // Each industry and a total row.
    if (f.rows !== industries + 1) throw new Error(`availability: ${f.rows} rows`);
  }, runs);
  return [
    `| A 1-year daily-average report (id 1, CSV) of one station, 5 parameters, ${(366 * 96 * 5).toLocaleString('en-IN')} 15-minute rollups | p50 ${year.p50} ms, p95 ${year.p95} ms (${year.runs} runs) | target ≤ 1 s |`,
    `| A board's data-availability report (id 36, CSV) over ${industries.toLocaleString('en-IN')} industries × 30 days | p50 ${avail.p50} ms, p95 ${avail.p95} ms (${avail.runs} runs) | target p50 ≤ 1 s |`,
  ];
}
