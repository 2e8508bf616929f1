import { isQuarterHour, QUARTER_HOUR_MS } from '@enviro/domain/interval';
import { MAX_READING_MAGNITUDE } from '@enviro/domain/values';
import { sql } from 'kysely';
import { PooledRepository } from '../../platform/database/pooled-repository.ts';
import { CORRECTED_VALUE } from './corrections.queries.ts';
import { quartersOf } from './readings.queries.ts';

/** One series to read: a device's parameter slot. Its position in the list is its index in answers. */
export interface SeriesKey {
  tenantId: number;
  deviceId: string;
  slot: number;
  /**
   * The slots the series covers, on the 15-minute grid (catalog.ts SeriesRow): from (null: since ever)
   * until (null: still). A series bounded inside the range is read by quarters, never by whole hours.
   */
  fromMs?: number | null | undefined;
  toMs?: number | null | undefined;
}

/** Partial aggregates of one series in one bucket; `slots` counts its 15-minute slots holding data. */
export interface BucketStats {
  series: number;
  bucket: number;
  n: number;
  sum: number;
  /** Smallest value; null unless min was asked for. */
  min: number | null;
  /** Largest value; null unless max was asked for. */
  max: number | null;
  /** Value at the earliest reading; null unless first/last were asked for. */
  first: number | null;
  /** Value at the latest reading; null unless first/last were asked for. */
  last: number | null;
  slots: number;
}

/** One raw reading of one series. */
export interface InstantValue {
  series: number;
  time: number;
  value: number;
}

export interface BucketQuery {
  from: number;
  to: number;
  /** Bucket starts; bucket i holds [starts[i], starts[i + 1]). */
  starts: readonly number[];
  /**
   * The aggregates to compute besides n, sum and slots: each costs its aggregation and, more, its
   * printing as text (first/last also a sort per bucket).
   */
  with: { min: boolean; max: boolean; firstLast: boolean };
  /**
   * The correction layer (180_reading_corrections.sql) over these series in the range: 'none' when no
   * current correction overlaps them (the statement ignores the layer); 'apply' reads raw readings
   * through it, as the rollups do; 'original' answers the readings as received: the corrected
   * quarters are read from raw, uncorrected, as stale ones are. `spans` bounds the corrected quarters.
   */
  corrections?: { mode: 'none' | 'apply' | 'original'; spans: readonly { from: number; to: number }[] };
}

/**
 * The part of [from, to) read from the quarters: the whole 15-minute slots inside the range. It is
 * empty (everything read raw) when a bucket boundary is off the rollup grid, which only happens in
 * zones whose offset is not a multiple of 15 minutes.
 */
