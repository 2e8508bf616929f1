import { MAX_READING_MAGNITUDE } from '@enviro/domain/values';
import type pg from 'pg';
import { PooledRepository } from '../../platform/database/pooled-repository.ts';
import { CORRECTED_VALUE } from './corrections.queries.ts';

export interface RefreshOptions {
  /** Most dirty buckets recomputed in one transaction. */
  limit?: number;
  /** Only buckets starting before this instant (the worker leaves the still-open bucket to raw reads). */
  before?: Date;
}

const KEYS = 'unnest($1::int[], $2::bigint[], $3::timestamptz[]) AS m(tenant_id, device_id, bucket)';

// The rollups' primary keys are (tenant, device, slot, bucket). Matched by device and bucket with the
// slot left open, each mark walked every row of the device in the month's partition (every parameter,
// every bucket so far), more with every day of the month. The marks are therefore first expanded to
// the device's parameters (a slot is never reused, and ingestion writes a reading's values at its
// device's slots only), MATERIALIZED so the planner probes the full key per row: a delete of 2,500
// quarters among 1.9 million took 16.6 ms so, against 755 ms hashed over the partition.
const SLOTS_OF = (bucket: string) => `
SELECT DISTINCT m.tenant_id, m.device_id, s.slot, ${bucket} AS bucket FROM ${KEYS}
JOIN device_param s ON s.tenant_id = m.tenant_id AND s.device_id = m.device_id`;
const QUARTER_KEYS = SLOTS_OF('m.bucket');
const HOUR_KEYS = SLOTS_OF('enviro_bucket_hour(m.bucket)');
const DAY_KEYS = SLOTS_OF('enviro_bucket_day(m.bucket)');

const deleteKeys = (table: string, keys: string) => `
WITH k AS MATERIALIZED (${keys})
DELETE FROM ${table} r USING k
WHERE r.tenant_id = k.tenant_id AND r.device_id = k.device_id AND r.slot = k.slot AND r.bucket = k.bucket`;

// A row at a slot outside the device's parameters (never written by ingestion) is overwritten
// rather than failing its bucket.
const UPSERT = `ON CONFLICT (tenant_id, device_id, slot, bucket) DO UPDATE
  SET n = excluded.n, sum = excluded.sum, min = excluded.min, max = excluded.max, first = excluded.first, last = excluded.last`;

