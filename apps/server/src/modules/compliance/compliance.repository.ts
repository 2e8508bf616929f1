import { EXCEEDANCE_EPISODE_TYPES } from '@enviro/domain/figures';
import { DEFAULT_TIME_ZONE, fixedOffset } from '@enviro/domain/time-zone';
import { sql, type RawBuilder } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { DEVICE_ROWS, isInServiceSql } from '../devices/devices.queries.ts';
import { firstQuarterOf, quartersOf } from '../data/readings.queries.ts';
import { ENTITY_ROWS, isStationSql } from '../entities/entities.queries.ts';
import { isNotDeletedSql, TENANT_ROWS, tenantsLookedAfter } from '../tenants/tenants.queries.ts';
import { outsideLimitSql, suppressedQuarters } from './figures.queries.ts';

/** Which stations a read covers: the tenants, optionally one station, and a user's station limit. */
export interface ComplianceScope {
  tenantIds: readonly number[];
  stationId?: number | undefined;
  /** Only these stations (the open API reads several stations' episodes at once). */
  stationIds?: readonly number[] | undefined;
  /** In `limited.tenantId` only these stations (a user limited to some stations, ACCESS.md). */
  limited?: { tenantId: number; visible: readonly string[] } | null;
}

/** A parameter of a device on a station, with its limits. */
export interface ParamRow {
  tenant_id: number;
  tenant_name: string;
  station_id: string;
  station_name: string;
  station_type: string;
  device_id: string;
  device_name: string;
  slot: number;
  parameter: string;
  unit: string | null;
  limit_min: number | null;
  limit_max: number | null;
}

/** A parameter's slots outside calibration/maintenance on one IST day. */
export interface ParamDayRow {
  device_id: string;
  slot: number;
  day: string;
  with_data: number;
  within: number;
  /** Exceedances: slots beyond a limit. */
  beyond: number;
}

/** A device's quarters on one IST day: in a suppression window, or outside one with any data. */
export interface DeviceDayRow {
  device_id: string;
  day: string;
  n: number;
}

export interface TimelineRow {
  kind: 'EXCEEDANCE' | 'OUTAGE' | 'CALIBRATION' | 'MAINTENANCE' | 'STATUS' | 'SYNC';
  at: Date;
  until: Date | null;
  tenant_id: number;
  station_id: string | null;
  device_id: string | null;
  parameter: string | null;
  peak: number | null;
  slots: number | null;
  /** STATUS: 'from → to'; SYNC: 'ACCEPTED' or the regulator's error. */
  detail: string | null;
}

/** The compliance days are India's. */
const ZONE = DEFAULT_TIME_ZONE;

/**
 * An instant's IST day as days since 1970-01-01, for instants in [from, to). Shifting by the zone's
 * offset is cheaper per row than AT TIME ZONE, and right while the offset is one over the range
 * (India's always is); across a change of offset the zone decides row by row.
 */
function istDay(at: RawBuilder<unknown>, from: Date, to: Date) {
  const offset = fixedOffset(from.getTime(), to.getTime(), ZONE);
  if (offset === undefined) return sql`((${at} AT TIME ZONE ${ZONE})::date - date '1970-01-01')`;
  return sql`floor((extract(epoch FROM ${at}) + ${sql.lit(offset / 1000)}) / 86400)::int`;
}

function stationFilter(scope: ComplianceScope, tenant: RawBuilder<unknown>, station: RawBuilder<unknown>) {
  const parts = [sql`${tenant} = ANY(${sql.val([...scope.tenantIds])}::int[])`];
  if (scope.stationId !== undefined) parts.push(sql`${station} = ${String(scope.stationId)}::bigint`);
  if (scope.stationIds !== undefined) parts.push(sql`${station} = ANY(${sql.val(scope.stationIds.map(String))}::bigint[])`);
  if (scope.limited) parts.push(sql`(${tenant} <> ${scope.limited.tenantId} OR ${station} = ANY(${sql.val(scope.limited.visible.map(String))}::bigint[]))`);
  return sql.join(parts, sql` AND `);
}

