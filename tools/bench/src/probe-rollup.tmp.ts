import { openDatabase } from '@enviro/server/db/database';
import { drainRollups } from '@enviro/server/ingest/rollups';
const database = openDatabase('postgres://postgres@127.0.0.1:5432/enviro_probe_prof');
const before = (await database.pool.query('select count(*)::int n from rollup_dirty')).rows[0].n;
const t0 = performance.now();
const n = await drainRollups(database.pool, { limit: Number(process.env.LIMIT ?? 500) });
const s = (performance.now() - t0) / 1000;
console.log({ before, n, seconds: s.toFixed(2), perSec: Math.round(n / s) });
await database.close();
