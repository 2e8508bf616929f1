import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { monthsBetween } from '../platform/database/partitions.ts';
import { PooledRepository } from '../platform/database/pooled-repository.ts';

/**
 * Bulk writes of the demo history. The seed owns fresh devices, so raw rows go straight into
 * `reading` with COPY (no conflicts are possible), and everything derived from them is then built
 * set-based, one statement per table (per month for rollups), scoped to the seeded tenants.
 */
export class HistoryRepository extends PooledRepository {
  /**
   * Streams COPY text lines of [fromMs, toMs] into `reading`. The partitions are ensured in the same
   * transaction, whose enviro_ensure_partitions lock keeps the archive worker from dropping an old,
   * still empty month under the COPY.
   */
  async copyReadings(lines: Iterable<string>, fromMs: number, toMs: number): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT enviro_ensure_partitions($1, $2)', [new Date(fromMs).toISOString(), new Date(toMs).toISOString()]);
      await pipeline(Readable.from(lines), client.query(copyFrom('COPY reading (tenant_id, device_id, ts, vals) FROM STDIN')));
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Builds reading_15m from raw for the tenants, a month per statement so each reads one partition
   * (15-minute buckets never straddle a month), then reading_1h from those quarters and reading_1d
   * from those hours.
   */
  async buildRollups(tenantIds: number[], fromMs: number, toMs: number): Promise<number> {
    let rows = 0;
    for (const month of monthsBetween(fromMs, toMs)) {
      const start = new Date(`${month}-01T00:00:00Z`);
      const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
      const result = await this.pool.query(
        `INSERT INTO reading_15m (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last)
         SELECT tenant_id, device_id, slot, bucket, n, sum, min, max, vs[1], vs[n]
         FROM (
           SELECT r.tenant_id, r.device_id, v.slot::smallint AS slot, enviro_bucket15(r.ts) AS bucket,
                  count(*)::int AS n, sum(v.value) AS sum, min(v.value) AS min, max(v.value) AS max,
                  array_agg(v.value ORDER BY r.ts) AS vs
           FROM reading r CROSS JOIN LATERAL unnest(r.vals) WITH ORDINALITY AS v(value, slot)
           WHERE r.tenant_id = ANY($1) AND r.ts >= $2 AND r.ts < $3 AND v.value IS NOT NULL
           GROUP BY 1, 2, 3, 4
         ) g`,
        [tenantIds, start, end],
      );
      rows += result.rowCount ?? 0;
    }
    await this.buildHoursAndDays(tenantIds, fromMs, toMs);
    return rows;
  }

  /** The hourly and daily rollups of the tenants' quarters in [from, to), as the rollup worker builds them. */
  async buildHoursAndDays(tenantIds: number[], fromMs: number, toMs: number): Promise<void> {
    // Hours from their quarters, in one statement: an hour starting at 23:30 UTC spans two months.
    await this.pool.query(
      `INSERT INTO reading_1h (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last, slots)
       SELECT tenant_id, device_id, slot, enviro_bucket_hour(bucket), sum(n), sum(sum), min(min), max(max),
              (array_agg(first ORDER BY bucket))[1], (array_agg(last ORDER BY bucket DESC))[1], count(*)
       FROM reading_15m
       WHERE tenant_id = ANY($1) AND bucket >= $2 AND bucket < $3
       GROUP BY 1, 2, 3, 4`,
      [tenantIds, new Date(fromMs - 3_600_000), new Date(toMs + 3_600_000)],
    );
    // Days from their hours, likewise.
    await this.pool.query(
      `INSERT INTO reading_1d (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last, slots)
       SELECT tenant_id, device_id, slot, enviro_bucket_day(bucket), sum(n), sum(sum), min(min), max(max),
              (array_agg(first ORDER BY bucket))[1], (array_agg(last ORDER BY bucket DESC))[1], sum(slots)
       FROM reading_1h
       WHERE tenant_id = ANY($1) AND bucket >= $2 AND bucket < $3
       GROUP BY 1, 2, 3, 4`,
      [tenantIds, new Date(fromMs - 86_400_000), new Date(toMs + 86_400_000)],
    );
  }

