import { PooledRepository } from '../../platform/database/pooled-repository.ts';

export interface RefreshOptions {
  /** Most dirty buckets recomputed in one transaction. */
  limit?: number;
  /** Only buckets starting before this instant (the worker leaves the still-open bucket to raw reads). */
  before?: Date;
}

const KEYS = 'unnest($1::int[], $2::bigint[], $3::timestamptz[]) AS m(tenant_id, device_id, bucket)';

// n, sum, min, max, first and last of every series of each marked bucket, from raw rows. first/last are
// the values at the earliest/latest ts (one row per device and instant, so they are well defined).
const RECOMPUTE = `
INSERT INTO reading_15m (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last)
SELECT m.tenant_id, m.device_id, v.slot::smallint, m.bucket, count(*), sum(v.value), min(v.value), max(v.value),
       (array_agg(v.value ORDER BY r.ts))[1], (array_agg(v.value ORDER BY r.ts DESC))[1]
FROM ${KEYS}
JOIN reading r ON r.tenant_id = m.tenant_id AND r.device_id = m.device_id
              AND r.ts >= m.bucket AND r.ts < m.bucket + interval '15 minutes'
CROSS JOIN LATERAL unnest(r.vals) WITH ORDINALITY AS v(value, slot)
WHERE v.value IS NOT NULL
GROUP BY m.tenant_id, m.device_id, v.slot, m.bucket`;

// The hours of the marked buckets (see 015_hour_rollups.sql), from their quarters in reading_15m.
const HOURS = `SELECT DISTINCT m.tenant_id, m.device_id, enviro_bucket_hour(m.bucket) AS bucket FROM ${KEYS}`;

const RECOMPUTE_HOURS = `
INSERT INTO reading_1h (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last, slots)
SELECT h.tenant_id, h.device_id, q.slot, h.bucket, sum(q.n), sum(q.sum), min(q.min), max(q.max),
       (array_agg(q.first ORDER BY q.bucket))[1], (array_agg(q.last ORDER BY q.bucket DESC))[1], count(*)
FROM (${HOURS}) h
JOIN reading_15m q ON q.tenant_id = h.tenant_id AND q.device_id = h.device_id
                  AND q.bucket >= h.bucket AND q.bucket < h.bucket + interval '1 hour'
GROUP BY h.tenant_id, h.device_id, q.slot, h.bucket`;

/**
 * The rollups (reading_15m, reading_1h) and their queue of dirty marks (rollup_dirty, written by the
 * ingestion commit). Pooled (see PooledRepository): a refresh holds its marks in a transaction on one
 * connection.
 */
export class RollupRepository extends PooledRepository {
  /**
   * Recomputes up to `limit` dirty 15-minute buckets from raw readings, and their hours from those
   * quarters, and clears their marks, in one transaction. Marks are taken FOR UPDATE SKIP LOCKED, so
   * several workers share the queue, and an ingesting transaction that touches a held bucket waits and
   * then marks it again (see the telemetry module's readings.repository.ts). Returns how many buckets
   * were refreshed.
   */
  async refresh(options: RefreshOptions = {}): Promise<number> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      try {
        const marks = await client.query<{ tenant_id: number; device_id: string; bucket: Date }>(
          `SELECT tenant_id, device_id, bucket FROM rollup_dirty
           WHERE ($2::timestamptz IS NULL OR bucket < $2) LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [options.limit ?? 500, options.before ?? null],
        );
        if (marks.rows.length > 0) {
          const keys = [marks.rows.map((m) => m.tenant_id), marks.rows.map((m) => m.device_id), marks.rows.map((m) => m.bucket)];
          // Rows first: a series whose readings are gone from a bucket loses its rollup row.
          await client.query(
            `DELETE FROM reading_15m r USING ${KEYS}
             WHERE r.tenant_id = m.tenant_id AND r.device_id = m.device_id AND r.bucket = m.bucket`,
            keys,
          );
          await client.query(RECOMPUTE, keys);
          // Workers refreshing different quarters of one hour would each read the other's quarter as it
          // was before; taken in turn, the last to commit reads every quarter current.
          await client.query(`SELECT pg_advisory_xact_lock(hashtext('enviro_hour_rollups'))`);
          await client.query(
            `DELETE FROM reading_1h r USING (${HOURS}) h
             WHERE r.tenant_id = h.tenant_id AND r.device_id = h.device_id AND r.bucket = h.bucket`,
            keys,
          );
          await client.query(RECOMPUTE_HOURS, keys);
          await client.query(
            `DELETE FROM rollup_dirty d USING ${KEYS}
             WHERE d.tenant_id = m.tenant_id AND d.device_id = m.device_id AND d.bucket = m.bucket`,
            keys,
          );
        }
        await client.query('COMMIT');
        return marks.rows.length;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    } finally {
      client.release();
    }
  }
}
