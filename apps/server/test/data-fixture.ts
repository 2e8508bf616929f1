import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ZodType } from 'zod';
import { ArchiveRepository } from '../src/modules/data/archive.repository.ts';
import { builders } from './builders.ts';
import type { TestDatabase } from './helper.ts';

/**
 * A small plant with known readings for the data API tests:
 *
 *   Plant (group)
 *   ├── Stack 1 (cems)        device D1 {stack: Boiler 1}: pm, so2, flow
 *   └── Kiln Area (facility)
 *       └── Stack 2 (eqms)    device D2 {stack: Kiln}:     pm, so2, flow
 *
 * Readings every minute from 2024-03-09 12:00Z for two days, across the IST midnights of 10 and
 * 11 March (18:30Z) and the UTC ones. D1 has a gap from 02:10Z to 03:40Z on 10 March and reports
 * flow every third minute only. D2's reading of minute 1000 arrives late, after the rollups ran.
 * Values are multiples of 0.25, so every sum is exact in any order and answers compare with ===.
 */
export const T0 = Date.parse('2024-03-09T12:00:00Z');
export const MINUTES = 2880;
export const MINUTE = 60_000;
export const GAP = { from: Date.parse('2024-03-10T02:10:00Z'), to: Date.parse('2024-03-10T03:40:00Z') };
export const LATE_MINUTE = 1000;

export interface Reading {
  ts: number;
  vals: (number | null)[];
}

export function d1Readings(): Reading[] {
  const out: Reading[] = [];
  for (let i = 0; i < MINUTES; i++) {
    const ts = T0 + i * MINUTE;
    if (ts >= GAP.from && ts < GAP.to) continue;
    out.push({ ts, vals: [10 + (i % 60), 100 - (i % 7) * 0.5, i % 3 === 0 ? i % 10 : null] });
  }
  return out;
}

export function d2Readings(): Reading[] {
  const out: Reading[] = [];
  for (let i = 0; i < MINUTES; i++) out.push({ ts: T0 + i * MINUTE, vals: [50 + (i % 13) * 0.25, 20 + (i % 5), 5] });
  return out;
}

export const SLOT = { pm: 1, so2: 2, flow: 3 } as const;

/** A series' readings of one slot, for the oracle. */
export function valuesOf(readings: readonly Reading[], slot: number): { ts: number; value: number }[] {
  return readings.filter((r) => r.vals[slot - 1] !== null).map((r) => ({ ts: r.ts, value: r.vals[slot - 1]! }));
}

/**
 * Inserts raw rows and, as ingestion does in the same transaction, marks their 15-minute buckets
 * dirty; as ingestion does, archived days of the range go back to raw first (220_reading_archive.sql).
 */
export async function insertReadings(database: TestDatabase, tenantId: number, deviceId: number, readings: readonly Reading[]): Promise<void> {
  if (readings.length === 0) return;
  const times = readings.map((r) => r.ts);
  await database.pool.query('SELECT enviro_ensure_partitions($1, $2)', [new Date(Math.min(...times)), new Date(Math.max(...times) + 1)]);
  await database.pool.query('SELECT enviro_archive_restore($1::int[], $2::bigint[], $3::bigint[], $4::bigint[])', [[tenantId], [deviceId], [Math.min(...times)], [Math.max(...times)]]);
  await database.pool.query(
    `WITH rows AS (
       INSERT INTO reading (tenant_id, device_id, ts, vals)
       SELECT $1, $2, t, v::float8[] FROM unnest($3::timestamptz[], $4::text[]) AS u(t, v)
       RETURNING tenant_id, device_id, ts
     )
     INSERT INTO rollup_dirty (tenant_id, device_id, bucket)
     SELECT DISTINCT tenant_id, device_id, enviro_bucket15(ts) FROM rows
     ON CONFLICT DO NOTHING`,
    [tenantId, deviceId, readings.map((r) => new Date(r.ts).toISOString()), readings.map((r) => `{${r.vals.map((v) => v ?? 'NULL').join(',')}}`)],
  );
}

/** Every reading of every device, raw or archived, as `r`. */
const EVERY_READING = `device d CROSS JOIN LATERAL enviro_readings(d.tenant_id, d.id, '-infinity', 'infinity') r`;

