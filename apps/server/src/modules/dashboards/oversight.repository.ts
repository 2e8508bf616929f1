import { addDays, dayOf, DEFAULT_TIME_ZONE, startOfDay } from '@enviro/domain/time-zone';
import { sql, type RawBuilder } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { quartersOf } from '../data/readings.queries.ts';
import { DEVICE_ROWS, isInServiceSql } from '../devices/devices.queries.ts';
import { ENTITY_ROWS, isStationSql } from '../entities/entities.queries.ts';
import { isNotDeletedSql, TENANT_ROWS } from '../tenants/tenants.queries.ts';

/** An industry of the overview. */
export interface IndustryRow {
  id: number;
  name: string;
  status: string;
  state: string | null;
  city: string | null;
  industry_category: string | null;
}

/** Which stations count: all, except in `tenantId` only those of `visible` (a user limited to some stations). */
export interface StationFilter {
  tenantId: number;
  visible: readonly string[];
}

/** An industry's stations by live status. */
export interface LiveRow {
  tenant_id: number;
  stations: number;
  live: number;
  delayed: number;
  offline: number;
  unknown: number;
}

/** A per-industry count. */
export interface TenantCount {
  tenant_id: number;
  n: number;
}

/** Quarters with data and devices in service of an industry's stations over 24 hours. */
export interface TenantAvailability {
  tenant_id: number;
  quarters: number;
  devices: number;
}

/** A closed slot to mark in the day maps. */
export interface QuarterMark {
  tenantId: number;
  deviceId: string;
  bucket: Date;
}

/** The day maps' days are India's. */
const ZONE = DEFAULT_TIME_ZONE;

const ids = (tenantIds: readonly number[]) => sql.val([...tenantIds]);

/** The station filter as SQL: true, or in the limited tenant only the visible stations. */
function visible(filter: StationFilter | null, tenant: RawBuilder<unknown> | ReturnType<typeof sql.ref>, station: ReturnType<typeof sql.ref>) {
  if (filter === null) return sql`true`;
  return sql`(${tenant} <> ${filter.tenantId} OR ${station} = ANY(${sql.val(filter.visible.map(String))}::bigint[]))`;
}

/**
 * The oversight overview's reads, each per station so that a user limited to some stations counts
 * only those, and the day maps of quarters with data (device_day_quarters, 055_oversight.sql).
 */
export class OversightRepository extends Repository {
  /** The industries (tenant type 'tenant', not deleted) among the tenants. */
  async industries(tenantIds: readonly number[]): Promise<IndustryRow[]> {
    if (tenantIds.length === 0) return [];
    // One array parameter: a board's thousands of ids as as many parameters cost more to plan than to run.
    const { rows } = await sql<IndustryRow>`
      SELECT id, name, status, state, city, industry_category FROM ${TENANT_ROWS} tenant
      WHERE id = ANY(${ids(tenantIds)}::int[]) AND type = 'tenant' AND ${isNotDeletedSql('tenant')}`.execute(this.db);
    return rows;
  }

  /**
   * Per industry, its ENABLED stations (not groups or facilities) by the age of their last reading:
   * LIVE up to `liveMs`, DELAYED up to `delayedMs`, OFFLINE beyond, UNKNOWN never (live-status.ts).
   */
  async liveCounts(tenantIds: readonly number[], filter: StationFilter | null, now: Date, liveMs: number, delayedMs: number): Promise<LiveRow[]> {
    if (tenantIds.length === 0) return [];
    const { rows } = await sql<LiveRow>`
      SELECT tenant_id, count(*)::int AS stations,
             count(*) FILTER (WHERE last_data_at >= ${new Date(now.getTime() - liveMs)})::int AS live,
             count(*) FILTER (WHERE last_data_at < ${new Date(now.getTime() - liveMs)} AND last_data_at >= ${new Date(now.getTime() - delayedMs)})::int AS delayed,
             count(*) FILTER (WHERE last_data_at < ${new Date(now.getTime() - delayedMs)})::int AS offline,
             count(*) FILTER (WHERE last_data_at IS NULL)::int AS unknown
      FROM ${ENTITY_ROWS} e
      WHERE tenant_id = ANY(${ids(tenantIds)}::int[]) AND status = 'ENABLED' AND ${isStationSql('e')}
        AND ${visible(filter, sql.ref('e.tenant_id'), sql.ref('e.id'))}
      GROUP BY tenant_id`.execute(this.db);
    return rows;
  }

