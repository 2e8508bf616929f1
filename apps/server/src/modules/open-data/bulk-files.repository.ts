import { sql } from 'kysely';
import type { SlotChange } from '../data/slot-changes.service.ts';
import { Repository } from '../../platform/database/repository.ts';

/** A device month taken to be made again. */
export interface StaleMonth {
  tenant_id: number;
  device_id: string;
  /** 'YYYY-MM'. */
  month: string;
  /** The mark's instant as PostgreSQL writes it (microseconds, which a Date would lose). */
  marked_at: string;
}

export interface FileRow {
  tenant_id: number;
  station_id: string;
  board_id: number;
  month: string;
  rows: number;
  sha256: string;
  bytes: number;
  generated_at: Date;
}

export interface FileChangeRow {
  id: string;
  station_id: string;
  board_id: number;
  month: string;
  reason: string;
  rows: number;
  sha256: string;
  changed_at: Date;
}

/** The bulk files, the months waiting to be made again and the change log (121_open_data_files.sql). */
export class BulkFilesRepository extends Repository {
  /** Marks the IST months of the changed slots stale, due `delayMs` after the first mark (a later mark keeps it). */
  async markSlots(slots: readonly SlotChange[], delayMs: number): Promise<void> {
    if (slots.length === 0) return;
    await sql`
      INSERT INTO open_data_stale (tenant_id, device_id, month, due_at)
      SELECT DISTINCT s.tenant_id, s.device_id, date_trunc('month', s.bucket AT TIME ZONE 'Asia/Kolkata')::date, now() + ${`${delayMs} milliseconds`}::interval
      FROM unnest(${sql.val(slots.map((s) => s.tenantId))}::int[], ${sql.val(slots.map((s) => s.deviceId))}::bigint[], ${sql.val(slots.map((s) => s.bucket))}::timestamptz[])
        AS s (tenant_id, device_id, bucket)
      ON CONFLICT (tenant_id, device_id, month) DO UPDATE SET marked_at = now()`.execute(this.db);
  }

