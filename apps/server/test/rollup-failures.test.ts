import { describe, expect, it } from 'vitest';
import { startRollupWorker } from '../src/modules/data/rollup-worker.ts';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { insertReadings, post } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;
const BUCKET = 15 * MINUTE;

describe('rollups: one bad bucket stops nothing else', () => {
  const ctx = useTestApp();

  async function newStation() {
    const { tenantId, entityId, id: deviceId, accessToken: token } = await ctx.b.newStationDevice({ params: [{ name: 'pm' }, { name: 'flow' }] });
    return { tenantId, entityId, deviceId, token, key: (await ctx.b.newApiKey(tenantId)).key };
  }

  const closedBucket = () => Math.floor(Date.now() / BUCKET) * BUCKET - 4 * BUCKET;

  async function marks(deviceId: number) {
    const { rows } = await ctx.database.pool.query(
      'SELECT bucket, attempts, last_error, next_try > now() AS later FROM rollup_dirty WHERE device_id = $1 ORDER BY bucket',
      [deviceId],
    );
    return rows;
  }

  async function rollups(deviceId: number) {
    const { rows } = await ctx.database.pool.query('SELECT slot, n, sum, min, max FROM reading_15m WHERE device_id = $1 ORDER BY bucket, slot', [
      deviceId,
    ]);
    return rows;
  }

  const trend = (s: { key: string; entityId: number }, t: number) =>
    post(ctx.app, '/api/data/entityMetric', s.key, {
      entityIds: [s.entityId],
      params: [{ name: 'flow', dsAgg: 'sum' }, { name: 'pm', dsAgg: 'max' }],
      interval: 'hour_1',
      timezone: 'UTC',
      startDate: new Date(t - 4 * BUCKET).toISOString(),
      endDate: new Date(t + 4 * BUCKET).toISOString(),
    });

  it('refuses at ingestion a value beyond ±1e15, keeping the rest of the payload', async () => {
    const s = await newStation();
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/v1/${s.token}/telemetry`,
      payload: [{ ts: closedBucket(), values: { flow: 1.7e308, pm: 5 } }, { ts: closedBucket() + MINUTE, values: { flow: '-2e15' } }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: 1,
      refused: [
        { index: 0, key: 'flow', ts: closedBucket(), reason: 'value 1.7e+308 is beyond ±1e15' },
        { index: 1, key: 'flow', ts: closedBucket() + MINUTE, reason: 'value -2000000000000000 is beyond ±1e15' },
      ],
    });
  });

  it('rolls up and answers trends over values near the float maximum stored before the bound', async () => {
    const extreme = await newStation();
    const other = await newStation();
    const t = closedBucket();
    // Stored as an older server accepted them: their sum overflows float8.
    await insertReadings(ctx.database, extreme.tenantId, extreme.deviceId, [
      { ts: t, vals: [1, 1.7e308] },
      { ts: t + MINUTE, vals: [2, 1.7e308] },
      { ts: t + 2 * MINUTE, vals: [3, 4] },
    ]);
    await insertReadings(ctx.database, other.tenantId, other.deviceId, [{ ts: t, vals: [7, 8] }]);

    // Read from raw while the bucket is dirty, then from the rollups.
    const dirty = await trend(extreme, t);
    expect(dirty.statusCode, dirty.body).toBe(200);
    await drainRollups(ctx.database);
    expect(await marks(extreme.deviceId)).toEqual([]);
    expect(await rollups(other.deviceId)).toEqual([
      { slot: 1, n: 1, sum: 7, min: 7, max: 7 },
      { slot: 2, n: 1, sum: 8, min: 8, max: 8 },
    ]);
    // Values beyond the bound are left out of aggregates, as ingestion now refuses them.
    expect(await rollups(extreme.deviceId)).toEqual([
      { slot: 1, n: 3, sum: 6, min: 1, max: 3 },
      { slot: 2, n: 1, sum: 4, min: 4, max: 4 },
    ]);
    const rolled = await trend(extreme, t);
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json()).toEqual(dirty.json());
    expect(rolled.json().map((r: { data: { value: number }[] }) => r.data.map((p) => p.value))).toEqual([[4], [3]]);
  });

  it("isolates a bucket whose rollup fails, keeps its retry state, and still rolls up other tenants' buckets", async () => {
    const failing = await newStation();
    const healthy = await newStation();
    const t = closedBucket();
    await insertReadings(ctx.database, failing.tenantId, failing.deviceId, [{ ts: t, vals: [1, 2] }, { ts: t + BUCKET, vals: [3, 4] }]);
    await insertReadings(ctx.database, healthy.tenantId, healthy.deviceId, [{ ts: t, vals: [5, 6] }]);
    await ctx.database.pool.query(`
      CREATE FUNCTION test_refuse_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for tenant %', NEW.tenant_id; END $$`);
    await ctx.database.pool.query(
      `CREATE TRIGGER test_refuse_rollup BEFORE INSERT ON reading_15m FOR EACH ROW
       WHEN (NEW.tenant_id = ${failing.tenantId} AND NEW.bucket = '${new Date(t).toISOString()}') EXECUTE FUNCTION test_refuse_rollup()`,
    );
    const logged: unknown[] = [];
    const log = { error: (o: unknown) => logged.push(o), warn: (o: unknown) => logged.push(o), debug: () => undefined };
    try {
      const worker = startRollupWorker(ctx.database, log, { idleMs: 20 });
      try {
        for (let i = 0; i < 100 && (await rollups(healthy.deviceId)).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
        for (let i = 0; i < 100 && (await marks(failing.deviceId)).length > 1; i++) await new Promise((r) => setTimeout(r, 50));
      } finally {
        await worker.stop();
      }
      expect(await rollups(healthy.deviceId)).toHaveLength(2);
      // The failing tenant's other bucket went through; the failing one keeps its mark, retried later.
      expect(await rollups(failing.deviceId)).toEqual([
        { slot: 1, n: 1, sum: 3, min: 3, max: 3 },
        { slot: 2, n: 1, sum: 4, min: 4, max: 4 },
      ]);
      expect(await marks(failing.deviceId)).toEqual([
        { bucket: new Date(t), attempts: 1, last_error: `refused for tenant ${failing.tenantId}`, later: true },
      ]);
      expect(logged).toContainEqual(
        expect.objectContaining({ tenantId: failing.tenantId, deviceId: String(failing.deviceId), bucket: new Date(t).toISOString(), attempts: 1 }),
      );
      // Trends still answer, reading the failing bucket from raw.
      const res = await trend(failing, t);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()[0].data.reduce((sum: number, p: { value: number }) => sum + p.value, 0)).toBe(6);

      // Not before its next try, which backs off with each failure.
      await drainRollups(ctx.database);
      expect((await marks(failing.deviceId))[0].attempts).toBe(1);
      await ctx.database.pool.query('UPDATE rollup_dirty SET next_try = now() WHERE device_id = $1', [failing.deviceId]);
      await drainRollups(ctx.database);
      const [second] = await ctx.database.pool.query(
        'SELECT attempts, next_try - now() > interval \'45 seconds\' AS backed_off FROM rollup_dirty WHERE device_id = $1',
        [failing.deviceId],
      ).then((r) => r.rows);
      expect(second).toEqual({ attempts: 2, backed_off: true });
    } finally {
      await ctx.database.pool.query('DROP TRIGGER test_refuse_rollup ON reading_15m; DROP FUNCTION test_refuse_rollup()');
    }
    // Once the cause is gone, the next try rolls it up and clears the mark.
    await ctx.database.pool.query('UPDATE rollup_dirty SET next_try = now() WHERE device_id = $1', [failing.deviceId]);
    await drainRollups(ctx.database);
    expect(await marks(failing.deviceId)).toEqual([]);
    expect(await rollups(failing.deviceId)).toHaveLength(4);
  });
});