/**
 * Moves every reading older than the back-fill window (7 days) into reading_archive and drops the
 * partitions it empties, as the archive worker does; answers the values moved.
 */
export async function compactHistory(database: TestDatabase): Promise<number> {
  const archive = new ArchiveRepository(database);
  let values = 0;
  for (;;) {
    const pass = await archive.compact({ afterDays: 7, devices: 100, days: 3660 });
    values += pass.values;
    if (pass.ranges === 0) break;
  }
  await archive.dropEmptyMonths(7);
  return values;
}

/**
 * Recomputes reading_15m from raw for the given (device, bucket) pairs, or for everything (their days'
 * compacted quarters restored first, as the rollup worker does), with the
 * rollup definition (n, sum, min, max, first = value at the earliest ts, last = at the latest), then
 * the hours of reading_1h and the days of reading_1d holding them, and clears their dirty marks.
 */
export async function rollUp(database: TestDatabase, buckets: { deviceId: number; bucket: number }[] | 'all'): Promise<void> {
  const all = buckets === 'all';
  const devices = all ? [] : buckets.map((b) => b.deviceId);
  const starts = all ? [] : buckets.map((b) => new Date(b.bucket).toISOString());
  // As the rollup worker: compacted quarters of the days go back to reading_15m before any is rewritten.
  await database.pool.query(
    `SELECT enviro_quarters_restore(array_agg(a.tenant_id), array_agg(a.device_id), array_agg(a.day)) FROM reading_15m_archive a
     WHERE $1 OR (a.device_id, a.day) IN (SELECT u.d, enviro_bucket_day(u.b) FROM unnest($2::bigint[], $3::timestamptz[]) AS u(d, b))`,
    [all, devices, starts],
  );
  await database.pool.query(
    `INSERT INTO reading_15m (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last)
     SELECT r.tenant_id, r.device_id, v.slot, enviro_bucket15(r.ts), count(*), sum(v.value), min(v.value), max(v.value),
            (array_agg(v.value ORDER BY r.ts))[1], (array_agg(v.value ORDER BY r.ts DESC))[1]
     FROM ${EVERY_READING} CROSS JOIN LATERAL unnest(r.vals) WITH ORDINALITY AS v(value, slot)
     WHERE v.value IS NOT NULL
       AND ($1 OR (r.device_id, enviro_bucket15(r.ts)) IN (SELECT * FROM unnest($2::bigint[], $3::timestamptz[])))
     GROUP BY 1, 2, 3, 4
     ON CONFLICT (tenant_id, device_id, slot, bucket) DO UPDATE
       SET n = excluded.n, sum = excluded.sum, min = excluded.min, max = excluded.max, first = excluded.first, last = excluded.last`,
    [all, devices, starts],
  );
  // An hour of reading_1h is the sum of its quarters (hours start at :30 UTC).
  const hours = `SELECT DISTINCT device_id, date_bin('1 hour', bucket, timestamptz '2000-01-01 00:30Z') AS hour FROM reading_15m
                 WHERE $1 OR (device_id, bucket) IN (SELECT * FROM unnest($2::bigint[], $3::timestamptz[]))`;
  await database.pool.query(`DELETE FROM reading_1h r USING (${hours}) h WHERE r.device_id = h.device_id AND r.bucket = h.hour`, [all, devices, starts]);
  await database.pool.query(
    `INSERT INTO reading_1h (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last, slots)
     SELECT q.tenant_id, q.device_id, q.slot, h.hour, sum(q.n), sum(q.sum), min(q.min), max(q.max),
            (array_agg(q.first ORDER BY q.bucket))[1], (array_agg(q.last ORDER BY q.bucket DESC))[1], count(*)
     FROM (${hours}) h JOIN reading_15m q ON q.device_id = h.device_id AND q.bucket >= h.hour AND q.bucket < h.hour + interval '1 hour'
     GROUP BY 1, 2, 3, 4`,
    [all, devices, starts],
  );
  // A day of reading_1d is the sum of its hours (days start at 18:30 UTC, India's midnight).
  const days = `SELECT DISTINCT device_id, date_bin('1 day', bucket, timestamptz '2000-01-01 18:30Z') AS day FROM reading_15m
                WHERE $1 OR (device_id, bucket) IN (SELECT * FROM unnest($2::bigint[], $3::timestamptz[]))`;
  await database.pool.query(`DELETE FROM reading_1d r USING (${days}) d WHERE r.device_id = d.device_id AND r.bucket = d.day`, [all, devices, starts]);
  await database.pool.query(
    `INSERT INTO reading_1d (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last, slots)
     SELECT h.tenant_id, h.device_id, h.slot, d.day, sum(h.n), sum(h.sum), min(h.min), max(h.max),
            (array_agg(h.first ORDER BY h.bucket))[1], (array_agg(h.last ORDER BY h.bucket DESC))[1], sum(h.slots)
     FROM (${days}) d JOIN reading_1h h ON h.device_id = d.device_id AND h.bucket >= d.day AND h.bucket < d.day + interval '1 day'
     GROUP BY 1, 2, 3, 4`,
    [all, devices, starts],
  );
  await database.pool.query(
    `DELETE FROM rollup_dirty WHERE $1 OR (device_id, bucket) IN (SELECT * FROM unnest($2::bigint[], $3::timestamptz[]))`,
    [all, devices, starts],
  );
}

