import { describe, expect, it } from 'vitest';
import { startRollupWorker } from '../src/modules/data/rollup-worker.ts';
import { drainRollups, refreshRollups } from '../src/modules/data/rollups.ts';
import { openDatabase } from '../src/platform/database/database.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;
const BUCKET = 15 * MINUTE;

describe('rollups', () => {
  const ctx = useTestApp();

  async function newDevice() {
    const { id: tenantId } = await ctx.b.newTenant();
    const { id: entityId } = await ctx.b.newEntity({ tenantId });
    return ctx.b.newDevice({ tenantId, entityId, params: [{ name: 'pm' }, { name: 'so2' }] });
  }

  async function send(token: string, entries: { ts: number; values: Record<string, number> }[]) {
    const res = await ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: entries });
    expect(res.statusCode).toBe(200);
    return res;
  }

  async function rollups(deviceId: number) {
    const { rows } = await ctx.database.pool.query(
      'SELECT slot, bucket, n, sum, min, max, first, last FROM reading_15m WHERE device_id = $1 ORDER BY bucket, slot',
      [deviceId],
    );
    return rows;
  }

  const dirtyCount = async (deviceId: number) =>
    (await ctx.database.pool.query('SELECT count(*)::int AS n FROM rollup_dirty WHERE device_id = $1', [deviceId])).rows[0].n;

  /** Start of a closed 15-minute bucket an hour or so ago. */
  const closedBucket = () => Math.floor(Date.now() / BUCKET) * BUCKET - 4 * BUCKET;

  it('recomputes n, sum, min, max, first and last from raw readings and clears the marks', async () => {
    const d = await newDevice();
    const t = closedBucket();
    // Sent out of order; so2 missing at t+2m; one reading in the next bucket.
    await send(d.accessToken, [
      { ts: t + 10 * MINUTE, values: { pm: 4, so2: 40 } },
      { ts: t, values: { pm: 2, so2: 20 } },
      { ts: t + 14 * MINUTE, values: { pm: 1, so2: 10 } },
      { ts: t + 2 * MINUTE, values: { pm: 9 } },
      { ts: t + BUCKET, values: { pm: 7 } },
    ]);
    expect(await dirtyCount(d.id)).toBe(2);
    expect(await drainRollups(ctx.database)).toBeGreaterThanOrEqual(2);
    expect(await dirtyCount(d.id)).toBe(0);
    expect(await rollups(d.id)).toEqual([
      { slot: 1, bucket: new Date(t), n: 4, sum: 16, min: 1, max: 9, first: 2, last: 1 },
      { slot: 2, bucket: new Date(t), n: 3, sum: 70, min: 10, max: 40, first: 20, last: 10 },
      { slot: 1, bucket: new Date(t + BUCKET), n: 1, sum: 7, min: 7, max: 7, first: 7, last: 7 },
    ]);
  });

  it('recomputes each marked bucket of a run of one device, and no bucket between two runs', async () => {
    const d = await newDevice();
    const t = closedBucket() - 4 * BUCKET;
    await send(d.accessToken, [0, 1, 2, 3].map((i) => ({ ts: t + i * BUCKET + 14 * MINUTE, values: { pm: i } })));
    await drainRollups(ctx.database);
    // Behind the rollups' back (no mark), so a recompute of t+2 buckets would show it.
    await ctx.database.pool.query('UPDATE reading SET vals = ARRAY[99, NULL]::float8[] WHERE device_id = $1 AND ts = $2', [d.id, new Date(t + 2 * BUCKET + 14 * MINUTE)]);
    // Marks t, t+1 (a run) and t+3 (another): each at the start of its bucket, before the stored reading.
    await send(d.accessToken, [0, 1, 3].map((i) => ({ ts: t + i * BUCKET, values: { pm: 10 + i, so2: i } })));
    expect(await dirtyCount(d.id)).toBe(3);
    await drainRollups(ctx.database);
    expect((await rollups(d.id)).map((r) => [r.bucket.getTime() - t, r.slot, r.n, r.sum, r.first, r.last])).toEqual([
      [0, 1, 2, 10, 10, 0],
      [0, 2, 1, 0, 0, 0],
      [BUCKET, 1, 2, 12, 11, 1],
      [BUCKET, 2, 1, 1, 1, 1],
      [2 * BUCKET, 1, 1, 2, 2, 2],
      [3 * BUCKET, 1, 2, 16, 13, 3],
      [3 * BUCKET, 2, 1, 3, 3, 3],
    ]);
  });

  it('recomputes a refreshed bucket again when late readings arrive', async () => {
    const d = await newDevice();
    const t = closedBucket();
    await send(d.accessToken, [{ ts: t + MINUTE, values: { pm: 5 } }]);
    await drainRollups(ctx.database);
    await send(d.accessToken, [{ ts: t, values: { pm: 3, so2: 1 } }]);
    expect(await dirtyCount(d.id)).toBe(1);
    await drainRollups(ctx.database);
    expect(await rollups(d.id)).toEqual([
      { slot: 1, bucket: new Date(t), n: 2, sum: 8, min: 3, max: 5, first: 3, last: 5 },
      { slot: 2, bucket: new Date(t), n: 1, sum: 1, min: 1, max: 1, first: 1, last: 1 },
    ]);
  });

  it('removes the rollup row of a series that no longer has data in its bucket', async () => {
    const d = await newDevice();
    const t = closedBucket();
    await send(d.accessToken, [{ ts: t, values: { pm: 3, so2: 1 } }]);
    await drainRollups(ctx.database);
    // A correction outside ingestion empties so2 and marks the bucket, as any raw change must.
    await ctx.database.pool.query('UPDATE reading SET vals = ARRAY[vals[1], NULL]::float8[] WHERE device_id = $1', [d.id]);
    await ctx.database.pool.query('INSERT INTO rollup_dirty SELECT tenant_id, id, $2 FROM device WHERE id = $1', [d.id, new Date(t)]);
    await drainRollups(ctx.database);
    expect(await rollups(d.id)).toEqual([{ slot: 1, bucket: new Date(t), n: 1, sum: 3, min: 3, max: 3, first: 3, last: 3 }]);
  });

  it('recomputes a bucket again whose raw rows hold a value at a slot the device has no parameter for', async () => {
    const d = await newDevice();
    const t = closedBucket();
    await send(d.accessToken, [{ ts: t, values: { pm: 3, so2: 1 } }]);
    await drainRollups(ctx.database);
    // Written outside ingestion (which only fills the device's slots): the rollup of the bucket
    // replaces that slot's quarter like any other's, and never fails on the row it left before.
    await ctx.database.pool.query('UPDATE reading SET vals = vals || ARRAY[5]::float8[] WHERE device_id = $1', [d.id]);
    await ctx.database.pool.query('INSERT INTO rollup_dirty SELECT tenant_id, id, $2 FROM device WHERE id = $1', [d.id, new Date(t)]);
    await drainRollups(ctx.database);
    await ctx.database.pool.query('UPDATE reading SET vals = ARRAY[4, 1, 6]::float8[] WHERE device_id = $1', [d.id]);
    await ctx.database.pool.query('INSERT INTO rollup_dirty SELECT tenant_id, id, $2 FROM device WHERE id = $1', [d.id, new Date(t)]);
    await drainRollups(ctx.database);
    expect(await dirtyCount(d.id)).toBe(0);
    expect((await rollups(d.id)).map((r) => [r.slot, r.sum])).toEqual([
      [1, 4],
      [2, 1],
      [3, 6],
    ]);
  });

  const HOUR = 4 * BUCKET;
  /** Start of a closed hour of reading_1h (hours start at :30 UTC) two hours or so ago. */
  const closedHour = () => Math.floor((Date.now() - 30 * MINUTE) / HOUR) * HOUR + 30 * MINUTE - 2 * HOUR;

  async function hours(deviceId: number) {
    const { rows } = await ctx.database.pool.query(
      'SELECT slot, bucket, n, sum, min, max, first, last, slots FROM reading_1h WHERE device_id = $1 ORDER BY bucket, slot',
      [deviceId],
    );
    return rows;
  }

  it('rolls quarters up into hours starting at :30 UTC, and recomputes an hour when one quarter changes', async () => {
    const d = await newDevice();
    const h = closedHour();
    await send(d.accessToken, [
      { ts: h - MINUTE, values: { pm: 100 } }, // the hour before
      { ts: h + MINUTE, values: { pm: 2, so2: 20 } },
      { ts: h + 20 * MINUTE, values: { pm: 6 } },
      { ts: h + 59 * MINUTE, values: { pm: 4, so2: 5 } },
    ]);
    await drainRollups(ctx.database);
    expect(await hours(d.id)).toEqual([
      { slot: 1, bucket: new Date(h - HOUR), n: 1, sum: 100, min: 100, max: 100, first: 100, last: 100, slots: 1 },
      { slot: 1, bucket: new Date(h), n: 3, sum: 12, min: 2, max: 6, first: 2, last: 4, slots: 3 },
      { slot: 2, bucket: new Date(h), n: 2, sum: 25, min: 5, max: 20, first: 20, last: 5, slots: 2 },
    ]);

    // A late reading in the hour's first quarter: only that quarter is marked, the whole hour is redone.
    await send(d.accessToken, [{ ts: h, values: { pm: 1 } }]);
    expect(await dirtyCount(d.id)).toBe(1);
    await drainRollups(ctx.database);
    expect((await hours(d.id))[1]).toEqual({ slot: 1, bucket: new Date(h), n: 4, sum: 13, min: 1, max: 6, first: 1, last: 4, slots: 3 });
  });

  const DAY = 24 * HOUR;
  /** Start of a closed day of reading_1d (India's days start at 18:30 UTC) two days or so ago. */
  const closedDay = () => Math.floor((Date.now() - 1110 * MINUTE) / DAY) * DAY + 1110 * MINUTE - 2 * DAY;

  it('rolls hours up into India days starting at 18:30 UTC, and recomputes a day when one quarter changes', async () => {
    const d = await newDevice();
    const day = closedDay();
    await send(d.accessToken, [
      { ts: day - MINUTE, values: { pm: 100 } }, // the day before
      { ts: day + MINUTE, values: { pm: 2, so2: 20 } },
      { ts: day + 5 * HOUR, values: { pm: 6 } },
      { ts: day + DAY - MINUTE, values: { pm: 4, so2: 5 } },
    ]);
    await drainRollups(ctx.database);
    const days = async () =>
      (await ctx.database.pool.query('SELECT slot, bucket, n, sum, min, max, first, last, slots FROM reading_1d WHERE device_id = $1 ORDER BY bucket, slot', [d.id])).rows;
    expect(await days()).toEqual([
      { slot: 1, bucket: new Date(day - DAY), n: 1, sum: 100, min: 100, max: 100, first: 100, last: 100, slots: 1 },
      { slot: 1, bucket: new Date(day), n: 3, sum: 12, min: 2, max: 6, first: 2, last: 4, slots: 3 },
      { slot: 2, bucket: new Date(day), n: 2, sum: 25, min: 5, max: 20, first: 20, last: 5, slots: 2 },
    ]);

    // A late reading in the day's first quarter: only that quarter is marked, the whole day is redone.
    await send(d.accessToken, [{ ts: day, values: { pm: 1 } }]);
    expect(await dirtyCount(d.id)).toBe(1);
    await drainRollups(ctx.database);
    expect((await days())[1]).toEqual({ slot: 1, bucket: new Date(day), n: 4, sum: 13, min: 1, max: 6, first: 1, last: 4, slots: 3 });
  });

  it('reads only the partitions of the buckets it recomputes, however long the history', async () => {
    const d = await newDevice();
    // Two years of monthly partitions with an hour of readings each, and June 2002 with 200 buckets
    // of them, all marked: flat joins of the marks read every partition (a hash or merge join over
    // the whole of reading), which cost a pass a million rows in the bench's history.
    const pool = ctx.database.pool;
    const tenantId = (await pool.query('SELECT tenant_id FROM device WHERE id = $1', [d.id])).rows[0].tenant_id;
    await pool.query(`SELECT enviro_ensure_partitions('2001-01-01', '2003-01-01')`);
    const months = Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2001, i, 10)));
    await pool.query(
      `INSERT INTO reading (tenant_id, device_id, ts, vals)
       SELECT $1::int, $2::bigint, m + k * interval '1 minute', ARRAY[k, -k]::float8[]
       FROM unnest($3::timestamptz[]) m, generate_series(0, 59) k WHERE m <> '2002-06-10'
       UNION ALL
       SELECT $1::int, $2::bigint, timestamptz '2002-06-10' + k * interval '1 minute', ARRAY[k, -k]::float8[] FROM generate_series(0, 2999) k`,
      [tenantId, d.id, months],
    );
    await pool.query(
      `INSERT INTO rollup_dirty (tenant_id, device_id, bucket)
       SELECT $1::int, $2::bigint, timestamptz '2002-06-10' + k * interval '15 minutes' FROM generate_series(0, 199) k`,
      [tenantId, d.id],
    );
    await pool.query('ANALYZE reading');

    // One connection, so the pass's table statistics are flushed on request before they are read.
    const one = openDatabase(ctx.database.url, { max: 1 });
    try {
      const scans = async () => {
        await one.pool.query('SELECT pg_stat_force_next_flush()');
        const { rows } = await one.pool.query<{ relname: string; scans: string }>(
          `SELECT relname, seq_scan + coalesce(idx_scan, 0) AS scans FROM pg_stat_user_tables WHERE relname ~ '^reading(_15m|_1h|_1d)?_200[12]_'`,
        );
        return new Map(rows.map((r) => [r.relname, Number(r.scans)]));
      };
      const before = await scans();
      expect(await refreshRollups(one, { limit: 500 })).toBe(200);
      const after = await scans();
      const read = [...after].filter(([name, n]) => n > (before.get(name) ?? 0)).map(([name]) => name);
      expect(read.sort()).toEqual(['reading_15m_2002_06', 'reading_1h_2002_06', 'reading_2002_06']);
    } finally {
      await one.close();
    }
    // And what it wrote is the buckets' own: 200 quarters of two series, in 51 hours (they start at :30) and 3 India days.
    const { rows } = await pool.query(
      `SELECT (SELECT count(*)::int FROM reading_15m WHERE device_id = $1) AS quarters, (SELECT sum(n)::int FROM reading_15m WHERE device_id = $1 AND slot = 1) AS n,
              (SELECT count(*)::int FROM reading_1h WHERE device_id = $1 AND slot = 1) AS hours, (SELECT count(*)::int FROM reading_1d WHERE device_id = $1 AND slot = 1) AS days`,
      [d.id],
    );
    expect(rows[0]).toEqual({ quarters: 400, n: 3000, hours: 51, days: 3 });
  });

  it('leaves buckets from `before` on for later, and refreshes at most `limit` per call', async () => {
    const d = await newDevice();
    const t = closedBucket();
    await send(d.accessToken, [0, 1, 2, 3].map((i) => ({ ts: t + i * BUCKET, values: { pm: i } })));
    await drainRollups(ctx.database, { before: new Date(t + 2 * BUCKET) });
    expect(await dirtyCount(d.id)).toBe(2);
    expect(await refreshRollups(ctx.database, { limit: 1 })).toBe(1);
    await drainRollups(ctx.database);
    expect(await dirtyCount(d.id)).toBe(0);
    expect((await rollups(d.id)).map((r) => r.sum)).toEqual([0, 1, 2, 3]);
  });

  it('re-marks a bucket that ingestion touches while a refresh holds its mark', async () => {
    const d = await newDevice();
    const t = closedBucket();
    await send(d.accessToken, [{ ts: t, values: { pm: 1 } }]);
    // Stand in for a worker mid-refresh: the mark is held, its snapshot predates the next reading.
    const worker = await ctx.database.pool.connect();
    try {
      await worker.query('BEGIN');
      await worker.query('SELECT 1 FROM rollup_dirty WHERE device_id = $1 FOR UPDATE', [d.id]);
      const ingesting = send(d.accessToken, [{ ts: t + MINUTE, values: { pm: 2 } }]);
      await waitForLockWait();
      await worker.query('DELETE FROM rollup_dirty WHERE device_id = $1', [d.id]);
      await worker.query('COMMIT');
      await ingesting;
    } finally {
      worker.release();
    }
    expect(await dirtyCount(d.id)).toBe(1);
    await drainRollups(ctx.database);
    expect(await rollups(d.id)).toEqual([{ slot: 1, bucket: new Date(t), n: 2, sum: 3, min: 1, max: 2, first: 1, last: 2 }]);
  });

  it('runs as a background worker over closed buckets until stopped', async () => {
    const d = await newDevice();
    const t = closedBucket();
    const open = Math.floor(Date.now() / BUCKET) * BUCKET;
    await send(d.accessToken, [{ ts: t, values: { pm: 6 } }, { ts: open, values: { pm: 8 } }]);
    const worker = startRollupWorker(ctx.database, { error: () => undefined, debug: () => undefined }, { idleMs: 20 });
    try {
      for (let i = 0; i < 100 && (await dirtyCount(d.id)) > 1; i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await worker.stop();
    }
    expect(await rollups(d.id)).toEqual([{ slot: 1, bucket: new Date(t), n: 1, sum: 6, min: 6, max: 6, first: 6, last: 6 }]);
    const { rows } = await ctx.database.pool.query('SELECT bucket FROM rollup_dirty WHERE device_id = $1', [d.id]);
    expect(rows).toEqual([{ bucket: new Date(open) }]);
  });

  /** Resolves once some session of this database waits on a row lock. */
  async function waitForLockWait(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await ctx.database.pool.query(
        "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      if (rows.length > 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('ingestion never waited for the held mark');
  }
});
