import { PooledRepository } from '../../platform/database/pooled-repository.ts';

export interface CompactOptions {
  /** Days of raw readings kept before a day is archived: the back-fill window (ARCHIVE_AFTER_DAYS). */
  afterDays: number;
  /** Devices taken in one pass, each in a transaction of its own. */
  devices?: number;
  /** India days of one device archived in one transaction. */
  days?: number;
}

export interface CompactResult {
  /** Device ranges archived (a device locked by another server is left to it). */
  ranges: number;
  /** Values moved into reading_archive (their quarters move into reading_15m_archive with them). */
  values: number;
}

// The start of the India day holding now - afterDays: days before it are past the window.
const CUTOFF = `enviro_bucket_day(now() - make_interval(days => $1::int))`;

// The devices with raw readings before the cutoff and the day of each one's oldest: a loose scan of
// reading's primary key, one descent to the next device and one to its oldest reading before the
// cutoff, so a pass costs the same whatever the history. (Asking for the next device with a reading
// before the cutoff walked every newer reading of each device on the way: a week of a fleet a pass.)
// The recursion runs only as far as the LIMIT needs.
const CANDIDATES = `
WITH RECURSIVE d AS (
  (SELECT r.tenant_id, r.device_id FROM reading r ORDER BY r.tenant_id, r.device_id LIMIT 1)
  UNION ALL
  SELECT n.tenant_id, n.device_id FROM d
  CROSS JOIN LATERAL (
    SELECT r.tenant_id, r.device_id FROM reading r
    WHERE (r.tenant_id, r.device_id) > (d.tenant_id, d.device_id)
    ORDER BY r.tenant_id, r.device_id LIMIT 1
  ) n
)
SELECT d.tenant_id, d.device_id::text, enviro_bucket_day(o.ts) AS first_day, ${CUTOFF} AS cutoff
FROM d
CROSS JOIN LATERAL (
  SELECT min(r.ts) AS ts FROM reading r WHERE r.tenant_id = d.tenant_id AND r.device_id = d.device_id AND r.ts < ${CUTOFF}
) o
WHERE o.ts IS NOT NULL
LIMIT $2`;

/**
 * Compacted history (220_reading_archive.sql): moves raw readings older than the back-fill window
 * into reading_archive, one device's days per transaction, and drops the monthly partitions of
 * `reading` left empty. Its state is the raw table itself (what is left before the cutoff is what is
 * left to do), so a pass killed anywhere loses nothing and any server may take up the rest; a
 * device's archiving holds its enviro_archive_lock, which ingestion of its old readings waits for.
 */
export class ArchiveRepository extends PooledRepository {
  async compact(options: CompactOptions): Promise<CompactResult> {
    const { rows } = await this.pool.query<{ tenant_id: number; device_id: string; first_day: Date; cutoff: Date }>(CANDIDATES, [
      options.afterDays,
      options.devices ?? 20,
    ]);
    const dayMs = 24 * 3600 * 1000;
    let ranges = 0;
    let values = 0;
    for (const c of rows) {
      const to = new Date(Math.min(c.first_day.getTime() + (options.days ?? 7) * dayMs, c.cutoff.getTime()));
      const moved = await this.archiveRange(c.tenant_id, c.device_id, c.first_day, to);
      if (moved === null || moved === 0) continue;
      ranges += 1;
      values += moved;
    }
    return { ranges, values };
  }

  /**
   * Archives one device's India days in [from, to), readings and quarters, up to the first day with a
   * quarter marked stale (left for after the rollup worker's pass: quarters are compacted current
   * only, and a day's readings and quarters together); null when another server holds the device.
   */
  async archiveRange(tenantId: number, deviceId: string, from: Date, to: Date): Promise<number | null> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows: lock } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(enviro_archive_lock($1, $2)) AS locked', [tenantId, deviceId]);
      if (!lock[0]!.locked) {
        await client.query('ROLLBACK');
        return null;
      }
      const { rows: clean } = await client.query<{ to: Date }>(
        `SELECT least($4::timestamptz, (SELECT enviro_bucket_day(min(d.bucket)) FROM rollup_dirty d
                                       WHERE d.tenant_id = $1 AND d.device_id = $2 AND d.bucket >= $3 AND d.bucket < $4)) AS to`,
        [tenantId, deviceId, from, to],
      );
      const range = [tenantId, deviceId, from, clean[0]!.to];
      const { rows } = await client.query<{ values: string }>('SELECT enviro_archive_days($1, $2, $3, $4) AS values', range);
      await client.query('SELECT enviro_quarters_archive($1, $2, $3, $4)', range);
      await client.query('COMMIT');
      return Number(rows[0]!.values);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Drops the monthly partitions of `reading` that end before the cutoff and hold no row, each in a
   * transaction under enviro_ensure_partitions' lock (which ingestion of old readings holds until it
   * commits), waiting at most a second for the table's lock: a busy table is left to the next pass.
   * Answers the partitions dropped.
   */
  async dropEmptyMonths(afterDays: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'reading'::regclass
         AND (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1]::timestamptz <= ${CUTOFF}
       ORDER BY 1`,
      [afterDays],
    );
    const dropped: string[] = [];
    for (const { name } of rows) {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SET LOCAL lock_timeout = '1s'`);
        await client.query(`SELECT pg_advisory_xact_lock(hashtext('enviro_ensure_partitions'))`);
        // The partition's own lock before looking into it: a writer that bypassed the archive lock
        // (a bulk load) and has not committed yet is waited for (or the pass gives up), never dropped.
        await client.query(`LOCK TABLE ${client.escapeIdentifier(name)} IN ACCESS EXCLUSIVE MODE`);
        const { rows: any } = await client.query(`SELECT EXISTS (SELECT 1 FROM ${client.escapeIdentifier(name)}) AS any`);
        if (!any[0]!.any) {
          await client.query(`DROP TABLE ${client.escapeIdentifier(name)}`);
          dropped.push(name);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        if ((error as { code?: string }).code !== '55P03') throw error;
      } finally {
        client.release();
      }
    }
    return dropped;
  }
}