/** Marks the buckets holding readings of the device dirty, as ingestion does. */
export async function markDirty(database: TestDatabase, deviceId: number, fromMs: number, toMs: number): Promise<void> {
  await database.pool.query(
    `INSERT INTO rollup_dirty (tenant_id, device_id, bucket)
     SELECT DISTINCT r.tenant_id, r.device_id, enviro_bucket15(r.ts) FROM device d CROSS JOIN LATERAL enviro_readings(d.tenant_id, d.id, $2, $3) r WHERE d.id = $1
     ON CONFLICT DO NOTHING`,
    [deviceId, new Date(fromMs), new Date(toMs)],
  );
}

/** Where the plant's readings are: in raw partitions, or past the window in compacted history. */
export type Storage = 'raw' | 'compacted';
export const STORAGES: readonly Storage[] = ['raw', 'compacted'];

export interface Plant {
  tenantId: number;
  key: string;
  plant: number;
  kilnArea: number;
  stack1: number;
  stack2: number;
  d1: number;
  d2: number;
  /** The devices' access tokens, for ingestion. */
  tokens: { d1: string; d2: string };
  readings: { d1: Reading[]; d2: Reading[] };
}

/**
 * Builds the plant in a new tenant and leaves storage mixed: rollups computed for everything but
 * the late reading, which then arrives and dirties its bucket; and two rollup rows of D1 made wrong
 * on purpose with their buckets marked dirty, so a query that trusted them would fail.
 */
export async function seedPlant(database: TestDatabase, storage: Storage = 'raw'): Promise<Plant> {
  const b = builders(database.db);
  const { id: tenantId } = await b.newTenant({ name: 'Plant Industries' });
  const { id: plant } = await b.newEntity({ tenantId, type: 'group', name: 'Plant' });
  const { id: stack1 } = await b.newEntity({ tenantId, parentId: plant, type: 'cems', name: 'Stack 1' });
  const { id: kilnArea } = await b.newEntity({ tenantId, parentId: plant, type: 'facility', name: 'Kiln Area' });
  const { id: stack2 } = await b.newEntity({ tenantId, parentId: kilnArea, type: 'eqms', name: 'Stack 2' });
  const params = [{ name: 'pm' }, { name: 'so2', unit: 'ppm' }, { name: 'flow' }];
  const { id: d1, accessToken: d1Token } = await b.newDevice({ tenantId, entityId: stack1, tags: { stack: 'Boiler 1' }, params });
  const { id: d2, accessToken: d2Token } = await b.newDevice({ tenantId, entityId: stack2, tags: { stack: 'Kiln' }, params });
  const { key } = await b.newApiKey(tenantId);

  const readings = { d1: d1Readings(), d2: d2Readings() };
  const late = readings.d2[LATE_MINUTE]!;
  await insertReadings(database, tenantId, d1, readings.d1);
  await insertReadings(database, tenantId, d2, readings.d2.filter((r) => r !== late));
  await rollUp(database, 'all');

  await insertReadings(database, tenantId, d2, [late]);
  const spoiled = [Date.parse('2024-03-10T05:00:00Z'), Date.parse('2024-03-10T20:15:00Z')];
  await database.pool.query(
    `UPDATE reading_15m SET sum = -1000, n = 1, min = -1000, max = 1000, first = -1, last = -1
     WHERE device_id = $1 AND bucket = ANY($2::timestamptz[])`,
    [d1, spoiled.map((t) => new Date(t).toISOString())],
  );
  // Their hours hold the spoiled quarters too, as a stale hour would.
  await database.pool.query(
    `UPDATE reading_1h SET sum = -4000, n = 4, min = -1000, max = 1000, first = -1, last = -1
     WHERE device_id = $1 AND bucket = ANY($2::timestamptz[])`,
    [d1, spoiled.map((t) => new Date(Math.floor((t - 30 * MINUTE) / 3_600_000) * 3_600_000 + 30 * MINUTE).toISOString())],
  );
  // And their days (India's, from 18:30 UTC), as a stale day would.
  await database.pool.query(
    `UPDATE reading_1d SET sum = -96000, n = 96, min = -1000, max = 1000, first = -1, last = -1
     WHERE device_id = $1 AND bucket = ANY($2::timestamptz[])`,
    [d1, spoiled.map((t) => new Date(Math.floor((t - 1110 * MINUTE) / 86_400_000) * 86_400_000 + 1110 * MINUTE).toISOString())],
  );
  for (const t of spoiled) await markDirty(database, d1, t, t + 15 * MINUTE);
  if (storage === 'compacted') expect(await compactHistory(database)).toBeGreaterThan(0);
  return { tenantId, key, plant, kilnArea, stack1, stack2, d1, d2, tokens: { d1: d1Token, d2: d2Token }, readings };
}

