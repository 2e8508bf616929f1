import { CompiledQuery, sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { recomputeInTransaction, type BucketMark } from './rollups.repository.ts';

/** A version of a correction as stored. */
export interface CorrectionRow {
  tenant_id: number;
  id: string;
  device_id: string;
  slot: number;
  starts_at: Date;
  ends_at: Date;
  kind: 'LINEAR' | 'REPLACE' | 'INVALID';
  factor: number;
  value_offset: number;
  version: number;
  reason: string;
  source: string;
  requested_by: string;
  approved_by: string;
  approved_at: Date;
  superseded_at: Date | null;
  superseded_by: string | null;
}

export type NewCorrectionRow = Omit<CorrectionRow, 'id' | 'superseded_at' | 'superseded_by'>;

/** The correction layer (180_reading_corrections.sql). */
export class CorrectionRepository extends Repository {
  /** Serialises the corrections of one series, so two approvals cannot both pass the overlap check. */
  async lockSeries(tenantId: number, deviceId: string, slot: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext('enviro.reading_correction'), hashtext(${`${tenantId}:${deviceId}:${slot}`}))`.execute(this.db);
  }

  /** Recomputes the rollups of the buckets in this repository's transaction (`in(trx)`), as a worker pass would. */
  async recompute(marks: readonly BucketMark[]): Promise<void> {
    const db = this.db;
    await recomputeInTransaction({ query: async (text, values) => ({ rows: [...(await db.executeQuery(CompiledQuery.raw(text, values))).rows] }) }, marks);
  }

  /** Current corrections of the series overlapping [from, to). */
  async current(tenantId: number, deviceId: string, slot: number, from: Date, to: Date): Promise<CorrectionRow[]> {
    const { rows } = await sql<CorrectionRow>`
      SELECT * FROM reading_correction
      WHERE tenant_id = ${tenantId} AND device_id = ${deviceId} AND slot = ${slot} AND superseded_at IS NULL
        AND starts_at < ${to} AND ends_at > ${from}
      ORDER BY starts_at`.execute(this.db);
    return rows;
  }

  async insert(row: NewCorrectionRow): Promise<CorrectionRow> {
    const { rows } = await sql<CorrectionRow>`
      INSERT INTO reading_correction (tenant_id, device_id, slot, starts_at, ends_at, kind, factor, value_offset, version, reason, source, requested_by, approved_by, approved_at)
      VALUES (${row.tenant_id}, ${row.device_id}, ${row.slot}, ${row.starts_at}, ${row.ends_at}, ${row.kind}, ${row.factor}, ${row.value_offset}, ${row.version},
              ${row.reason}, ${row.source}, ${row.requested_by}, ${row.approved_by}, ${row.approved_at})
      RETURNING *`.execute(this.db);
    return rows[0]!;
  }

  async supersede(tenantId: number, ids: readonly string[], by: string, at: Date): Promise<void> {
    if (ids.length === 0) return;
    await sql`
      UPDATE reading_correction SET superseded_at = ${at}, superseded_by = ${by}
      WHERE tenant_id = ${tenantId} AND id = ANY(${[...ids]}::bigint[])`.execute(this.db);
  }

  /** Current corrections of any of the series overlapping [from, to), by series then start. */
  async covering(series: readonly { tenantId: number; deviceId: string; slot: number }[], from: Date, to: Date): Promise<CorrectionRow[]> {
    if (series.length === 0) return [];
    const { rows } = await sql<CorrectionRow>`
      SELECT c.* FROM reading_correction c
      JOIN (SELECT DISTINCT * FROM unnest(${series.map((s) => s.tenantId)}::int[], ${series.map((s) => s.deviceId)}::bigint[], ${series.map((s) => s.slot)}::smallint[])) s(tenant_id, device_id, slot)
        ON c.tenant_id = s.tenant_id AND c.device_id = s.device_id AND c.slot = s.slot
      WHERE c.superseded_at IS NULL AND c.starts_at < ${to} AND c.ends_at > ${from}
      ORDER BY c.tenant_id, c.device_id, c.slot, c.starts_at`.execute(this.db);
    return rows;
  }

  /** The versions by id (ids of several tenants). */
  async byIds(refs: readonly { tenantId: number; id: string }[]): Promise<CorrectionRow[]> {
    if (refs.length === 0) return [];
    const { rows } = await sql<CorrectionRow>`
      SELECT c.* FROM reading_correction c
      JOIN unnest(${refs.map((r) => r.tenantId)}::int[], ${refs.map((r) => r.id)}::bigint[]) AS k(tenant_id, id) ON c.tenant_id = k.tenant_id AND c.id = k.id`.execute(this.db);
    return rows;
  }

  /** Every version a source wrote, and those they superseded, oldest first. */
  async bySource(tenantId: number, source: string): Promise<CorrectionRow[]> {
    const { rows } = await sql<CorrectionRow>`
      WITH mine AS (SELECT id FROM reading_correction WHERE tenant_id = ${tenantId} AND source = ${source})
      SELECT c.* FROM reading_correction c
      WHERE c.tenant_id = ${tenantId} AND (c.id IN (SELECT id FROM mine) OR c.superseded_by IN (SELECT id FROM mine))
      ORDER BY c.version, c.id`.execute(this.db);
    return rows;
  }
}
