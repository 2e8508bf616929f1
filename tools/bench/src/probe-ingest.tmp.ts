import pg from 'pg';
import { openDatabase } from '@enviro/server/db/database';
import { migrate } from '@enviro/server/db/migrate';
import { provisionFleet } from './fleet.ts';
import { benchHttp, benchMqtt } from './ingest-bench.ts';
import { startServerProcess } from './server-process.ts';

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
  const proc = await startServerProcess(url);
  try {
    const now = Date.now();
    await benchHttp(proc.baseUrl, fleet, 200, 16, now - 1000 * 24 * 3600_000);
    const n = Number(process.env.REQS ?? 2000);
    console.log(JSON.stringify(await benchHttp(proc.baseUrl, fleet, n, Number(process.env.CONC ?? 32), now)));
    if (process.env.MQTT) console.log(JSON.stringify(await benchMqtt(proc.mqttPort, fleet, 50, 40, 8, now)));
  } finally {
    await proc.stop();
  }
} finally {
  await database.close();
  await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  await admin.end();
}