export function rollupSpan(query: BucketQuery): { from: number; to: number } {
  const from = Math.ceil(query.from / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const to = Math.floor(query.to / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  if (from >= to || !query.starts.every(isQuarterHour)) return { from: query.to, to: query.to };
  return { from, to };
}

/**
 * A grid of rollup buckets: `length` long, starting `offset` after each multiple of it since the
 * epoch. reading_1h's hours start at :30 UTC and reading_1d's days at 18:30 UTC: the hours and days
 * of India Standard Time (015_hour_rollups.sql, 090_day_rollups.sql).
 */
interface RollupGrid {
  length: number;
  offset: number;
}
const HOURS: RollupGrid = { length: 4 * QUARTER_HOUR_MS, offset: 2 * QUARTER_HOUR_MS };
const DAYS: RollupGrid = { length: 96 * QUARTER_HOUR_MS, offset: 74 * QUARTER_HOUR_MS };

/** The start of the grid's bucket holding an instant, and the end of the one holding the instant before `ms`. */
const floorTo = (grid: RollupGrid, ms: number) => Math.floor((ms - grid.offset) / grid.length) * grid.length + grid.offset;
const ceilTo = (grid: RollupGrid, ms: number) => Math.ceil((ms - grid.offset) / grid.length) * grid.length + grid.offset;
const startsOn = (grid: RollupGrid, ms: number) => floorTo(grid, ms) === ms;

/**
 * The part of a span read from a coarser grid: its whole buckets, when every request bucket starts
 * on that grid (so none of its buckets straddles two of the request's); else empty, at the span's end.
 */
export function wholeSpan(query: BucketQuery, span: { from: number; to: number }, grid: RollupGrid): { from: number; to: number } {
  const from = ceilTo(grid, span.from);
  const to = floorTo(grid, span.to);
  if (from >= to || !query.starts.every((start) => startsOn(grid, start))) return { from: span.to, to: span.to };
  return { from, to };
}

/** The hours (or days) of the grid overlapping a span, clipped to `within`; empty at its end when they do not meet. */
function coveringSpan(span: { from: number; to: number }, grid: RollupGrid, within: { from: number; to: number }): { from: number; to: number } {
  const from = Math.max(within.from, floorTo(grid, span.from));
  const to = Math.min(within.to, ceilTo(grid, span.to));
  return from < to ? { from, to } : { from: within.to, to: within.to };
}

const ts = (ms: number) => new Date(ms).toISOString();

/**
 * A raw value that counts as a reading: within the bound ingestion holds values to. Values stored
 * before it are left out of trends as they are of the rollups (rollups.repository.ts), so every path
 * answers alike and no sum overflows.
 */
const isReading = (value: ReturnType<typeof sql>) => sql`abs(${value}) <= ${sql.lit(MAX_READING_MAGNITUDE)}::float8`;

/** The series as a table `s(tenant_id, device_id, slot, from_ts, to_ts, sid)`: each with the period it covers (±infinity when open). */
export function seriesTable(keys: readonly SeriesKey[]) {
  const from = keys.map((k) => (k.fromMs == null ? '-infinity' : new Date(k.fromMs).toISOString()));
  const to = keys.map((k) => (k.toMs == null ? 'infinity' : new Date(k.toMs).toISOString()));
  return sql`unnest(${keys.map((k) => k.tenantId)}::int[], ${keys.map((k) => k.deviceId)}::bigint[], ${keys.map((k) => k.slot)}::int[],
                    ${from}::timestamptz[], ${to}::timestamptz[])
    WITH ORDINALITY AS s(tenant_id, device_id, slot, from_ts, to_ts, sid)`;
}

/**
 * The values of trends: per series and bucket from the rollups and raw readings, or raw readings
 * one by one. Pooled (see PooledRepository): the bucket statement runs as a named prepared statement.
 */
export class TrendRepository extends PooledRepository {
  /**
   * Per series and bucket: n, sum, min, max, first, last and slots with data, in one statement so the
   * answer is one snapshot while the rollup worker runs.
   *
   * Four grains serve a range, coarsest first: whole India days of reading_1d and whole hours of
   * reading_1h (each when the buckets are made of them), whole 15-minute slots (enviro_quarters) for the
   * rest of the rollup span, and raw readings for the partial slots at the range's edges and for slots
   * marked in rollup_dirty (their rollup is stale or missing). A day with a marked quarter is read by
   * hours, and an hour with one by quarters. Raw readings are first folded into 15-minute partials
   * like the rollups, so all paths combine the same way; `q` (the partial's start) orders partials
   * for first/last, and `slots` counts 15-minute slots for availability.
   */
  async buckets(keys: readonly SeriesKey[], query: BucketQuery): Promise<BucketStats[]> {
    if (keys.length === 0) return [];
    const span = rollupSpan(query);
    const mode = query.corrections?.mode ?? 'none';
    // The original values read every quarter (the corrected ones from raw): with many corrected
    // quarters marked as stale, the hours' and days' branches for stale ones planned as few
    // probed each hour's quarters once per stale hour (0.4 s of a 30-day trend with a week corrected).
    const hours = mode === 'original' ? { from: span.to, to: span.to } : wholeSpan(query, span, HOURS);
    const days = wholeSpan(query, hours, DAYS);
    // Sent once and read through an InitPlan: the branches would otherwise each carry the whole array.
    const starts = sql`(SELECT starts FROM grid)`;
    // Planning the statement over every monthly partition of a long range cost more than running it
    // (3 years: 25-100 ms to plan, 16-30 ms to run). The branches for stale slots and for series a
    // mount bounds are planned only over where they can find rows: the span of the marks, asked for
    // first, and not at all when no series is bounded. A mark written between the two reads is left
    // to the next request, as one written just after the statement would be.
    const dirtySpan = widened(await this.dirtySpan(keys, span), mode === 'original' ? query.corrections!.spans : [], span);
    const dirtyHours = coveringSpan(dirtySpan, HOURS, hours);
    const dirtyDays = coveringSpan(dirtySpan, DAYS, days);
    const anyBounded = keys.some((k) => (k.fromMs != null && k.fromMs > hours.from) || (k.toMs != null && k.toMs < hours.to));
    const [from, to, rollupFrom, rollupTo, hourFrom, hourTo, dayFrom, dayTo] = [query.from, query.to, span.from, span.to, hours.from, hours.to, days.from, days.to].map(ts) as [string, string, string, string, string, string, string, string];
    const [dirtyFrom, dirtyTo, dirtyHourFrom, dirtyHourTo, dirtyDayFrom, dirtyDayTo] = [dirtySpan.from, dirtySpan.to, dirtyHours.from, dirtyHours.to, dirtyDays.from, dirtyDays.to].map(ts) as [string, string, string, string, string, string];
    const { firstLast } = query.with;
    const rawFirst = firstLast ? sql`(array_agg(v.value ORDER BY raw.ts))[1]` : sql`NULL::float8`;
    const rawLast = firstLast ? sql`(array_agg(v.value ORDER BY raw.ts DESC))[1]` : sql`NULL::float8`;
    const first = firstLast ? sql`(array_agg(first ORDER BY q))[1]` : sql`NULL::float8`;
    const last = firstLast ? sql`(array_agg(last ORDER BY q DESC))[1]` : sql`NULL::float8`;
    const min = query.with.min ? sql`min(min)` : sql`NULL::float8`;
    const max = query.with.max ? sql`max(max)` : sql`NULL::float8`;
    // Rows of a rollup table, kept out when stale: `stale` names the CTE of its marked buckets.
    // `rows` joins the rollup's rows of each series `s` as r.
    const rollup = (rows: ReturnType<typeof sql>, slots: ReturnType<typeof sql>, stale: 'dirty_day' | 'dirty_hour' | 'dirty', where: ReturnType<typeof sql>) => sql`
        SELECT s.sid, width_bucket(r.bucket, ${starts}) AS b, r.bucket AS q,
               r.n, r.sum, r.min, r.max, r.first, r.last, ${slots} AS slots
        FROM s
        ${rows}
        WHERE ${where}
          -- NOT IN over the few dirty marks runs as one hashed lookup; NOT EXISTS planned a nested loop.
          AND (r.tenant_id, r.device_id, r.bucket) NOT IN (SELECT tenant_id, device_id, bucket FROM ${sql.table(stale)})`;
    // Hours of series no mount bounds, clean ones only (a marked hour is read by quarters below).
    const table = (name: 'reading_1d' | 'reading_1h') => sql`JOIN ${sql.table(name)} r ON r.tenant_id = s.tenant_id AND r.device_id = s.device_id AND r.slot = s.slot`;
    const hoursOf = (where: ReturnType<typeof sql>) => rollup(table('reading_1h'), sql`r.slots`, 'dirty_hour', sql`NOT s.bounded AND ${where}`);
    // Quarters in [lo, hi), raw and compacted alike (enviro_quarters, 240_quarter_archive.sql).
    const quarters = (lo: string, hi: string, where: ReturnType<typeof sql>) =>
      rollup(sql`CROSS JOIN LATERAL ${quartersOf(sql`s.tenant_id`, sql`s.device_id`, lo, hi, sql`s.slot`)} r`, sql`1`, 'dirty', sql`${where} AND r.bucket >= s.from_ts AND r.bucket < s.to_ts`);

    // One text value instead of a protocol row per (series, bucket): Node spends more decoding thousands
    // of rows than PostgreSQL spends producing them (measured on the bench trend: 23 ms for rows, 19 ms
    // for this; json_agg was slower than rows). float8 prints in its shortest exact form, so values
    // come back unchanged.
    const rows = await this.prepared(sql<{ stats: string | null }>`
      WITH grid AS (SELECT ${query.starts.map(ts)}::timestamptz[] AS starts),
      s AS (SELECT *, (from_ts > ${hourFrom}::timestamptz OR to_ts < ${hourTo}::timestamptz) AS bounded FROM ${seriesTable(keys)}),
      d AS (SELECT DISTINCT tenant_id, device_id FROM s),
      ${
        mode === 'none'
          ? sql``
          : sql`corr AS MATERIALIZED (
        SELECT s.sid, c.tenant_id, c.device_id, c.starts_at, c.ends_at, c.kind, c.factor, c.value_offset
        FROM s JOIN reading_correction c ON c.tenant_id = s.tenant_id AND c.device_id = s.device_id AND c.slot = s.slot
        WHERE c.superseded_at IS NULL AND c.starts_at < ${to} AND c.ends_at > ${from}
      ),`
      }
      dirty AS (
        SELECT m.tenant_id, m.device_id, m.bucket
        FROM rollup_dirty m JOIN d USING (tenant_id, device_id)
        WHERE m.bucket >= ${dirtyFrom} AND m.bucket < ${dirtyTo}
        ${
          mode === 'original'
            ? sql`-- The corrected quarters, read from raw as received.
        UNION
        SELECT c.tenant_id, c.device_id, q.bucket
        FROM corr c CROSS JOIN LATERAL generate_series(enviro_bucket15(c.starts_at), c.ends_at - interval '1 microsecond', interval '15 minutes') AS q(bucket)
        WHERE q.bucket >= ${dirtyFrom} AND q.bucket < ${dirtyTo}`
            : sql``
        }
      ),
      dirty_hour AS (
        SELECT DISTINCT tenant_id, device_id, enviro_bucket_hour(bucket) AS bucket
        FROM dirty WHERE bucket >= ${hourFrom} AND bucket < ${hourTo}
      ),
      dirty_day AS (
        SELECT DISTINCT tenant_id, device_id, enviro_bucket_day(bucket) AS bucket
        FROM dirty WHERE bucket >= ${dayFrom} AND bucket < ${dayTo}
      ),
      raw AS (
        SELECT x.tenant_id, x.device_id, x.ts, x.vals
        FROM d CROSS JOIN LATERAL enviro_readings(d.tenant_id, d.device_id, ${from}, ${rollupFrom}) x
        UNION ALL
        SELECT x.tenant_id, x.device_id, x.ts, x.vals
        FROM d CROSS JOIN LATERAL enviro_readings(d.tenant_id, d.device_id, ${rollupTo}, ${to}) x
        UNION ALL
        ${
          mode === 'original'
            ? sql`-- A probe of the key per quarter: a week's corrected quarters joined by device alone compared
        -- every reading of the week with every quarter (6.7 million pairs, 0.7 s).
        SELECT x.tenant_id, x.device_id, x.ts, x.vals
        FROM dirty m
        CROSS JOIN LATERAL (
          SELECT x.tenant_id, x.device_id, x.ts, x.vals
          FROM enviro_readings(m.tenant_id, m.device_id, m.bucket, m.bucket + interval '15 minutes') x
          WHERE x.ts >= ${dirtyFrom} AND x.ts < ${dirtyTo}
          OFFSET 0 -- not flattened into that join
        ) x`
            : sql`SELECT x.tenant_id, x.device_id, x.ts, x.vals
        FROM dirty m
        CROSS JOIN LATERAL enviro_readings(m.tenant_id, m.device_id, m.bucket, m.bucket + interval '15 minutes') x
        WHERE x.ts >= ${dirtyFrom} AND x.ts < ${dirtyTo}`
        }
      ),
      parts AS (
        ${rollup(table('reading_1d'), sql`r.slots`, 'dirty_day', sql`NOT s.bounded AND r.bucket >= ${dayFrom} AND r.bucket < ${dayTo}`)}
        UNION ALL
        ${hoursOf(sql`r.bucket >= ${hourFrom} AND r.bucket < ${dayFrom}`)}
        UNION ALL
        ${hoursOf(sql`r.bucket >= ${dayTo} AND r.bucket < ${hourTo}`)}
        UNION ALL
        ${hoursOf(sql`(r.tenant_id, r.device_id, enviro_bucket_day(r.bucket)) IN (SELECT tenant_id, device_id, bucket FROM dirty_day)
          AND r.bucket >= ${dirtyDayFrom} AND r.bucket < ${dirtyDayTo}`)}
        UNION ALL
        ${quarters(rollupFrom, hourFrom, sql`true`)}
        UNION ALL
        ${quarters(hourTo, rollupTo, sql`true`)}
        UNION ALL
        ${quarters(dirtyHourFrom, dirtyHourTo, sql`(r.tenant_id, r.device_id, enviro_bucket_hour(r.bucket)) IN (SELECT tenant_id, device_id, bucket FROM dirty_hour)`)}
        UNION ALL
        ${
          anyBounded
            ? sql`-- Series bounded by a mount inside the range read their hours by quarters (dirty hours are above).
        ${quarters(hourFrom, hourTo, sql`s.bounded
          AND (r.tenant_id, r.device_id, enviro_bucket_hour(r.bucket)) NOT IN (SELECT tenant_id, device_id, bucket FROM dirty_hour)`)}
        UNION ALL`
            : sql``
        }
        SELECT s.sid, width_bucket(raw.ts, ${starts}) AS b, enviro_bucket15(raw.ts) AS q,
               count(*)::int, sum(v.value), min(v.value), max(v.value), ${rawFirst}, ${rawLast}, 1
        FROM raw
        JOIN s ON s.tenant_id = raw.tenant_id AND s.device_id = raw.device_id AND raw.ts >= s.from_ts AND raw.ts < s.to_ts
        ${
          mode === 'apply'
            ? sql`LEFT JOIN corr c ON c.sid = s.sid AND raw.ts >= c.starts_at AND raw.ts < c.ends_at
        CROSS JOIN LATERAL (SELECT ${sql.raw(CORRECTED_VALUE('raw.vals[s.slot]', 'c'))} AS value) v`
            : sql`CROSS JOIN LATERAL (SELECT raw.vals[s.slot] AS value) v`
        }
        WHERE ${isReading(sql`v.value`)}
        GROUP BY s.sid, 2, 3
      )
      SELECT '[' || string_agg(concat_ws(',', series, bucket, n, sum, coalesce(min::text, 'null'), coalesce(max::text, 'null'),
                                         coalesce(first::text, 'null'), coalesce(last::text, 'null'), slots), ',') || ']' AS stats
      FROM (
        SELECT sid::int - 1 AS series, b - 1 AS bucket, sum(n)::int AS n, sum(sum) AS sum, ${min} AS min, ${max} AS max,
               ${first} AS first, ${last} AS last, sum(slots)::int AS slots
        FROM parts
        GROUP BY sid, b
      ) g`, { generic: true });
    return unpack(rows[0]?.stats ?? null);
  }

  /** The 15-minute slots of the series' devices marked stale within the span, as [first, after last); empty at the span's end when none. */
  private async dirtySpan(keys: readonly SeriesKey[], span: { from: number; to: number }): Promise<{ from: number; to: number }> {
    const none = { from: span.to, to: span.to };
    if (span.from >= span.to) return none;
    const devices = [...new Map(keys.map((k) => [`${k.tenantId}:${k.deviceId}`, k])).values()];
    const rows = await this.prepared(sql<{ first: Date | null; last: Date | null }>`
      SELECT min(m.bucket) AS first, max(m.bucket) AS last
      FROM rollup_dirty m
      JOIN unnest(${devices.map((k) => k.tenantId)}::int[], ${devices.map((k) => k.deviceId)}::bigint[]) AS d(tenant_id, device_id)
        ON m.tenant_id = d.tenant_id AND m.device_id = d.device_id
      WHERE m.bucket >= ${ts(span.from)} AND m.bucket < ${ts(span.to)}`);
    const { first, last } = rows[0] ?? { first: null, last: null };
    if (!first || !last) return none;
    return { from: first.getTime(), to: last.getTime() + QUARTER_HOUR_MS };
  }

  /**
   * Raw readings of the series in [from, to), by series then time; at most `limit` rows. With
   * `corrections` 'apply', through the correction layer (the readings a current correction covers
   * take its value, or none); otherwise as received.
   */
  async instances(keys: readonly SeriesKey[], from: number, to: number, limit: number, corrections: 'none' | 'apply' | 'original' = 'none'): Promise<InstantValue[]> {
    if (keys.length === 0) return [];
    const apply = corrections === 'apply';
    const result = await sql<{ series: number; ts: Date; value: number }>`
      SELECT p.series, p.ts, p.value FROM (
        SELECT s.sid::int - 1 AS series, s.sid, x.ts, ${apply ? sql.raw(CORRECTED_VALUE('x.vals[s.slot]', 'c')) : sql`x.vals[s.slot]`} AS value
        FROM ${seriesTable(keys)}
        CROSS JOIN LATERAL enviro_readings(s.tenant_id, s.device_id, ${ts(from)}, ${ts(to)}) x
        ${
          apply
            ? sql`LEFT JOIN LATERAL (
          SELECT c.kind, c.factor, c.value_offset FROM reading_correction c
          WHERE c.tenant_id = s.tenant_id AND c.device_id = s.device_id AND c.slot = s.slot AND c.superseded_at IS NULL
            AND x.ts >= c.starts_at AND x.ts < c.ends_at
          LIMIT 1) c ON true`
            : sql``
        }
        WHERE x.ts >= s.from_ts AND x.ts < s.to_ts
      ) p
      WHERE ${isReading(sql`p.value`)}
      ORDER BY p.sid, p.ts
      LIMIT ${limit}`.execute(this.db);
    return result.rows.map((r) => ({ series: r.series, time: r.ts.getTime(), value: r.value }));
  }
}

/** The stale span widened to the corrected quarters inside the rollup span (their 15-minute grid). */
function widened(dirty: { from: number; to: number }, spans: readonly { from: number; to: number }[], span: { from: number; to: number }): { from: number; to: number } {
  let { from, to } = dirty.from < dirty.to ? dirty : { from: Infinity, to: -Infinity };
  for (const c of spans) {
    const f = Math.max(span.from, Math.floor(c.from / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
    const t = Math.min(span.to, Math.ceil(c.to / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
    if (f < t) {
      from = Math.min(from, f);
      to = Math.max(to, t);
    }
  }
  return from < to ? { from, to } : dirty;
}

const FIELDS = 9;

/**
 * BucketStats from the packed answer: a JSON array of numbers, nine per (series, bucket): series,
 * bucket, n, sum, min, max, first, last (those four null when not asked for), slots. JSON.parse is native;
 * splitting the same text in JavaScript took five times as long.
 */
export function unpack(packed: string | null): BucketStats[] {
  if (!packed) return [];
  const v = JSON.parse(packed) as (number | null)[];
  const out = new Array<BucketStats>(v.length / FIELDS);
  for (let i = 0, k = 0; i < v.length; i += FIELDS, k++) {
    out[k] = {
      series: v[i]!,
      bucket: v[i + 1]!,
      n: v[i + 2]!,
      sum: v[i + 3]!,
      min: v[i + 4] ?? null,
      max: v[i + 5] ?? null,
      first: v[i + 6] ?? null,
      last: v[i + 7] ?? null,
      slots: v[i + 8]!,
    };
  }
  return out;
}