  /** Marks months of devices stale, due now (a board that begins publishing). */
  async markMonths(rows: readonly { tenantId: number; deviceId: string; month: string }[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      INSERT INTO open_data_stale (tenant_id, device_id, month, due_at)
      SELECT r.tenant_id, r.device_id, (r.month || '-01')::date, now()
      FROM unnest(${sql.val(rows.map((r) => r.tenantId))}::int[], ${sql.val(rows.map((r) => r.deviceId))}::bigint[], ${sql.val(rows.map((r) => r.month))}::text[]) AS r (tenant_id, device_id, month)
      ON CONFLICT (tenant_id, device_id, month) DO UPDATE SET marked_at = now(), due_at = LEAST(open_data_stale.due_at, now())`.execute(this.db);
  }

  /** Leases the `limit` oldest due months no other server holds, for `leaseMs`. */
  async takeMany(now: Date, leaseMs: number, limit: number): Promise<StaleMonth[]> {
    const { rows } = await sql<StaleMonth>`
      UPDATE open_data_stale s SET leased_until = ${now}::timestamptz + ${`${leaseMs} milliseconds`}::interval
      FROM (
        SELECT tenant_id, device_id, month FROM open_data_stale
        WHERE due_at <= ${now} AND (leased_until IS NULL OR leased_until < ${now})
        ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
      WHERE (s.tenant_id, s.device_id, s.month) = (due.tenant_id, due.device_id, due.month)
      RETURNING s.tenant_id, s.device_id::text AS device_id, to_char(s.month, 'YYYY-MM') AS month, s.marked_at::text AS marked_at`.execute(this.db);
    return rows;
  }

  /** Done with these months: gone, unless marked again while they were made (then due again, unleased). */
  async finish(months: readonly StaleMonth[]): Promise<void> {
    if (months.length === 0) return;
    const done = sql`unnest(${sql.val(months.map((m) => m.tenant_id))}::int[], ${sql.val(months.map((m) => m.device_id))}::bigint[],
      ${sql.val(months.map((m) => `${m.month}-01`))}::date[], ${sql.val(months.map((m) => m.marked_at))}::timestamptz[]) AS m (tenant_id, device_id, month, marked_at)`;
    await sql`DELETE FROM open_data_stale s USING ${done} WHERE (s.tenant_id, s.device_id, s.month, s.marked_at) = (m.tenant_id, m.device_id, m.month, m.marked_at)`.execute(this.db);
    await sql`UPDATE open_data_stale s SET leased_until = NULL FROM ${done} WHERE (s.tenant_id, s.device_id, s.month) = (m.tenant_id, m.device_id, m.month)`.execute(this.db);
  }

  async sha(tenantId: number, stationId: number, month: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('open_data_file')
      .select('sha256')
      .where('tenant_id', '=', tenantId)
      .where('station_id', '=', String(stationId))
      .where(sql<boolean>`month = ${`${month}-01`}::date`)
      .executeTakeFirst();
    return row?.sha256;
  }

  /** Writes the file and, when its content changed, a line of the change log. */
  async save(f: { tenantId: number; stationId: number; boardId: number; month: string; rows: number; sha256: string; content: Buffer }, reason: 'NEW' | 'CHANGED'): Promise<void> {
    const month = `${f.month}-01`;
    await this.db
      .insertInto('open_data_file')
      .values({ tenant_id: f.tenantId, station_id: f.stationId, month, board_id: f.boardId, rows: f.rows, sha256: f.sha256, content: f.content, generated_at: new Date() })
      .onConflict((oc) => oc.columns(['tenant_id', 'station_id', 'month']).doUpdateSet({ board_id: f.boardId, rows: f.rows, sha256: f.sha256, content: f.content, generated_at: new Date() }))
      .execute();
    await this.db.insertInto('open_data_file_change').values({ tenant_id: f.tenantId, station_id: f.stationId, month, board_id: f.boardId, reason, rows: f.rows, sha256: f.sha256 }).execute();
  }

  /** Files of the published tenants, by board, station and month. */
  async list(tenantIds: readonly number[], f: { boardId?: number | undefined; stationId?: number | undefined; year?: number | undefined }): Promise<FileRow[]> {
    if (tenantIds.length === 0) return [];
    return this.db
      .selectFrom('open_data_file')
      .select(['tenant_id', sql<string>`station_id::text`.as('station_id'), 'board_id', sql<string>`to_char(month, 'YYYY-MM')`.as('month'), 'rows', 'sha256', sql<number>`octet_length(content)`.as('bytes'), 'generated_at'])
      .where('tenant_id', 'in', tenantIds)
      .$if(f.boardId !== undefined, (q) => q.where('board_id', '=', f.boardId!))
      .$if(f.stationId !== undefined, (q) => q.where('station_id', '=', String(f.stationId)))
      .$if(f.year !== undefined, (q) => q.where(sql<boolean>`extract(year FROM month) = ${f.year}`))
      .orderBy('board_id')
      .orderBy('station_id')
      .orderBy('month')
      .limit(5000)
      .execute();
  }

  async content(tenantIds: readonly number[], stationId: number, month: string): Promise<{ content: Buffer; board_id: number; generated_at: Date } | undefined> {
    if (tenantIds.length === 0) return undefined;
    return this.db
      .selectFrom('open_data_file')
      .select(['content', 'board_id', 'generated_at'])
      .where('tenant_id', 'in', tenantIds)
      .where('station_id', '=', String(stationId))
      .where(sql<boolean>`month = ${`${month}-01`}::date`)
      .executeTakeFirst();
  }

  /** The change log after `afterId`, oldest first. */
  async changes(tenantIds: readonly number[], since: Date, limit: number): Promise<FileChangeRow[]> {
    if (tenantIds.length === 0) return [];
    return this.db
      .selectFrom('open_data_file_change')
      .select([sql<string>`id::text`.as('id'), sql<string>`station_id::text`.as('station_id'), 'board_id', sql<string>`to_char(month, 'YYYY-MM')`.as('month'), 'reason', 'rows', 'sha256', 'changed_at'])
      .where('tenant_id', 'in', tenantIds)
      .where('changed_at', '>=', since)
      .orderBy('changed_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Boards that publish and whose industries' recent months were never queued. */
  async unseededBoards(): Promise<number[]> {
    const rows = await this.db.selectFrom('open_data_publication').select('tenant_id').where('files_seeded_at', 'is', null).execute();
    return rows.map((r) => r.tenant_id);
  }

  async seeded(boardId: number): Promise<void> {
    await this.db.updateTable('open_data_publication').set({ files_seeded_at: new Date() }).where('tenant_id', '=', boardId).execute();
  }
}
