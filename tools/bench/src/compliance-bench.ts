import { cpus, totalmem } from 'node:os';
import pg from 'pg';
import { rebuildComplianceDays } from '@enviro/server/modules/compliance/compliance-days-worker';
import { openDatabase } from '@enviro/server/platform/database/database';
import { migrate } from '@enviro/server/platform/database/migrate';
import { timeRuns } from './stats.ts';
import { closeServices, openServices, services } from './services.ts';

/**
 * `npx tsx src/compliance-bench.ts [--quick]` (DATABASE_URL: a PostgreSQL server where it may
 * create and drop a database): the monthly compliance report (GET /api/getComplianceData of a
 * month, through ComplianceService, no HTTP) over 500 stations of 167 industries, one 5-parameter
 * device each, every 15-minute slot of the month filled but ~3 % (7.2 million rollup rows), a
 * calibration window per station; target ≤ 5 s. A one-station month is measured in the same run
 * as the reference.
 */
const quick = process.argv.includes('--quick');
const STATIONS = quick ? 100 : 500;
const PER_INDUSTRY = 3;
const MONTH = '2026-10';
const FROM = '2026-09-30T18:30:00Z';
const TO = '2026-10-31T18:30:00Z';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL is needed');
const dbName = `enviro_compliance_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const database = openDatabase(Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString());
try {
  await migrate(database.pool);
  await openServices(database);
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  const t0 = performance.now();
  await q(`INSERT INTO tenant (name) SELECT 'Bench Industry ' || i FROM generate_series(1, $1) i`, [Math.ceil(STATIONS / PER_INDUSTRY)]);
  await q(`CREATE TABLE bench_industry AS SELECT id FROM tenant WHERE name LIKE 'Bench Industry %'`);
  await q(
    `INSERT INTO entity (tenant_id, type, name)
     SELECT id, 'cems', 'Stack ' || k FROM bench_industry, generate_series(1, $2) k ORDER BY id, k LIMIT $1`,
    [STATIONS, PER_INDUSTRY],
  );
  await q(`INSERT INTO device (tenant_id, entity_id, name) SELECT tenant_id, id, 'Analyser' FROM entity`);
  await q(
    `INSERT INTO device_param (tenant_id, device_id, slot, std_param_id)
     SELECT d.tenant_id, d.id, s.slot, p.id FROM device d,
       (VALUES (1, 'pm'), (2, 'so2'), (3, 'nox'), (4, 'co'), (5, 'flow')) s(slot, name) JOIN std_param p ON p.name = s.name`,
  );
  await q(`INSERT INTO param_limit (tenant_id, device_id, slot, max_value) SELECT tenant_id, id, 1, 50 FROM device`);
  await q('SELECT enviro_ensure_partitions($1, $2)', [new Date(FROM), new Date(TO)]);
  await q(
    `INSERT INTO reading_15m (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last)
     SELECT d.tenant_id, d.id, s, b, 15, v * 15, v, v, v, v
     FROM device d, generate_series($1::timestamptz, $2::timestamptz - interval '15 minutes', interval '15 minutes') b,
          generate_series(1, 5) s, LATERAL (SELECT 20 + 40 * random() + 0 * s AS v) x
     WHERE random() > 0.03`,
    [FROM, TO],
  );
  await q(
    `INSERT INTO suppression_window (tenant_id, entity_id, kind, starts_at, ends_at)
     SELECT tenant_id, id, 'CALIBRATION', $1::timestamptz + (id % 28) * interval '1 day', $1::timestamptz + (id % 28) * interval '1 day' + interval '40 minutes' FROM entity`,
    [FROM],
  );
  await q('VACUUM ANALYZE');
  const rows = (await q('SELECT count(*)::int AS n FROM reading_15m')).rows[0].n as number;
  console.error(`[bench] fixture: ${STATIONS} stations, ${rows} rollup rows in ${Math.round((performance.now() - t0) / 1000)} s`);

  const tenantIds = (await q('SELECT id FROM bench_industry')).rows.map((r: { id: number }) => r.id);
  // The rows were written straight into the rollups, which the closed-slot feed never saw: derive
  // the compliance days as the demo seed does (the migration queues them for a running server).
  const t1 = performance.now();
  await rebuildComplianceDays(database.db, tenantIds, new Date(FROM), new Date(Date.parse(TO) - 1));
  await q('VACUUM ANALYZE compliance_param_day, compliance_device_day');
  const derived = Math.round(performance.now() - t1);
  console.error(`[bench] compliance days derived in ${derived} ms`);
  const service = services().compliance.compliance;
  const auth = { kind: 'apiKey' as const, tenantId: tenantIds[0]!, tenantIds };
  const now = Date.parse('2026-11-15T00:00:00Z');
  const check = await service.complianceData(auth, { period: MONTH }, now);
  if (check.stations.length !== STATIONS) throw new Error(`expected ${STATIONS} stations, got ${check.stations.length}`);
  const all = await timeRuns(() => service.complianceData(auth, { period: MONTH }, now), 7, 1);
  const stationId = check.stations[0]!.stationId;
  const one = await timeRuns(() => service.complianceData(auth, { period: MONTH, stationId }, now), 10, 2);
  const version = (await q('SHOW server_version')).rows[0].server_version as string;
  console.log(
    [
      `${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, PostgreSQL ${version}, Node ${process.version}${quick ? ' (--quick)' : ''}.`,
      '',
      '| Figure | Measured | Target | Reference, same run |',
      '|---|---|---|---|',
      `| Monthly compliance report of ${STATIONS} stations (${rows.toLocaleString('en-IN')} rollup rows) | p50 ${all.p50} ms, p95 ${all.p95} ms (${all.runs} runs) | ≤ 5 s | one station's month: p50 ${one.p50} ms |`,
      `| Deriving the month's compliance days of ${STATIONS} stations from the rollups (once, the demo seed's and a backfill's cost) | ${derived.toLocaleString('en-IN')} ms | | |`,
    ].join('\n'),
  );
} finally {
  await closeServices();
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
