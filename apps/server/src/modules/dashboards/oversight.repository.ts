import { sql } from 'kysely';
import { CONTAINER_TYPES } from '../../platform/database/entity-types.ts';
import { Repository } from '../../platform/database/repository.ts';

/** An industry of the overview. */
export interface IndustryRow {
  id: number;
  name: string;
  status: string;
  state: string | null;
  city: string | null;
  industry_category: string | null;
}

/** A station with its last reading. */
export interface StationRow {
  tenant_id: number;
  id: string;
  last_data_at: Date | null;
}

/** A per-station figure. */
export interface StationFigure {
  tenant_id: number;
  id: string;
  n: number;
}

/** Quarters with data and quarters counted of a station's devices over a window. */
export interface StationAvailability {
  tenant_id: number;
  id: string;
  quarters: number;
  devices: number;
}

/** A closed slot to mark in the day maps. */
export interface QuarterMark {
  tenantId: number;
  deviceId: string;
  bucket: Date;
}

const ZONE = 'Asia/Kolkata';

/**
 * The oversight overview's reads, each per station so that a user limited to some stations counts
 * only those, and the day maps of quarters with data (device_day_quarters, 055_oversight.sql).
 */
export class OversightRepository extends Repository {
  /** The industries (tenant type 'tenant', not deleted) among the tenants. */
  industries(tenantIds: readonly number[]): Promise<IndustryRow[]> {
    if (tenantIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tenant')
      .select(['id', 'name', 'status', 'state', 'city', 'industry_category'])
      .where('id', 'in', tenantIds)
      .where('type', '=', 'tenant')
      .where('status', '!=', 'DELETED')
      .execute();
  }

  /** The ENABLED stations (not groups or facilities) of the tenants with their last reading. */
  stations(tenantIds: readonly number[]): Promise<StationRow[]> {
    if (tenantIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('entity')
      .select(['tenant_id', 'id', 'last_data_at'])
      .where('tenant_id', 'in', tenantIds)
      .where('status', '=', 'ENABLED')
      .where('type', 'not in', CONTAINER_TYPES)
      .execute();
  }

  /** Stations with a device whose latest value of a parameter, read since `since`, is outside its limits. */
  async exceedingNow(tenantIds: readonly number[], since: Date): Promise<StationFigure[]> {
    if (tenantIds.length === 0) return [];
    const { rows } = await sql<StationFigure>`
      SELECT d.tenant_id, d.entity_id::text AS id, count(*)::int AS n
      FROM series_latest s
      JOIN param_limit l ON l.tenant_id = s.tenant_id AND l.device_id = s.device_id AND l.slot = s.slot
      JOIN device d ON d.tenant_id = s.tenant_id AND d.id = s.device_id
      WHERE s.tenant_id = ANY(${sql.val([...tenantIds])}::int[])
        AND s.ts >= ${since}
        AND d.entity_id IS NOT NULL AND d.deleted_date IS NULL
        AND (s.value < l.min_value OR s.value > l.max_value)
      GROUP BY d.tenant_id, d.entity_id`.execute(this.db);
    return rows;
  }

  /** Alerts per station since `from` (the alert table as the alerts module writes it today). */
  async alertsSince(tenantIds: readonly number[], from: Date): Promise<StationFigure[]> {
    if (tenantIds.length === 0) return [];
    const { rows } = await sql<StationFigure>`
      SELECT tenant_id, entity_id::text AS id, count(*)::int AS n
      FROM alert
      WHERE tenant_id = ANY(${sql.val([...tenantIds])}::int[]) AND ts >= ${from} AND entity_id IS NOT NULL
      GROUP BY tenant_id, entity_id`.execute(this.db);
    return rows;
  }

  /**
   * Quarters with data of each station's devices in service over the 24 hours before `end` (a
   * quarter boundary), from the day maps of the two local days the window touches.
   */
  async availability(tenantIds: readonly number[], end: Date): Promise<StationAvailability[]> {
    if (tenantIds.length === 0) return [];
    // The window is the last `q` quarters of yesterday (local) and the first 96 - q of today.
    const { rows } = await sql<StationAvailability>`
      WITH w AS (
        SELECT (${end}::timestamptz AT TIME ZONE ${ZONE})::date AS today,
               (extract(epoch FROM (${end}::timestamptz AT TIME ZONE ${ZONE}) - (${end}::timestamptz AT TIME ZONE ${ZONE})::date) / 900)::int AS q
      )
      SELECT d.tenant_id, d.entity_id::text AS id,
             coalesce(sum(CASE
               WHEN m.day = w.today THEN bit_count(substring(m.quarters FROM 1 FOR w.q))
               WHEN w.q < 96 THEN bit_count(substring(m.quarters FROM w.q + 1))
               ELSE 0 END), 0)::int AS quarters,
             count(DISTINCT d.id)::int AS devices
      FROM w, device d
      LEFT JOIN device_day_quarters m
        ON m.tenant_id = d.tenant_id AND m.device_id = d.id
       AND m.day IN ((SELECT today FROM w), (SELECT today FROM w) - 1)
      WHERE d.tenant_id = ANY(${sql.val([...tenantIds])}::int[])
        AND d.entity_id IS NOT NULL AND d.deleted_date IS NULL
      GROUP BY d.tenant_id, d.entity_id`.execute(this.db);
    return rows;
  }

  /** Sets the bits of closed slots in their devices' day maps (the closed-slot feed's consumer). */
  async markQuarters(marks: readonly QuarterMark[]): Promise<void> {
    if (marks.length === 0) return;
    await sql`
      INSERT INTO device_day_quarters AS t (tenant_id, device_id, day, quarters)
      SELECT tenant_id, device_id, day, enviro_quarter_bits(array_agg(quarter))
      FROM (
        SELECT tenant_id, device_id,
               (bucket AT TIME ZONE ${ZONE})::date AS day,
               (extract(epoch FROM (bucket AT TIME ZONE ${ZONE}) - (bucket AT TIME ZONE ${ZONE})::date) / 900)::int AS quarter
        FROM unnest(${sql.val(marks.map((m) => m.tenantId))}::int[], ${sql.val(marks.map((m) => m.deviceId))}::bigint[],
                    ${sql.val(marks.map((m) => m.bucket.toISOString()))}::timestamptz[]) AS s(tenant_id, device_id, bucket)
      ) q
      GROUP BY tenant_id, device_id, day
      ON CONFLICT (tenant_id, device_id, day) DO UPDATE SET quarters = t.quarters | EXCLUDED.quarters`.execute(this.db);
  }

  /**
   * Rebuilds the day maps of the tenants' devices from the 15-minute rollups since `from`: for data
   * written straight into the rollups (the demo seed's history), which the closed-slot feed never saw.
   */
  async rebuildQuarters(tenantIds: readonly number[], from: Date): Promise<void> {
    if (tenantIds.length === 0) return;
    await sql`
      INSERT INTO device_day_quarters AS t (tenant_id, device_id, day, quarters)
      SELECT tenant_id, device_id, day, enviro_quarter_bits(array_agg(quarter))
      FROM (
        SELECT DISTINCT tenant_id, device_id,
               (bucket AT TIME ZONE ${ZONE})::date AS day,
               (extract(epoch FROM (bucket AT TIME ZONE ${ZONE}) - (bucket AT TIME ZONE ${ZONE})::date) / 900)::int AS quarter
        FROM reading_15m
        WHERE tenant_id = ANY(${sql.val([...tenantIds])}::int[]) AND bucket >= ${from}
      ) q
      GROUP BY tenant_id, device_id, day
      ON CONFLICT (tenant_id, device_id, day) DO UPDATE SET quarters = t.quarters | EXCLUDED.quarters`.execute(this.db);
  }
}
