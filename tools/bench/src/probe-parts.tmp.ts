import pg from 'pg';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase } from '@enviro/server/db/database';
import { migrate } from '@enviro/server/db/migrate';
import { PartitionKeeper } from '@enviro/server/db/partitions';
import { findDeviceProfile } from '@enviro/server/ingest/device-profile.repository';
import { provisionFleet } from './fleet.ts';

const adminUrl = process.env.DATABASE_URL!;
const dbName = `enviro_probe_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const database = openDatabase(url);
const steps = (process.env.STEPS ?? 'ins,dirty,latest,seen').split(',');
try {
  await migrate(database.pool);
  const fleet = await provisionFleet(database.db, 200);
  const profiles = await Promise.all(fleet.devices.map((d) => findDeviceProfile(database.db, d.token)));
  const start = Date.UTC(2025, 0, 1);
  await new PartitionKeeper(database.pool).ensure(start - 400 * 86400_000, start + 86400_000);
  const c = await database.pool.connect();
  await c.query(`CREATE TEMP TABLE ingest_stage (tenant_id integer NOT NULL, device_id bigint NOT NULL, ts_ms bigint NOT NULL, vals float8[] NOT NULL) ON COMMIT DELETE ROWS`);
  const times: Record<string, number> = {};
  const tick = (k: string, t: number) => (times[k] = (times[k] ?? 0) + performance.now() - t);
  const N = 10000;
  for (let b = 0; b < 15; b++) {
    let text = '';
    for (let i = 0; i < N; i++) {
      const p = profiles[i % profiles.length]!;
      const ts = start - Math.floor((b * N + i) / profiles.length) * 60_000;
      text += `${p.tenantId}\t${p.deviceId}\t${ts}\t{${30 + (i % 10)},300.5,200.1,40.25,150000}\n`;
    }
    let t = performance.now();
    await c.query('BEGIN');
    await pipeline(Readable.from([text]), c.query(copyFrom('COPY ingest_stage FROM STDIN')));
    tick('copy', t);
    t = performance.now();
    const ctes: string[] = [];
    ctes.push(`ins AS (INSERT INTO reading AS r (tenant_id, device_id, ts, vals)
  SELECT tenant_id, device_id, timestamptz 'epoch' + ts_ms * interval '1 millisecond', vals FROM ingest_stage
  ON CONFLICT (tenant_id, device_id, ts) DO UPDATE SET vals = enviro_merge_vals(r.vals, excluded.vals)
  WHERE enviro_merge_vals(r.vals, excluded.vals) IS DISTINCT FROM r.vals
  RETURNING r.tenant_id, r.device_id, r.ts, r.vals)`);
    if (steps.includes('dirty')) ctes.push(`dirty AS (INSERT INTO rollup_dirty AS d (tenant_id, device_id, bucket)
  SELECT DISTINCT tenant_id, device_id, enviro_bucket15(ts) FROM ins ORDER BY 1, 2, 3
  ON CONFLICT (tenant_id, device_id, bucket) DO UPDATE SET bucket = excluded.bucket WHERE false)`);
    if (steps.includes('latest')) ctes.push(`latest AS (
  INSERT INTO series_latest AS s (tenant_id, device_id, slot, ts, value)
  SELECT DISTINCT ON (ins.tenant_id, ins.device_id, v.slot) ins.tenant_id, ins.device_id, v.slot, ins.ts, v.value
  FROM ins CROSS JOIN LATERAL unnest(ins.vals) WITH ORDINALITY AS v(value, slot)
  WHERE v.value IS NOT NULL
  ORDER BY ins.tenant_id, ins.device_id, v.slot, ins.ts DESC
  ON CONFLICT (tenant_id, device_id, slot) DO UPDATE SET ts = excluded.ts, value = excluded.value
  WHERE excluded.ts > s.ts)`);
    if (steps.includes('seen')) ctes.push(`seen AS (SELECT tenant_id, device_id, max(ts) AS ts FROM ins GROUP BY tenant_id, device_id),
   dev AS (UPDATE device AS d SET last_data_at = seen.ts FROM seen
  WHERE d.tenant_id = seen.tenant_id AND d.id = seen.device_id AND (d.last_data_at IS NULL OR d.last_data_at < seen.ts))`);
    await c.query(`WITH ${ctes.join(',\n')} SELECT count(*) FROM ins`);
    tick('apply', t);
    t = performance.now();
    await c.query('COMMIT');
    tick('commit', t);
  }
  c.release();
  console.log(steps.join(','), JSON.stringify(Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(v / 15)]))), 'ms per 10k rows');
} finally {
  await database.close();
  await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  await admin.end();
}