/**
 * The timeline's EXCEEDANCE events over [from, to) of the devices of the CTE `devs`: exceedance
 * episodes only (docs/DEFINITIONS.md), not INSTANT alerts (readings outside a limit), data loss or
 * diagnostics.
 */
function exceedanceEvents(from: Date, to: Date) {
  return sql`
        SELECT 'EXCEEDANCE' AS kind, a.started_at AS at, a.ended_at AS until, a.tenant_id, v.entity_id AS station_id, a.device_id,
               sp.name AS parameter, a.peak, a.slot_count AS slots, NULL AS detail
        FROM alert_episode a
        JOIN devs v ON v.tenant_id = a.tenant_id AND v.device_id = a.device_id
        LEFT JOIN std_param sp ON sp.id = a.std_param_id
        WHERE a.type IN (${sql.join(EXCEEDANCE_EPISODE_TYPES.map((t) => sql.lit(t)))}) AND a.started_at < ${to} AND (a.ended_at IS NULL OR a.ended_at >= ${from})`;
}

/**
 * The devices in service on the scope's ENABLED stations (their current mount), as a CTE body:
 * tenant_id, device_id, entity_id.
 */
export function devicesOf(scope: ComplianceScope) {
  return sql`
    SELECT d.tenant_id, d.id AS device_id, d.entity_id
    FROM ${DEVICE_ROWS} d JOIN ${ENTITY_ROWS} e ON e.tenant_id = d.tenant_id AND e.id = d.entity_id
    WHERE ${isInServiceSql('d')} AND e.status = 'ENABLED' AND ${isStationSql('e')}
      AND ${stationFilter(scope, sql.raw('d.tenant_id'), sql.raw('d.entity_id'))}`;
}

/**
 * When the device `d` (a row of the device table) came into service: what every expected-quarter
 * count starts from (docs/DEFINITIONS.md).
 */
export function inServiceFromSql(alias: string) {
  const d = sql.raw(alias);
  return sql<Date>`
             -- In service since it was created or first mounted, or earlier when its data or windows say so
             -- (history imported before the device was registered). A mount from '-infinity' (backfilled,
             -- its date unknown) says nothing.
             least(${d}.created_at,
                   (SELECT min(m.mounted_at) FROM device_mount m WHERE m.tenant_id = ${d}.tenant_id AND m.device_id = ${d}.id AND m.mounted_at > '-infinity'),
                   (SELECT min(${firstQuarterOf(sql`dp.tenant_id`, sql`dp.device_id`, sql`dp.slot`)}) FROM device_param dp
                    WHERE dp.tenant_id = ${d}.tenant_id AND dp.device_id = ${d}.id),
                   -- A calibration or maintenance window of it or its station: it was there then, and
                   -- the window's quarters, left out of what is expected, must lie in its service.
                   (SELECT min(w.starts_at) FROM suppression_window w
                    WHERE w.tenant_id = ${d}.tenant_id AND (w.device_id = ${d}.id OR (w.device_id IS NULL AND w.entity_id = ${d}.entity_id))))`;
}

/**
 * Compliance reads over the 15-minute rollups (quarters, raw and compacted: a row is a slot with data, its average
 * sum / n compared with the limits as the regulator compares 15-minute averages), calibration and
 * maintenance windows (suppression_window), alert episodes and the station and tenant tables.
 */
export class ComplianceRepository extends Repository {
  /** Every live parameter of the scope's devices with its station, industry and limits. */
  async parameters(scope: ComplianceScope): Promise<ParamRow[]> {
    if (scope.tenantIds.length === 0) return [];
    const { rows } = await sql<ParamRow>`
      WITH devs AS (${devicesOf(scope)})
      SELECT v.tenant_id, t.name AS tenant_name, e.id AS station_id, e.name AS station_name, e.type AS station_type,
             d.id AS device_id, d.name AS device_name, dp.slot, sp.name AS parameter, coalesce(dp.unit, sp.unit) AS unit,
             l.min_value AS limit_min, l.max_value AS limit_max
      FROM devs v
      JOIN ${TENANT_ROWS} t ON t.id = v.tenant_id
      JOIN ${ENTITY_ROWS} e ON e.tenant_id = v.tenant_id AND e.id = v.entity_id
      JOIN ${DEVICE_ROWS} d ON d.tenant_id = v.tenant_id AND d.id = v.device_id
      JOIN device_param dp ON dp.tenant_id = v.tenant_id AND dp.device_id = v.device_id AND dp.deleted_date IS NULL
      JOIN std_param sp ON sp.id = dp.std_param_id
      LEFT JOIN param_limit l ON l.tenant_id = v.tenant_id AND l.device_id = v.device_id AND l.slot = dp.slot
      ORDER BY t.name, e.name, e.id, d.id, dp.slot`.execute(this.db);
    return rows;
  }