/** POSTs a request body wrapped under `request` with the tenant's API key. */
export async function post(app: FastifyInstance, url: string, key: string, request: unknown) {
  return app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${key}` }, payload: { request } });
}

type Agg = 'avg' | 'min' | 'max' | 'sum' | 'count' | 'first' | 'last';

/** Buckets of local hours / days in a zone with a fixed offset (minutes east of UTC). */
export const bucketBy = {
  hour: (offsetMinutes: number) => (ts: number) => floorTo(ts, 3_600_000, offsetMinutes),
  day: (offsetMinutes: number) => (ts: number) => floorTo(ts, 86_400_000, offsetMinutes),
};

function floorTo(ts: number, length: number, offsetMinutes: number): number {
  const offset = offsetMinutes * MINUTE;
  return Math.floor((ts + offset) / length) * length - offset;
}

function aggregate(values: readonly number[], agg: Agg): number {
  switch (agg) {
    case 'avg':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'count':
      return values.length;
    case 'first':
      return values[0]!;
    case 'last':
      return values[values.length - 1]!;
  }
}

/**
 * The answer computed the slow, obvious way: each series' readings in [from, to) bucketed and
 * downsampled with dsAgg; with agg, the series' bucket values combined in series order.
 */
export function oracle(
  series: readonly { ts: number; value: number }[][],
  o: { from: number; to: number; bucket: (ts: number) => number; dsAgg: Agg; agg?: Agg },
): { time: number; value: number }[] {
  const perSeries = series.map((readings) => {
    const buckets = new Map<number, number[]>();
    for (const r of readings) {
      if (r.ts < o.from || r.ts >= o.to) continue;
      const b = o.bucket(r.ts);
      const list = buckets.get(b);
      if (list) list.push(r.value);
      else buckets.set(b, [r.value]);
    }
    return new Map([...buckets].map(([b, vs]) => [b, aggregate(vs, o.dsAgg)]));
  });
  if (!o.agg) {
    if (perSeries.length !== 1) throw new Error('oracle: several series need an agg');
    return [...perSeries[0]!].sort((a, b) => a[0] - b[0]).map(([time, value]) => ({ time, value }));
  }
  const times = [...new Set(perSeries.flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);
  return times.map((time) => ({
    time,
    value: aggregate(perSeries.map((m) => m.get(time)).filter((v) => v !== undefined), o.agg!),
  }));
}

/**
 * The data routes serialize their answers as built, without the contract check on the way out:
 * every answer the data tests read is checked here instead, extra fields included (parsing strips
 * them, so the parsed value would differ).
 */
export function conforming<T>(schema: ZodType<T>, body: unknown): T {
  const parsed = schema.parse(body);
  expect(parsed).toEqual(body);
  return parsed;
}
