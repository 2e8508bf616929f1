import { describe, expect, it } from 'vitest';
import { storedReadings } from './readings.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;

describe('POST /api/v1/{accessToken}/telemetry', () => {
  const ctx = useTestApp();

  /** A fresh device (pm with max 50, so2) on a fresh station. */
  const newDevice = (params?: { name: string; min?: number; max?: number }[]) => ctx.b.newStationDevice(params ? { params } : {});

  const post = (token: string, payload: unknown) =>
    ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: payload as object });

  const readings = (deviceId: number) => storedReadings(ctx.database.pool, deviceId);

  it('stores flat readings at server time', async () => {
    const d = await newDevice();
    const before = Date.now();
    const res = await post(d.accessToken, { pm: 42.1, so2: '12' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, refused: [] });
    const rows = await readings(d.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.vals).toEqual([42.1, 12]);
    expect(rows[0]!.ts).toBeGreaterThanOrEqual(before);
    expect(rows[0]!.ts).toBeLessThanOrEqual(Date.now());
  });

  it('stores timed readings at the device time', async () => {
    const d = await newDevice();
    const ts = Date.now() - 5 * MINUTE;
    const res = await post(d.accessToken, { ts, values: { so2: 7.5 } });
    expect(res.json()).toEqual({ accepted: 1, refused: [] });
    expect(await readings(d.id)).toEqual([{ ts, vals: [null, 7.5] }]);
  });

  it('stores an array of entries, merging entries of one instant into one row', async () => {
    const d = await newDevice();
    const t1 = Date.now() - 3 * MINUTE;
    const t2 = t1 + MINUTE;
    const res = await post(d.accessToken, [
      { ts: t1, values: { pm: 10 } },
      { ts: t1, values: { so2: 20 } },
      { ts: String(t2), values: { pm: 11, so2: 21 } },
    ]);
    expect(res.json()).toEqual({ accepted: 4, refused: [] });
    expect(await readings(d.id)).toEqual([
      { ts: t1, vals: [10, 20] },
      { ts: t2, vals: [11, 21] },
    ]);
  });

  it('keeps the good readings of a payload and refuses each bad one with its reason', async () => {
    const d = await newDevice();
    const now = Date.now();
    const ts = now - MINUTE;
    const res = await post(d.accessToken, [
      { ts, values: { pm: 1, nox: 5, so2: null } },
      { ts: ts + 1, values: { pm: 'null', so2: 'NaN' } },
      { ts: ts + 2, values: { pm: 'abc', so2: { v: 1 } } },
      { ts: now + 11 * MINUTE, values: { pm: 1 } },
      { ts: Date.UTC(1999, 11, 31), values: { pm: 1 } },
      { ts: Math.floor(now / 1000), values: { pm: 1 } },
      { ts: true, values: { pm: 1 } },
      { ts: 1.5e12 + 0.5, values: { pm: 1 } },
      { ts, values: [1, 2] },
      { ts: ts + 3, values: { so2: 3 } },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accepted).toBe(2);
    expect(body.refused).toEqual([
      { index: 0, key: 'nox', ts, reason: 'unknown parameter for this device' },
      { index: 0, key: 'so2', ts, reason: 'invalid value null' },
      { index: 1, key: 'pm', ts: ts + 1, reason: 'invalid value "null"' },
      { index: 1, key: 'so2', ts: ts + 1, reason: 'invalid value "NaN"' },
      { index: 2, key: 'pm', ts: ts + 2, reason: 'value "abc" is not numeric' },
      { index: 2, key: 'so2', ts: ts + 2, reason: 'value {"v":1} is not numeric' },
      { index: 3, reason: 'ts more than 10 minutes ahead of server time' },
      { index: 4, reason: 'ts before 2000-01-01' },
      { index: 5, reason: 'ts before 2000-01-01 (seconds sent instead of milliseconds?)' },
      { index: 6, reason: 'ts must be an integer of epoch milliseconds' },
      { index: 7, reason: 'ts must be an integer of epoch milliseconds' },
      { index: 8, ts, reason: 'values must be an object of parameter name: value' },
    ]);
    expect(await readings(d.id)).toEqual([
      { ts, vals: [1, null] },
      { ts: ts + 3, vals: [null, 3] },
    ]);
  });

  it('refuses a second, different value for the same parameter and instant in one payload', async () => {
    const d = await newDevice();
    const ts = Date.now() - MINUTE;
    const res = await post(d.accessToken, [
      { ts, values: { pm: 5 } },
      { ts, values: { pm: 5 } },
      { ts, values: { pm: 6 } },
    ]);
    expect(res.json()).toEqual({
      accepted: 2,
      refused: [{ index: 2, key: 'pm', ts, reason: 'conflicts with value 5 given earlier for the same ts' }],
    });
    expect(await readings(d.id)).toEqual([{ ts, vals: [5, null] }]);
  });

  it('answers 401 to an unknown token and to a soft-deleted device', async () => {
    const unknown = await post('no-such-token-123', { pm: 1 });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ statusCode: 401, message: 'unknown access token' });

    const d = await newDevice();
    await ctx.database.pool.query('UPDATE device SET deleted_date = now() WHERE id = $1', [d.id]);
    const deleted = await post(d.accessToken, { pm: 1 });
    expect(deleted.statusCode).toBe(401);
    expect(await readings(d.id)).toEqual([]);
  });

  it.each([
    ['a JSON string', '"hello"', 'body'],
    ['a number', '42', 'body'],
    ['an array holding a non-object', '[{"pm": 1}, 7]', 'body'],
    ['null', 'null', 'body'],
  ])('answers 400 naming the field to %s', async (_what, payload, field) => {
    const d = await newDevice();
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/v1/${d.accessToken}/telemetry`,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toMatch(new RegExp(`^${field}`));
    expect(await readings(d.id)).toEqual([]);
  });

  it('answers 400 to malformed JSON', async () => {
    const d = await newDevice();
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/v1/${d.accessToken}/telemetry`,
      headers: { 'content-type': 'application/json' },
      payload: '{"pm": 1,',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('answers 413 to a body over the limit', async () => {
    const d = await newDevice();
    const ts = Date.now() - 60 * 24 * MINUTE;
    const entries = Array.from({ length: 100_000 }, (_, i) => ({ ts: ts + i * 1000, values: { pm: 1.5, so2: 2.5 } }));
    const res = await post(d.accessToken, entries);
    expect(res.statusCode).toBe(413);
    expect(await readings(d.id)).toEqual([]);
  });

  it('is idempotent: a resend changes nothing and the first stored value wins', async () => {
    const d = await newDevice();
    const ts = Date.now() - 2 * MINUTE;
    const payload = [{ ts, values: { pm: 3 } }, { ts: ts + MINUTE, values: { pm: 4, so2: 1 } }];
    expect((await post(d.accessToken, payload)).json()).toEqual({ accepted: 3, refused: [] });
    const { rows: dirtyBefore } = await ctx.database.pool.query('SELECT count(*)::int AS n FROM rollup_dirty WHERE device_id = $1', [d.id]);
    expect((await post(d.accessToken, payload)).json()).toEqual({ accepted: 3, refused: [] });
    expect((await post(d.accessToken, { ts, values: { pm: 99, so2: 8 } })).json()).toEqual({ accepted: 2, refused: [] });
    expect(await readings(d.id)).toEqual([
      { ts, vals: [3, 8] },
      { ts: ts + MINUTE, vals: [4, 1] },
    ]);
    const { rows: dirtyAfter } = await ctx.database.pool.query('SELECT count(*)::int AS n FROM rollup_dirty WHERE device_id = $1', [d.id]);
    expect(dirtyAfter).toEqual(dirtyBefore);
  });

  it('merges a payload holding a stored instant between new ones: every new instant stored once, the stored slot kept', async () => {
    const d = await newDevice();
    const ts = Date.now() - 10 * MINUTE;
    expect((await post(d.accessToken, { ts, values: { pm: 3 } })).json()).toEqual({ accepted: 1, refused: [] });
    // In key order the first instant is inserted before the stored one is met: the insert that
    // tried new instants alone is undone, and the batch merged instead.
    const payload = [
      { ts: ts - MINUTE, values: { pm: 1, so2: 2 } },
      { ts, values: { pm: 99, so2: 8 } },
      { ts: ts + MINUTE, values: { pm: 5 } },
    ];
    expect((await post(d.accessToken, payload)).json()).toEqual({ accepted: 5, refused: [] });
    expect(await readings(d.id)).toEqual([
      { ts: ts - MINUTE, vals: [1, 2] },
      { ts, vals: [3, 8] },
      { ts: ts + MINUTE, vals: [5, null] },
    ]);
  });

  it('accepts a late backlog into an earlier month, creating its partition and marking its buckets', async () => {
    const d = await newDevice();
    const start = Date.UTC(2024, 1, 10, 6, 0);
    const backlog = Array.from({ length: 7 * 24 }, (_, h) => ({ ts: start + h * 60 * MINUTE, values: { so2: h } }));
    const res = await post(d.accessToken, backlog.reverse());
    expect(res.json()).toEqual({ accepted: 7 * 24, refused: [] });
    const { rows: parts } = await ctx.database.pool.query<{ relname: string }>(
      "SELECT relname FROM pg_class WHERE relname IN ('reading_2024_02', 'reading_15m_2024_02') ORDER BY relname",
    );
    expect(parts.map((p) => p.relname)).toEqual(['reading_15m_2024_02', 'reading_2024_02']);
    expect(await readings(d.id)).toHaveLength(7 * 24);
    const { rows: dirty } = await ctx.database.pool.query('SELECT count(*)::int AS n FROM rollup_dirty WHERE device_id = $1', [d.id]);
    expect(dirty[0].n).toBe(7 * 24);
  });

  it('raises a SYSTEM alert for a value outside its limits, once', async () => {
    const d = await newDevice([{ name: 'pm', min: 5, max: 50 }, { name: 'so2' }]);
    const ts = Date.now() - MINUTE;
    const payload = [{ ts, values: { pm: 80, so2: 1000 } }, { ts: ts + 1, values: { pm: 20 } }, { ts: ts + 2, values: { pm: 1 } }];
    await post(d.accessToken, payload);
    await post(d.accessToken, payload);
    const { rows } = await ctx.database.pool.query(
      'SELECT entity_id, slot, type, ts, value, limit_min, limit_max FROM alert WHERE device_id = $1 ORDER BY ts',
      [d.id],
    );
    expect(rows).toEqual([
      { entity_id: String(d.entityId), slot: 1, type: 'SYSTEM', ts: new Date(ts), value: 80, limit_min: 5, limit_max: 50 },
      { entity_id: String(d.entityId), slot: 1, type: 'SYSTEM', ts: new Date(ts + 2), value: 1, limit_min: 5, limit_max: 50 },
    ]);
  });

  it('keeps series_latest and last_data_at at the newest instant, whatever the arrival order', async () => {
    const d = await newDevice();
    const t = Date.now() - 30 * MINUTE;
    await post(d.accessToken, [{ ts: t, values: { pm: 1, so2: 10 } }, { ts: t + 10 * MINUTE, values: { pm: 2 } }]);
    await post(d.accessToken, { ts: t - 60 * MINUTE, values: { pm: 0, so2: 9 } });
    const { rows: latest } = await ctx.database.pool.query(
      'SELECT slot, ts, value FROM series_latest WHERE device_id = $1 ORDER BY slot',
      [d.id],
    );
    expect(latest).toEqual([
      { slot: 1, ts: new Date(t + 10 * MINUTE), value: 2 },
      { slot: 2, ts: new Date(t), value: 10 },
    ]);
    const { rows: seen } = await ctx.database.pool.query(
      `SELECT d.last_data_at AS device, e.last_data_at AS station
       FROM device d JOIN entity e ON e.tenant_id = d.tenant_id AND e.id = d.entity_id WHERE d.id = $1`,
      [d.id],
    );
    expect(seen).toEqual([{ device: new Date(t + 10 * MINUTE), station: new Date(t + 10 * MINUTE) }]);
  });

  it('group-commits concurrent requests, merging the same device and instant across requests', async () => {
    const d = await newDevice();
    const others = await Promise.all(Array.from({ length: 5 }, () => newDevice()));
    const ts = Date.now() - MINUTE;
    const results = await Promise.all([
      post(d.accessToken, { ts, values: { pm: 1 } }),
      post(d.accessToken, { ts, values: { so2: 2 } }),
      ...others.flatMap((o) => Array.from({ length: 10 }, (_, i) => post(o.accessToken, { ts: ts - i, values: { pm: i } }))),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    expect(await readings(d.id)).toEqual([{ ts, vals: [1, 2] }]);
    for (const o of others) expect(await readings(o.id)).toHaveLength(10);
  });

  it('answers 503 and stores nothing of a payload whose commit fails', async () => {
    const d = await newDevice();
    // Fails the transaction when it meets a sentinel value, as a database failure would.
    await ctx.database.pool.query(`
      CREATE FUNCTION fail_on_sentinel() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.vals[1] = -999 THEN RAISE EXCEPTION 'sentinel'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER fail_on_sentinel BEFORE INSERT ON reading FOR EACH ROW EXECUTE FUNCTION fail_on_sentinel();`);
    const ts = Date.now() - MINUTE;
    const payload = [{ ts, values: { pm: 1 } }, { ts: ts + 1, values: { pm: -999 } }];
    try {
      const res = await post(d.accessToken, payload);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/retry later$/);
      expect(await readings(d.id)).toEqual([]);
    } finally {
      await ctx.database.pool.query('DROP TRIGGER fail_on_sentinel ON reading; DROP FUNCTION fail_on_sentinel()');
    }
    expect((await post(d.accessToken, payload)).statusCode).toBe(200);
    expect(await readings(d.id)).toHaveLength(2);
  });

  it('is described on the OpenAPI page', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json().paths['/api/v1/{accessToken}/telemetry'])).toEqual(['post']);
  });
});