  /** The newest value of every series, then each device's and station's last_data_at from them. */
  async refreshLatest(tenantIds: number[]): Promise<void> {
    await this.pool.query(
      `INSERT INTO series_latest (tenant_id, device_id, slot, ts, value)
       SELECT p.tenant_id, p.device_id, p.slot, l.ts, l.value
       FROM device_param p
       CROSS JOIN LATERAL (
         SELECT r.ts, r.vals[p.slot] AS value FROM reading r
         WHERE r.tenant_id = p.tenant_id AND r.device_id = p.device_id AND r.vals[p.slot] IS NOT NULL
         ORDER BY r.ts DESC LIMIT 1
       ) l
       WHERE p.tenant_id = ANY($1)
       ON CONFLICT (tenant_id, device_id, slot)
         DO UPDATE SET ts = excluded.ts, value = excluded.value WHERE series_latest.ts < excluded.ts`,
      [tenantIds],
    );
    await this.pool.query(
      `UPDATE device d SET last_data_at = s.ts
       FROM (SELECT tenant_id, device_id, max(ts) AS ts FROM series_latest WHERE tenant_id = ANY($1) GROUP BY 1, 2) s
       WHERE d.tenant_id = s.tenant_id AND d.id = s.device_id`,
      [tenantIds],
    );
    await this.pool.query(
      `UPDATE entity e SET last_data_at = s.ts
       FROM (SELECT tenant_id, entity_id, max(last_data_at) AS ts FROM device
             WHERE tenant_id = ANY($1) AND entity_id IS NOT NULL GROUP BY 1, 2) s
       WHERE e.tenant_id = s.tenant_id AND e.id = s.entity_id AND s.ts IS NOT NULL`,
      [tenantIds],
    );
  }

  /**
   * A SYSTEM alert for every stored reading outside its parameter's limits; with `series`, only for
   * that device parameter's readings in [from, to).
   */
  async raiseAlerts(tenantIds: number[], series?: SeriesRange): Promise<number> {
    const result = await this.pool.query(
      `INSERT INTO alert (tenant_id, device_id, entity_id, slot, std_param_id, type, ts, value, limit_min, limit_max)
       SELECT l.tenant_id, l.device_id, d.entity_id, l.slot, p.std_param_id, 'SYSTEM', r.ts, r.vals[l.slot],
              l.min_value, l.max_value
       FROM param_limit l
       JOIN device_param p ON p.tenant_id = l.tenant_id AND p.device_id = l.device_id AND p.slot = l.slot
       JOIN device d ON d.tenant_id = l.tenant_id AND d.id = l.device_id
       JOIN reading r ON r.tenant_id = l.tenant_id AND r.device_id = l.device_id
       WHERE l.tenant_id = ANY($1) AND (r.vals[l.slot] > l.max_value OR r.vals[l.slot] < l.min_value)
         AND ($2::bigint IS NULL OR (l.device_id = $2 AND l.slot = $3 AND r.ts >= $4 AND r.ts < $5))
       ON CONFLICT (tenant_id, device_id, slot, ts, type) DO NOTHING`,
      [tenantIds, series?.deviceId ?? null, series?.slot ?? null, series?.from ?? null, series?.to ?? null],
    );
    return result.rowCount ?? 0;
  }

  /**
   * Sets every stored reading of one device parameter in [from, to) to `value`, as a correction of
   * raw data, with what ingestion derives from readings: the SYSTEM alerts of values outside the
   * limits raised again for the new values, and the 15-minute slots marked for the rollup worker.
   */
  async rewriteReadings(tenantId: number, series: SeriesRange, value: number): Promise<void> {
    const { deviceId, slot, from, to } = series;
    await this.pool.query(
      `UPDATE reading SET vals[$3] = $6::float8
       WHERE tenant_id = $1 AND device_id = $2 AND ts >= $4 AND ts < $5 AND vals[$3] IS NOT NULL`,
      [tenantId, deviceId, slot, from, to, value],
    );
    await this.pool.query(
      `DELETE FROM alert WHERE tenant_id = $1 AND device_id = $2 AND slot = $3 AND type = 'SYSTEM' AND ts >= $4 AND ts < $5`,
      [tenantId, deviceId, slot, from, to],
    );
    await this.raiseAlerts([tenantId], series);
    await this.pool.query(
      `INSERT INTO rollup_dirty (tenant_id, device_id, bucket)
       SELECT $1, $2, b FROM generate_series($3::timestamptz, $4::timestamptz - interval '15 minutes', interval '15 minutes') b
       ON CONFLICT DO NOTHING`,
      [tenantId, deviceId, from, to],
    );
  }
}

/** One device parameter's readings in [from, to). */
export interface SeriesRange {
  deviceId: string;
  slot: number;
  from: Date;
  to: Date;
}
