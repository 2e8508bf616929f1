import pg from 'pg';
import { openDatabase } from '@enviro/server/db/database';
import { migrate } from '@enviro/server/db/migrate';
import { PartitionKeeper } from '@enviro/server/db/partitions';
import { commitBatch, type StagedDevice } from '@enviro/server/ingest/commit-batch';
import { findDeviceProfile } from '@enviro/server/ingest/device-profile.repository';
import { provisionFleet } from './fleet.ts';

const adminUrl = process.env.DATABASE_URL!;
const dbName = `enviro_probe_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const database = openDatabase(url);
try {
  await migrate(database.pool);
  const fleet = await provisionFleet(database.db, 200);
  const profiles = await Promise.all(fleet.devices.map((d) => findDeviceProfile(database.db, d.token)));
  const rowsPerBatch = Number(process.env.ROWS ?? 10000);
  const batches = Number(process.env.BATCHES ?? 20);
  const start = Date.UTC(2025, 0, 1);
  await new PartitionKeeper(database.pool).ensure(start - 400 * 86400_000, start + 86400_000);
  const client = await database.pool.connect();
  let t = 0;
  const t0 = performance.now();
  for (let b = 0; b < batches; b++) {
    const devices: StagedDevice[] = profiles.map((p) => ({ device: p!, rows: new Map() }));
    for (let i = 0; i < rowsPerBatch; i++) {
      const d = devices[i % devices.length]!;
      const ts = start - (b * rowsPerBatch + i) * 60_000 / devices.length * 0 - Math.floor((b * rowsPerBatch + i) / devices.length) * 60_000;
      d.rows.set(ts, [30 + (i % 10), 300.5, 200.1, 40.25, 150000]);
    }
    const t1 = performance.now();
    await commitBatch(client, devices);
    t += performance.now() - t1;
  }
  const total = performance.now() - t0;
  client.release();
  const rows = rowsPerBatch * batches;
  console.log(JSON.stringify({ rows, commitMs: Math.round(t), totalMs: Math.round(total), rowsPerSec: Math.round(rows / (t / 1000)), readingsPerSec: Math.round(rows * 5 / (t / 1000)) }));
} finally {
  await database.close();
  await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  await admin.end();
}