  /** Per industry, the stations with a device whose latest value of a limited parameter, read since `since`, is outside its limits. */
  async exceedingNow(tenantIds: readonly number[], filter: StationFilter | null, since: Date): Promise<TenantCount[]> {
    if (tenantIds.length === 0) return [];
    // From the limits (one row per limited series), not from every latest value.
    const { rows } = await sql<TenantCount>`
      SELECT d.tenant_id, count(DISTINCT d.entity_id)::int AS n
      FROM param_limit l
      JOIN series_latest s ON s.tenant_id = l.tenant_id AND s.device_id = l.device_id AND s.slot = l.slot
      JOIN ${DEVICE_ROWS} d ON d.tenant_id = l.tenant_id AND d.id = l.device_id
      JOIN ${ENTITY_ROWS} e ON e.tenant_id = d.tenant_id AND e.id = d.entity_id
      WHERE l.tenant_id = ANY(${ids(tenantIds)}::int[])
        AND s.ts >= ${since}
        AND (s.value < l.min_value OR s.value > l.max_value)
        AND ${isInServiceSql('d')} AND e.status = 'ENABLED'
        AND ${visible(filter, sql.ref('d.tenant_id'), sql.ref('d.entity_id'))}
      GROUP BY d.tenant_id`.execute(this.db);
    return rows;
  }

  /**
   * Per industry, quarters with data of its devices in service on a station over the 24 hours before
   * `end` (a quarter boundary), from the day maps of the two local days the window touches.
   */
  async availability(tenantIds: readonly number[], filter: StationFilter | null, end: Date): Promise<TenantAvailability[]> {
    if (tenantIds.length === 0) return [];
    const today = dayOf(end.getTime(), ZONE);
    const yesterday = addDays(today, -1);
    // Quarters of today (local) before `end`; the window is the last 96 - q of yesterday and these q.
    const q = Math.round((end.getTime() - startOfDay(end.getTime(), ZONE)) / 900_000);
    const { rows } = await sql<TenantAvailability>`
      SELECT d.tenant_id,
             coalesce(sum(bit_count(substring(m.quarters FROM 1 FOR ${q}))) FILTER (WHERE m.day = ${today}::date), 0)::int
           + coalesce(sum(bit_count(substring(m.quarters FROM ${q + 1}))) FILTER (WHERE m.day = ${yesterday}::date), 0)::int AS quarters,
             count(DISTINCT d.id)::int AS devices
      FROM ${DEVICE_ROWS} d
      LEFT JOIN device_day_quarters m
        ON m.tenant_id = d.tenant_id AND m.device_id = d.id AND m.day IN (${today}::date, ${yesterday}::date)
      WHERE d.tenant_id = ANY(${ids(tenantIds)}::int[]) AND ${isInServiceSql('d')} AND d.entity_id IS NOT NULL
        AND ${visible(filter, sql.ref('d.tenant_id'), sql.ref('d.entity_id'))}
      GROUP BY d.tenant_id`.execute(this.db);
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
        SELECT DISTINCT r.tenant_id, r.device_id,
               (r.bucket AT TIME ZONE ${ZONE})::date AS day,
               (extract(epoch FROM (r.bucket AT TIME ZONE ${ZONE}) - (r.bucket AT TIME ZONE ${ZONE})::date) / 900)::int AS quarter
        FROM ${DEVICE_ROWS} d
        CROSS JOIN LATERAL ${quartersOf(sql`d.tenant_id`, sql`d.id`, from, 'infinity')} r
        WHERE d.tenant_id = ANY(${sql.val([...tenantIds])}::int[])
      ) q
      GROUP BY tenant_id, device_id, day
      ON CONFLICT (tenant_id, device_id, day) DO UPDATE SET quarters = t.quarters | EXCLUDED.quarters`.execute(this.db);
  }
}