// n, sum, min, max, first and last of every series of each marked bucket, from raw rows (raw and
// archived alike: enviro_readings, 220_reading_archive.sql). first/last are
// the values at the earliest/latest ts (one row per device and instant, so they are well defined).
// Values beyond the readings' bound (stored before ingestion refused them) are left out: two near the
// float maximum have no float sum, and the bound keeps every sum finite.
// The marks are read by runs: a device's consecutive marked buckets (a gateway's backlog of 100
// minutes marks seven or eight) are one probe of the primary key over the run, grouped by bucket,
// rather than one probe each; a pass of 500 marks of the ingest bench took 80 ms so against 230.
// Each run is read by its own probe (a LATERAL aggregate, which the planner cannot flatten), where
// the partition holding it is chosen as the probe runs. Joined flat, the
// planner does not count that pruning: it priced a probe at every monthly partition, and with a
// couple of dozen months it read the whole of the reading table by a hash or merge join, every pass (a
// million rows and 300-600 ms a pass of 2,500 buckets in the full bench, growing with history).
const RUNS = `(
  SELECT tenant_id, device_id, min(bucket) AS lo, max(bucket) + interval '15 minutes' AS hi
  FROM (
    SELECT tenant_id, device_id, bucket, bucket - row_number() OVER (PARTITION BY tenant_id, device_id ORDER BY bucket) * interval '15 minutes' AS run
    FROM (SELECT DISTINCT * FROM ${KEYS}) m
  ) g
  GROUP BY tenant_id, device_id, run
)`;
const recomputeSql = (corrected: boolean) => `
INSERT INTO reading_15m (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last)
SELECT k.tenant_id, k.device_id, a.slot, a.bucket, a.n, a.sum, a.min, a.max, a.first, a.last
FROM ${RUNS} k
CROSS JOIN LATERAL (
  SELECT enviro_bucket15(r.ts) AS bucket, v.slot::smallint AS slot, count(*) AS n, sum(v.value) AS sum, min(v.value) AS min, max(v.value) AS max,
         (array_agg(v.value ORDER BY r.ts))[1] AS first, (array_agg(v.value ORDER BY r.ts DESC))[1] AS last
  FROM enviro_readings(k.tenant_id, k.device_id, k.lo, k.hi) r
  CROSS JOIN LATERAL unnest(r.vals) WITH ORDINALITY AS u(value, slot)
  ${
    corrected
      ? `LEFT JOIN reading_correction c ON c.tenant_id = r.tenant_id AND c.device_id = r.device_id AND c.slot = u.slot
           AND c.superseded_at IS NULL AND r.ts >= c.starts_at AND r.ts < c.ends_at
  CROSS JOIN LATERAL (SELECT ${CORRECTED_VALUE('u.value', 'c')} AS value, u.slot) v`
      : 'CROSS JOIN LATERAL (SELECT u.value, u.slot) v'
  }
  WHERE v.value IS NOT NULL AND abs(v.value) <= ${MAX_READING_MAGNITUDE}::float8
  GROUP BY 1, 2
) a
${UPSERT}`;
const RECOMPUTE = recomputeSql(false);
// The same over the correction layer (180_reading_corrections.sql), taken only when a current
// correction overlaps one of the marks: the plain statement stays the one of every other pass.
const RECOMPUTE_CORRECTED = recomputeSql(true);
const ANY_CORRECTION = `
SELECT EXISTS (
  SELECT 1 FROM ${KEYS}
  JOIN reading_correction c ON c.tenant_id = m.tenant_id AND c.device_id = m.device_id AND c.superseded_at IS NULL
   AND c.starts_at < m.bucket + interval '15 minutes' AND c.ends_at > m.bucket
) AS any`;

// The hours of the marked buckets (see 015_hour_rollups.sql), from their quarters (enviro_slot_quarters),
// and the India days (see 090_day_rollups.sql) from their hours in reading_1h: each a probe of the
// rollup's primary key per series and period, as RECOMPUTE's (HAVING drops a period left empty).
const ROLL_UP = (table: string, keys: string, from: string, slots: string) => `
WITH k AS MATERIALIZED (${keys})
INSERT INTO ${table} (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last, slots)
SELECT k.tenant_id, k.device_id, k.slot, k.bucket, a.n, a.sum, a.min, a.max, a.first, a.last, a.slots
FROM k
CROSS JOIN LATERAL (
  SELECT sum(q.n) AS n, sum(q.sum) AS sum, min(q.min) AS min, max(q.max) AS max,
         (array_agg(q.first ORDER BY q.bucket))[1] AS first, (array_agg(q.last ORDER BY q.bucket DESC))[1] AS last,
         ${slots} AS slots
  FROM ${from} q
  HAVING count(*) > 0
) a
${UPSERT}, slots = excluded.slots`;
const RECOMPUTE_HOURS = ROLL_UP('reading_1h', HOUR_KEYS, `enviro_slot_quarters(k.tenant_id, k.device_id, k.slot, k.bucket, k.bucket + interval '1 hour')`, 'count(*)');
const RECOMPUTE_DAYS = ROLL_UP(
  'reading_1d',
  DAY_KEYS,
  `(SELECT * FROM reading_1h h WHERE h.tenant_id = k.tenant_id AND h.device_id = k.device_id AND h.slot = k.slot AND h.bucket >= k.bucket AND h.bucket < k.bucket + interval '1 day')`,
  'sum(q.slots)',
);

/** A dirty bucket: one device's 15-minute bucket. */
export interface BucketMark {
  tenantId: number;
  deviceId: string;
  bucket: Date;
}

/** A bucket whose rollup failed in a pass: left marked, tried again from `nextTry`. */
export interface FailedBucket extends BucketMark {
  /** Failures in a row, this one included. */
  attempts: number;
  error: string;
  nextTry: Date;
}