  /**
   * Per parameter and IST day in [from, to): slots with data outside suppression windows, those
   * within limits and the exceedances (slots beyond a limit, docs/DEFINITIONS.md).
   */
  async parameterDays(scope: ComplianceScope, from: Date, to: Date): Promise<ParamDayRow[]> {
    if (scope.tenantIds.length === 0) return [];
    // One plain aggregate over the rollups (no window: a sort of every slot cost seconds at 500 stations).
    const { rows } = await sql<ParamDayRow>`
      WITH devs AS (${devicesOf(scope)}),
      supp AS (${suppressedQuarters(from, to)}),
      judged AS (
        SELECT r.device_id, r.slot, ${istDay(sql.raw('r.bucket'), from, to)} AS dn, s.bucket IS NOT NULL AS suppressed,
               ${outsideLimitSql(sql`r.sum / r.n`, sql.raw('l.min_value'), sql.raw('l.max_value'))} AS beyond
        FROM devs v
        CROSS JOIN LATERAL ${quartersOf(sql`v.tenant_id`, sql`v.device_id`, from, to)} r
        LEFT JOIN param_limit l ON l.tenant_id = r.tenant_id AND l.device_id = r.device_id AND l.slot = r.slot
        LEFT JOIN supp s ON s.tenant_id = r.tenant_id AND s.device_id = r.device_id AND s.bucket = r.bucket
        WHERE r.n > 0
      )
      SELECT device_id, slot, to_char(date '1970-01-01' + dn, 'YYYY-MM-DD') AS day,
             count(*) FILTER (WHERE NOT suppressed)::int AS with_data,
             count(*) FILTER (WHERE NOT suppressed AND NOT beyond)::int AS within,
             count(*) FILTER (WHERE NOT suppressed AND beyond)::int AS beyond
      FROM judged GROUP BY device_id, slot, dn`.execute(this.db);
    return rows;
  }

  /** `parameterDays` of the closed IST days fromDay..toDay, from the compliance tables (070_compliance_days.sql). */
  async storedParameterDays(scope: ComplianceScope, fromDay: string, toDay: string): Promise<ParamDayRow[]> {
    if (scope.tenantIds.length === 0) return [];
    const { rows } = await sql<ParamDayRow>`
      WITH devs AS (${devicesOf(scope)})
      SELECT c.device_id, c.slot, to_char(c.day, 'YYYY-MM-DD') AS day, c.with_data, c.within, c.beyond
      FROM devs v JOIN compliance_param_day c ON c.tenant_id = v.tenant_id AND c.device_id = v.device_id
      WHERE c.day BETWEEN ${fromDay}::date AND ${toDay}::date`.execute(this.db);
    return rows;
  }

  /** `uptimeDays` of the closed IST days fromDay..toDay, from the compliance tables. */
  async storedUptimeDays(scope: ComplianceScope, fromDay: string, toDay: string): Promise<DeviceDayRow[]> {
    if (scope.tenantIds.length === 0) return [];
    const { rows } = await sql<DeviceDayRow>`
      WITH devs AS (${devicesOf(scope)})
      SELECT c.device_id, to_char(c.day, 'YYYY-MM-DD') AS day, c.unsuppressed AS n
      FROM devs v JOIN compliance_device_day c ON c.tenant_id = v.tenant_id AND c.device_id = v.device_id
      WHERE c.day BETWEEN ${fromDay}::date AND ${toDay}::date AND c.unsuppressed > 0`.execute(this.db);
    return rows;
  }

  /** Per device and IST day in [from, to): quarters in a calibration or maintenance window. */
  async suppressedDays(scope: ComplianceScope, from: Date, to: Date): Promise<DeviceDayRow[]> {
    if (scope.tenantIds.length === 0) return [];
    const { rows } = await sql<DeviceDayRow>`
      WITH devs AS (${devicesOf(scope)}),
      supp AS (${suppressedQuarters(from, to)})
      SELECT device_id, to_char((bucket AT TIME ZONE ${ZONE})::date, 'YYYY-MM-DD') AS day, count(*)::int AS n
      FROM supp GROUP BY device_id, day`.execute(this.db);
    return rows;
  }

  /** Per device and IST day in [from, to): quarters outside suppression windows with data of any parameter. */
  async uptimeDays(scope: ComplianceScope, from: Date, to: Date): Promise<DeviceDayRow[]> {
    if (scope.tenantIds.length === 0) return [];
    const { rows } = await sql<DeviceDayRow>`
      WITH devs AS (${devicesOf(scope)}),
      supp AS (${suppressedQuarters(from, to)}),
      quarters AS (
        SELECT r.tenant_id, r.device_id, r.bucket
        FROM devs v CROSS JOIN LATERAL ${quartersOf(sql`v.tenant_id`, sql`v.device_id`, from, to)} r
        WHERE r.n > 0
        GROUP BY 1, 2, 3
      )
      SELECT device_id, to_char(date '1970-01-01' + dn, 'YYYY-MM-DD') AS day, n FROM (
        SELECT q.device_id, ${istDay(sql.raw('q.bucket'), from, to)} AS dn, count(*)::int AS n
        FROM quarters q
        WHERE NOT EXISTS (SELECT 1 FROM supp s WHERE s.tenant_id = q.tenant_id AND s.device_id = q.device_id AND s.bucket = q.bucket)
        GROUP BY 1, 2
      ) d`.execute(this.db);
    return rows;
  }

  /** The scope's devices in service with their station and industry, and since when they serve. */
  async devices(scope: ComplianceScope): Promise<{ tenant_id: number; tenant_name: string; device_id: string; device_name: string; station_id: string; station_name: string; station_type: string; station_status: string | null; in_service_from: Date }[]> {
    if (scope.tenantIds.length === 0) return [];
    const { rows } = await sql<{ tenant_id: number; tenant_name: string; device_id: string; device_name: string; station_id: string; station_name: string; station_type: string; station_status: string | null; in_service_from: Date }>`
      WITH devs AS (${devicesOf(scope)})
      SELECT v.tenant_id, t.name AS tenant_name, d.id AS device_id, d.name AS device_name, e.id AS station_id, e.name AS station_name,
             e.type AS station_type, e.working_status AS station_status,
             ${inServiceFromSql('d')} AS in_service_from
      FROM devs v JOIN ${TENANT_ROWS} t ON t.id = v.tenant_id
      JOIN ${DEVICE_ROWS} d ON d.tenant_id = v.tenant_id AND d.id = v.device_id
      JOIN ${ENTITY_ROWS} e ON e.tenant_id = v.tenant_id AND e.id = v.entity_id
      ORDER BY t.name, e.name, d.name`.execute(this.db);
    return rows;
  }

  /** The scope's ENABLED stations, with or without devices. */
  async stations(scope: ComplianceScope): Promise<{ tenant_id: number; tenant_name: string; id: string; name: string; type: string; working_status: string | null }[]> {
    if (scope.tenantIds.length === 0) return [];
    const { rows } = await sql<{ tenant_id: number; tenant_name: string; id: string; name: string; type: string; working_status: string | null }>`
      SELECT e.tenant_id, t.name AS tenant_name, e.id, e.name, e.type, e.working_status
      FROM ${ENTITY_ROWS} e JOIN ${TENANT_ROWS} t ON t.id = e.tenant_id
      WHERE e.status = 'ENABLED' AND ${isStationSql('e')}
        AND ${stationFilter(scope, sql.raw('e.tenant_id'), sql.raw('e.id'))}
      ORDER BY t.name, e.name, e.id`.execute(this.db);
    return rows;
  }