export interface RefreshResult {
  /** Buckets recomputed and cleared. */
  refreshed: number;
  /** Buckets that failed, with their retry state. */
  failed: FailedBucket[];
}

// The pause before a failed bucket's next try: 30 s, doubling with each failure, at most an hour.
const NEXT_TRY = `now() + least(interval '1 hour', interval '30 seconds' * 2 ^ least(d.attempts, 12))`;

/**
 * The rollups (reading_15m, reading_1h, reading_1d) and their queue of dirty marks (rollup_dirty, written by the
 * ingestion commit). Pooled (see PooledRepository): a refresh holds its marks in a transaction on one
 * connection.
 */
export class RollupRepository extends PooledRepository {
  /** Dirty buckets waiting for the rollup worker, and those of them whose last recompute failed. */
  async backlog(): Promise<{ dirty: number; failing: number }> {
    const { rows } = await this.pool.query<{ dirty: number; failing: number }>(
      'SELECT count(*)::int AS dirty, count(*) FILTER (WHERE attempts > 0)::int AS failing FROM rollup_dirty',
    );
    return rows[0]!;
  }

  /**
   * Recomputes up to `limit` dirty 15-minute buckets from raw readings, their hours from those
   * quarters and their days from those hours, and clears their marks, in one transaction. Marks are taken FOR UPDATE SKIP LOCKED, so
   * several workers share the queue, and an ingesting transaction that touches a held bucket waits and
   * then marks it again (see the telemetry module's readings.repository.ts).
   *
   * The buckets are recomputed together, set-based; should that fail, the set is halved under
   * savepoints until the failing buckets stand alone, so one tenant's bucket never holds back the rest.
   * A failing bucket keeps its mark with its retry state (attempts, last_error, next_try: 018_rollup_retry.sql)
   * and is not taken again before next_try; queries read it from raw meanwhile.
   */
  async refresh(options: RefreshOptions = {}): Promise<RefreshResult> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      try {
        const { rows } = await client.query<{ tenant_id: number; device_id: string; bucket: Date }>(
          `SELECT tenant_id, device_id, bucket FROM rollup_dirty
           WHERE ($2::timestamptz IS NULL OR bucket < $2) AND (next_try IS NULL OR next_try <= now())
           LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [options.limit ?? 500, options.before ?? null],
        );
        const marks = rows.map((m) => ({ tenantId: m.tenant_id, deviceId: m.device_id, bucket: m.bucket }));
        const errors = marks.length > 0 ? await recomputeIsolated(client, marks) : [];
        const failed: FailedBucket[] = [];
        for (const { mark, error } of errors) failed.push({ ...mark, ...(await recordFailure(client, mark, error)) });
        await client.query('COMMIT');
        return { refreshed: marks.length - failed.length, failed };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    } finally {
      client.release();
    }
  }
}

/** Recomputes the marks under a savepoint, halving a failing set; returns the buckets that fail alone. */
async function recomputeIsolated(client: pg.PoolClient, marks: readonly BucketMark[]): Promise<{ mark: BucketMark; error: unknown }[]> {
  await client.query('SAVEPOINT rollup');
  try {
    await recompute(client, marks);
    await client.query('RELEASE SAVEPOINT rollup');
    return [];
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT rollup');
    await client.query('RELEASE SAVEPOINT rollup');
    if (marks.length === 1) return [{ mark: marks[0]!, error }];
    const half = Math.ceil(marks.length / 2);
    return [...(await recomputeIsolated(client, marks.slice(0, half))), ...(await recomputeIsolated(client, marks.slice(half)))];
  }
}

/** Runs one statement with positional parameters: a pool client's query, or a Kysely transaction's. */
export type Execute = { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };

async function recompute(client: Execute, marks: readonly BucketMark[]): Promise<void> {
  const keys = [marks.map((m) => m.tenantId), marks.map((m) => m.deviceId), marks.map((m) => m.bucket)];
  // A day's quarters are raw or compacted, never both (240_quarter_archive.sql): compacted ones of
  // the marks' days go back to reading_15m before any is rewritten.
  await client.query(`SELECT enviro_quarters_restore($1::int[], $2::bigint[], array(SELECT enviro_bucket_day(b) FROM unnest($3::timestamptz[]) AS b))`, keys);
  // Rows first: a series whose readings are gone from a bucket loses its rollup row.
  await client.query(deleteKeys('reading_15m', QUARTER_KEYS), keys);
  const [corrected] = (await client.query(ANY_CORRECTION, keys)).rows as { any: boolean }[];
  await client.query(corrected?.any ? RECOMPUTE_CORRECTED : RECOMPUTE, keys);
  // Workers refreshing different quarters of one hour (or hours of one day) would each read the
  // other's as it was before; taken in turn, the last to commit reads every one current.
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('enviro_hour_rollups'))`, []);
  await client.query(deleteKeys('reading_1h', HOUR_KEYS), keys);
  await client.query(RECOMPUTE_HOURS, keys);
  await client.query(deleteKeys('reading_1d', DAY_KEYS), keys);
  await client.query(RECOMPUTE_DAYS, keys);
  // Every consumer of closed slots (alerts, regulator push) gets the recomputed slots in this
  // transaction, so none misses a slot the rollup committed (019_slot_changes_and_suppression.sql).
  // New rows only: a queued row may be held by a consumer's pass (091_slot_change_append_only.sql).
  await client.query(
    `INSERT INTO slot_change (tenant_id, consumer, device_id, bucket)
     SELECT m.tenant_id, c.name, m.device_id, m.bucket FROM ${KEYS} CROSS JOIN slot_consumer c`,
    keys,
  );
  await client.query(
    `DELETE FROM rollup_dirty d USING ${KEYS}
     WHERE d.tenant_id = m.tenant_id AND d.device_id = m.device_id AND d.bucket = m.bucket`,
    keys,
  );
}

/**
 * Recomputes the rollups of the buckets in the caller's transaction, as a pass of the worker would,
 * feeding the closed-slot consumers and clearing any marks of them: applying a correction does this,
 * so the transaction that records it commits the corrected figures with it (CorrectionLayer).
 */
export async function recomputeInTransaction(client: Execute, marks: readonly BucketMark[]): Promise<void> {
  if (marks.length === 0) return;
  const keys = [marks.map((m) => m.tenantId), marks.map((m) => m.deviceId), marks.map((m) => m.bucket)];
  // Archived days of the buckets become raw again, as ingestion of late readings makes them (their
  // quarters come back in `recompute`), so the archive worker compacts readings and quarters again:
  // a corrected day is never left with raw quarters beside archived readings.
  await client.query('SELECT enviro_archive_restore($1::int[], $2::bigint[], $3::bigint[], $4::bigint[])', [
    keys[0],
    keys[1],
    marks.map((m) => m.bucket.getTime()),
    marks.map((m) => m.bucket.getTime() + 15 * 60_000 - 1),
  ]);
  // The buckets' marks first, before any lock a worker pass waits for (the hours' advisory lock): a
  // pass holding one of them ends first, and ingestion marking them again waits for this commit.
  await client.query(
    `DELETE FROM rollup_dirty d USING ${KEYS}
     WHERE d.tenant_id = m.tenant_id AND d.device_id = m.device_id AND d.bucket = m.bucket`,
    keys,
  );
  await recompute(client, marks);
}

async function recordFailure(client: pg.PoolClient, mark: BucketMark, error: unknown): Promise<Pick<FailedBucket, 'attempts' | 'error' | 'nextTry'>> {
  const message = error instanceof Error ? error.message : String(error);
  const { rows } = await client.query<{ attempts: number; next_try: Date }>(
    `UPDATE rollup_dirty d SET attempts = d.attempts + 1, last_error = $4, next_try = ${NEXT_TRY}
     WHERE d.tenant_id = $1 AND d.device_id = $2 AND d.bucket = $3
     RETURNING d.attempts, d.next_try`,
    [mark.tenantId, mark.deviceId, mark.bucket, message],
  );
  return { attempts: rows[0]!.attempts, error: message, nextTry: rows[0]!.next_try };
}