  /**
   * Events of the scope's stations overlapping [from, to), newest first, at most `limit`:
   * exceedance episodes (alerts module), calibration and maintenance windows, outages (a gap of
   * at least an hour between slots with data of a device, or from its last slot to `to`) and working
   * status changes (071_station_status_changes.sql).
   */
  async timeline(scope: ComplianceScope, from: Date, to: Date, limit: number): Promise<TimelineRow[]> {
    if (scope.tenantIds.length === 0) return [];
    const { rows } = await sql<TimelineRow>`
      WITH devs AS (${devicesOf(scope)}),
      quarters AS (
        SELECT DISTINCT r.tenant_id, r.device_id, r.bucket
        FROM devs v CROSS JOIN LATERAL ${quartersOf(sql`v.tenant_id`, sql`v.device_id`, from, to)} r
        WHERE r.n > 0
      ),
      gaps AS (
        SELECT tenant_id, device_id, bucket + interval '15 minutes' AS at,
               lead(bucket) OVER (PARTITION BY tenant_id, device_id ORDER BY bucket) AS until
        FROM quarters
      )
      SELECT * FROM (
        ${exceedanceEvents(from, to)}
        UNION ALL
        SELECT w.kind, w.starts_at, w.ends_at, w.tenant_id, coalesce(w.entity_id, v.entity_id), w.device_id, NULL, NULL, NULL, NULL
        FROM suppression_window w
        JOIN (SELECT DISTINCT tenant_id, entity_id FROM devs) s ON s.tenant_id = w.tenant_id
        LEFT JOIN devs v ON v.tenant_id = w.tenant_id AND v.device_id = w.device_id
        WHERE (w.entity_id = s.entity_id OR v.entity_id = s.entity_id)
          AND w.starts_at < ${to} AND (w.ends_at IS NULL OR w.ends_at > ${from})
        UNION ALL
        SELECT 'OUTAGE', g.at, g.until, g.tenant_id, v.entity_id, g.device_id, NULL, NULL, NULL, NULL
        FROM gaps g JOIN devs v ON v.tenant_id = g.tenant_id AND v.device_id = g.device_id
        WHERE coalesce(g.until, ${to}::timestamptz) - g.at >= interval '1 hour'
        UNION ALL
        SELECT 'STATUS', c.at, NULL, c.tenant_id, c.station_id, NULL, NULL, NULL, NULL,
               coalesce(c.from_status, 'not set') || ' → ' || coalesce(c.to_status, 'not set')
        FROM station_status_change c
        WHERE ${stationFilter(scope, sql.raw('c.tenant_id'), sql.raw('c.station_id'))} AND c.at >= ${from} AND c.at < ${to}
      ) events
      ORDER BY at DESC, kind, device_id
      LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * The timeline's EXCEEDANCE events alone, of every station of the scope, newest first, at most
   * `limit` a station: without the outages (a window over every quarter of the range), windows and
   * status changes the timeline computes beside them.
   */
  async exceedances(scope: ComplianceScope, from: Date, to: Date, limit: number): Promise<TimelineRow[]> {
    if (scope.tenantIds.length === 0) return [];
    const { rows } = await sql<TimelineRow>`
      WITH devs AS (${devicesOf(scope)})
      SELECT kind, at, until, tenant_id, station_id, device_id, parameter, peak, slots, detail FROM (
        SELECT e.*, row_number() OVER (PARTITION BY e.station_id ORDER BY e.at DESC, e.device_id) AS nth
        FROM (${exceedanceEvents(from, to)}) e
      ) ranked
      WHERE nth <= ${limit}
      ORDER BY station_id, at DESC, device_id`.execute(this.db);
    return rows;
  }

  /** Exceedance episodes (EXCEEDANCE_EPISODE_TYPES) of the scope's devices that started in [from, to). */
  async episodesStarted(scope: ComplianceScope, from: Date, to: Date): Promise<number> {
    if (scope.tenantIds.length === 0) return 0;
    const { rows } = await sql<{ n: number }>`
      WITH devs AS (${devicesOf(scope)})
      SELECT count(*)::int AS n FROM alert_episode a JOIN devs v ON v.tenant_id = a.tenant_id AND v.device_id = a.device_id
      WHERE a.type IN (${sql.join(EXCEEDANCE_EPISODE_TYPES.map((t) => sql.lit(t)))}) AND a.started_at >= ${from} AND a.started_at < ${to}`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  /** Counts over the tenants for the statistics routes; `tenants` are those looked after (tenantsLookedAfter). */
  async counts(tenantIds: readonly number[], homeTenantId: number | null): Promise<{ tenants: number; industries: number; stations: number; devices: number; users: number }> {
    const t = sql.val([...tenantIds]);
    const lookedAfter = await tenantsLookedAfter(this.db, tenantIds, homeTenantId);
    const { rows } = await sql<{ industries: number; stations: number; devices: number; users: number }>`
      SELECT (SELECT count(*) FROM ${TENANT_ROWS} tenant WHERE id = ANY(${t}::int[]) AND ${isNotDeletedSql('tenant')} AND type = 'tenant')::int AS industries,
             (SELECT count(*) FROM ${ENTITY_ROWS} entity WHERE tenant_id = ANY(${t}::int[]) AND status = 'ENABLED' AND ${isStationSql('entity')})::int AS stations,
             (SELECT count(*) FROM ${DEVICE_ROWS} device WHERE tenant_id = ANY(${t}::int[]) AND ${isInServiceSql('device')})::int AS devices,
             (SELECT count(*) FROM app_user WHERE tenant_id = ANY(${t}::int[]) AND status <> 'DELETED')::int AS users`.execute(this.db);
    return { tenants: lookedAfter.length, ...rows[0]! };
  }

  /** Tenants by status and by type. */
  async tenantGroups(tenantIds: readonly number[], homeTenantId: number | null): Promise<{ status: string; type: string; n: number }[]> {
    // The tenants looked after, as `counts` counts them: the breakdown adds up to that count.
    const ids = (await tenantsLookedAfter(this.db, tenantIds, homeTenantId)).map((t) => t.id);
    const { rows } = await sql<{ status: string; type: string; n: number }>`
      SELECT status, type, count(*)::int AS n FROM ${TENANT_ROWS} tenant WHERE id = ANY(${sql.val(ids)}::int[]) GROUP BY status, type`.execute(this.db);
    return rows;
  }

  /** Stations (not groups or facilities) by working status and type. */
  async entityGroups(tenantIds: readonly number[]): Promise<{ status: string; type: string; n: number }[]> {
    const { rows } = await sql<{ status: string; type: string; n: number }>`
      SELECT coalesce(working_status, 'UNKNOWN') AS status, type, count(*)::int AS n FROM ${ENTITY_ROWS} entity
      WHERE tenant_id = ANY(${sql.val([...tenantIds])}::int[]) AND status = 'ENABLED' AND ${isStationSql('entity')}
      GROUP BY 1, 2`.execute(this.db);
    return rows;
  }

  /** Devices by live status of their last reading and by station type ('unmounted' without one). */
  async deviceGroups(tenantIds: readonly number[], now: Date, liveMs: number, delayedMs: number): Promise<{ status: string; type: string; n: number }[]> {
    const { rows } = await sql<{ status: string; type: string; n: number }>`
      SELECT CASE WHEN d.last_data_at IS NULL THEN 'UNKNOWN'
                  WHEN d.last_data_at >= ${new Date(now.getTime() - liveMs)} THEN 'LIVE'
                  WHEN d.last_data_at >= ${new Date(now.getTime() - delayedMs)} THEN 'DELAYED'
                  ELSE 'OFFLINE' END AS status,
             coalesce(e.type, 'unmounted') AS type, count(*)::int AS n
      FROM ${DEVICE_ROWS} d LEFT JOIN ${ENTITY_ROWS} e ON e.tenant_id = d.tenant_id AND e.id = d.entity_id
      WHERE d.tenant_id = ANY(${sql.val([...tenantIds])}::int[]) AND ${isInServiceSql('d')}
      GROUP BY 1, 2`.execute(this.db);
    return rows;
  }
}
