import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { DEVICE_ROWS, isInServiceSql } from '../devices/devices.queries.ts';
import type { EntityRestriction } from '../../platform/access/entity-access.ts';
import { ENTITY_ROWS, entityRows, visibleStationSql } from '../entities/entities.queries.ts';
import { isNotDeletedSql, TENANT_ROWS, tenantRows } from '../tenants/tenants.queries.ts';

export interface LogFilter {
  tenantId: number;
  connectionId?: number | undefined;
  stationId?: number | undefined;
  /** The stations the caller is limited to, if any (EntityService.restriction). */
  restriction: EntityRestriction | null;
  from: Date;
  to: Date;
}

export interface StationSyncRow {
  connection_id: string;
  station_id: string;
  station_name: string;
  station_type: string;
  last_data_at: Date | null;
  last_accepted_slot: Date | null;
  pending: number;
  expired: number;
  rejected: number;
  last_error: string | null;
}

export interface ReportingTenantRow {
  id: number;
  name: string;
  stations: number;
  mappings: number;
  enabled: number;
  stopped_at: Date | null;
  stopped_code: string | null;
  stopped_message: string | null;
  stopped_device: string | null;
  oldest_waiting: Date | null;
  last_accepted: Date | null;
}

export interface FileRow {
  id: string;
  connection_id: string;
  connection_name: string;
  station_id: string;
  station_name: string;
  slot: Date;
  status: string;
  kind: string;
  attempts: number;
  next_try_at: Date;
  sent_at: Date | null;
  last_error: string | null;
  value_count: number;
  calibration_count: number;
  created_at: Date;
}

export interface AttemptRow {
  id: string;
  connection_id: string;
  connection_name: string;
  station_id: string;
  station_name: string;
  slot: Date;
  kind: string;
  at: Date;
  duration_ms: number;
  outcome: string;
  http_status: number | null;
  error_code: string | null;
  answer: string;
}

const IST = 'Asia/Kolkata';

/** Reads of the outbox and the attempts: sync status, the SPEC 7 log lists, republish progress. */
export interface RepublishRow {
  id: string; tenant_id: number; station_id: string; station_name: string; params: string[]; from_ts: Date; to_ts: Date; reason: string;
  created_by: string; created_by_name: string | null; created_at: Date; total: number; sent: number; failed: number; pending: number;
}

export class RegulatorLogRepository extends Repository {
  /** Per mapped station of the industry on each of its connections: newest accepted slot and waiting records. */
  async stationSync(tenantIds: readonly number[], restriction: EntityRestriction | null, connectionIds?: readonly string[]): Promise<(StationSyncRow & { tenant_id: number })[]> {
    if (tenantIds.length === 0) return [];
    const { rows } = await sql<StationSyncRow & { tenant_id: number }>`
      SELECT m.tenant_id, m.connection_id::text AS connection_id, e.id::text AS station_id, e.name AS station_name, e.type AS station_type,
        e.last_data_at, s.last_accepted_slot,
        coalesce(o.pending, 0)::int AS pending, coalesce(o.expired, 0)::int AS expired, coalesce(o.rejected, 0)::int AS rejected, o.last_error
      FROM regulator_mapping m
      CROSS JOIN LATERAL jsonb_array_elements(m.stations) st
      JOIN ${ENTITY_ROWS} e ON e.tenant_id = m.tenant_id AND e.id = (st->>'stationId')::bigint
      LEFT JOIN regulator_station_sync s ON s.tenant_id = m.tenant_id AND s.connection_id = m.connection_id AND s.station_id = e.id
      LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE status = 'PENDING') AS pending, count(*) FILTER (WHERE status = 'EXPIRED') AS expired,
          count(*) FILTER (WHERE status = 'REJECTED') AS rejected,
          (array_agg(last_error ORDER BY updated_at DESC) FILTER (WHERE status = 'PENDING' AND last_error IS NOT NULL))[1] AS last_error
        FROM regulator_outbox x WHERE x.tenant_id = m.tenant_id AND x.connection_id = m.connection_id AND x.station_id = e.id
          -- Waiting records, and those settled in the last 7 days: a record expires only once its slot
          -- is past the back-fill limit, so a bound on the slot alone would never count one.
          AND (x.status = 'PENDING' OR x.slot > now() - interval '7 days' OR x.updated_at > now() - interval '7 days')
      ) o ON true
      WHERE m.tenant_id = ANY(${[...tenantIds]}::int[]) AND ${visibleStationSql(restriction, 'e.tenant_id', 'e.id')}
        ${connectionIds ? sql`AND m.connection_id = ANY(${[...connectionIds]}::bigint[])` : sql``}
      ORDER BY e.name, e.id`.execute(this.db);
    return rows;
  }

  /**
   * Per station of the industries: the distinct 15-minute slots in [from, to) queued for a regulator
   * (its mapped connections) and those every connection accepted.
   */
  async slotsAccepted(tenantIds: readonly number[], from: Date, to: Date): Promise<{ tenant_id: number; station_id: string; slots: number; accepted: number }[]> {
    if (tenantIds.length === 0) return [];
    const { rows } = await sql<{ tenant_id: number; station_id: string; slots: number; accepted: number }>`
      SELECT tenant_id, station_id::text AS station_id, count(*)::int AS slots, count(*) FILTER (WHERE sent)::int AS accepted
      FROM (
        SELECT tenant_id, station_id, slot, bool_and(status = 'SENT') AS sent
        FROM regulator_outbox
        WHERE tenant_id = ANY(${[...tenantIds]}::int[]) AND slot >= ${from} AND slot < ${to}
        GROUP BY 1, 2, 3
      ) s
      GROUP BY 1, 2`.execute(this.db);
    return rows;
  }

  /**
   * Per station of the industries, the push attempts in [from, to) whose outcome differs from the
   * attempt before on the same connection (the first in the period against the day before it).
   */
  async outcomeChanges(tenantIds: readonly number[], from: Date, to: Date): Promise<{ tenant_id: number; station_id: string; at: Date; outcome: 'SUCCESS' | 'ERROR'; error_code: string | null }[]> {
    if (tenantIds.length === 0) return [];
    const { rows } = await sql<{ tenant_id: number; station_id: string; at: Date; outcome: 'SUCCESS' | 'ERROR'; error_code: string | null }>`
      SELECT tenant_id, station_id::text AS station_id, at, outcome, error_code FROM (
        SELECT tenant_id, station_id, at, outcome, error_code,
               lag(outcome) OVER (PARTITION BY tenant_id, connection_id, station_id ORDER BY at, id) AS before
        FROM regulator_attempt
        WHERE tenant_id = ANY(${[...tenantIds]}::int[]) AND at >= ${new Date(from.getTime() - 86_400_000)} AND at < ${to}
      ) a
      WHERE at >= ${from} AND (before IS NULL AND outcome = 'ERROR' OR before <> outcome)`.execute(this.db);
    return rows;
  }

  /** The industries associated with a board. */
  async boardIndustries(boardId: number): Promise<{ id: number; name: string; state: string | null; city: string | null }[]> {
    return this.db
      .selectFrom('statutory_association as a')
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'a.tenant_id')
      .select(['t.id', 't.name', 't.state', 't.city'])
      .where('a.statutory_id', '=', boardId)
      .where(isNotDeletedSql('t'))
      .orderBy('t.name')
      .execute();
  }

  /**
   * Industries with stations of reporting types holding devices, with how they are connected: their
   * mappings, the enabled ones, the first stop a configuration error put on one, since when their
   * longest-waiting record waits, when a record was last accepted.
   */
  async reportingTenants(tenantIds: readonly number[]): Promise<ReportingTenantRow[]> {
    if (tenantIds.length === 0) return [];
    const { rows } = await sql<ReportingTenantRow>`
      SELECT t.id, t.name, st.stations,
        (SELECT count(*)::int FROM regulator_mapping m WHERE m.tenant_id = t.id) AS mappings,
        (SELECT count(*)::int FROM regulator_mapping m JOIN regulator_connection c ON c.id = m.connection_id WHERE m.tenant_id = t.id AND m.enabled AND c.enabled) AS enabled,
        stop.stopped_at, stop.stopped_code, stop.stopped_message, stop.stopped_device,
        (SELECT min(o.waiting_since) FROM regulator_outbox o WHERE o.tenant_id = t.id AND o.status = 'PENDING') AS oldest_waiting,
        (SELECT max(s.last_sent_at) FROM regulator_station_sync s WHERE s.tenant_id = t.id) AS last_accepted
      FROM ${TENANT_ROWS} t
      JOIN LATERAL (
        SELECT count(DISTINCT e.id)::int AS stations FROM ${ENTITY_ROWS} e JOIN ${DEVICE_ROWS} d ON d.tenant_id = e.tenant_id AND d.entity_id = e.id AND ${isInServiceSql('d')}
        WHERE e.tenant_id = t.id AND e.status = 'ENABLED' AND e.type IN ('eqms', 'cems', 'caaqms')
      ) st ON st.stations > 0
      LEFT JOIN LATERAL (
        SELECT m.stopped_at, m.stopped_code, m.stopped_message, m.stopped_device FROM regulator_mapping m JOIN regulator_connection c ON c.id = m.connection_id
        WHERE m.tenant_id = t.id AND m.enabled AND c.enabled AND m.stopped_at IS NOT NULL ORDER BY m.stopped_at LIMIT 1
      ) stop ON true
      WHERE t.id = ANY(${[...tenantIds]}::int[]) AND t.type = 'tenant' AND t.status NOT IN ('DELETED', 'DISABLED')
      ORDER BY t.name`.execute(this.db);
    return rows;
  }

  async filesPerDay(f: LogFilter): Promise<{ date: string; files: number; sent: number; pending: number; expired: number; rejected: number }[]> {
    const { rows } = await sql<{ date: string; files: number; sent: number; pending: number; expired: number; rejected: number }>`
      SELECT to_char(slot AT TIME ZONE ${IST}, 'YYYY-MM-DD') AS date, count(*)::int AS files,
        count(*) FILTER (WHERE status = 'SENT')::int AS sent, count(*) FILTER (WHERE status = 'PENDING')::int AS pending,
        count(*) FILTER (WHERE status = 'EXPIRED')::int AS expired, count(*) FILTER (WHERE status = 'REJECTED')::int AS rejected
      FROM regulator_outbox
      WHERE tenant_id = ${f.tenantId} AND slot >= ${f.from} AND slot < ${f.to} ${this.narrow(f)}
      GROUP BY 1 ORDER BY 1 DESC`.execute(this.db);
    return rows;
  }

  async files(f: LogFilter & { status?: string | undefined; page: number; size: number }): Promise<{ rows: FileRow[]; total: number }> {
    const where = sql`o.tenant_id = ${f.tenantId} AND o.slot >= ${f.from} AND o.slot < ${f.to} ${this.narrow(f, 'o.')}
      ${f.status ? sql`AND o.status = ${f.status}` : sql``}`;
    const { rows } = await sql<FileRow>`
      SELECT o.id::text AS id, o.connection_id::text AS connection_id, c.name AS connection_name, o.station_id::text AS station_id,
        coalesce(e.name, '') AS station_name, o.slot, o.status, o.kind, o.attempts, o.next_try_at, o.sent_at, o.last_error,
        o.value_count, o.calibration_count, o.created_at
      FROM regulator_outbox o JOIN regulator_connection c ON c.id = o.connection_id
      LEFT JOIN ${ENTITY_ROWS} e ON e.tenant_id = o.tenant_id AND e.id = o.station_id
      WHERE ${where}
      ORDER BY o.slot, e.name, o.id LIMIT ${f.size} OFFSET ${f.page * f.size}`.execute(this.db);
    const { rows: count } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM regulator_outbox o WHERE ${where}`.execute(this.db);
    return { rows, total: count[0]?.n ?? 0 };
  }

  async attempts(f: LogFilter & { outcome?: string | undefined; errorCode?: string | undefined; page: number; size: number }): Promise<{ rows: AttemptRow[]; total: number }> {
    const where = sql`a.tenant_id = ${f.tenantId} AND a.at >= ${f.from} AND a.at < ${f.to} ${this.narrow(f, 'a.')}
      ${f.outcome ? sql`AND a.outcome = ${f.outcome}` : sql``} ${f.errorCode ? sql`AND a.error_code = ${f.errorCode}` : sql``}`;
    const { rows } = await sql<AttemptRow>`
      SELECT a.id::text AS id, a.connection_id::text AS connection_id, c.name AS connection_name, a.station_id::text AS station_id,
        coalesce(e.name, '') AS station_name, a.slot, a.kind, a.at, a.duration_ms, a.outcome, a.http_status, a.error_code, a.answer
      FROM regulator_attempt a JOIN regulator_connection c ON c.id = a.connection_id
      LEFT JOIN ${ENTITY_ROWS} e ON e.tenant_id = a.tenant_id AND e.id = a.station_id
      WHERE ${where}
      ORDER BY a.at DESC, a.id DESC LIMIT ${f.size} OFFSET ${f.page * f.size}`.execute(this.db);
    const { rows: count } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM regulator_attempt a WHERE ${where}`.execute(this.db);
    return { rows, total: count[0]?.n ?? 0 };
  }

  async errorCounts(f: LogFilter): Promise<{ code: string; count: number }[]> {
    const { rows } = await sql<{ code: string; count: number }>`
      SELECT error_code AS code, count(*)::int AS count FROM regulator_attempt
      WHERE tenant_id = ${f.tenantId} AND at >= ${f.from} AND at < ${f.to} AND error_code IS NOT NULL ${this.narrow(f)}
      GROUP BY 1 ORDER BY 2 DESC, 1`.execute(this.db);
    return rows;
  }

  async successCounts(f: LogFilter): Promise<{ date: string; station_id: string; station_name: string; success: number; failed: number }[]> {
    const { rows } = await sql<{ date: string; station_id: string; station_name: string; success: number; failed: number }>`
      SELECT to_char(a.at AT TIME ZONE ${IST}, 'YYYY-MM-DD') AS date, a.station_id::text AS station_id, coalesce(e.name, '') AS station_name,
        count(*) FILTER (WHERE a.outcome = 'SUCCESS')::int AS success, count(*) FILTER (WHERE a.outcome = 'ERROR')::int AS failed
      FROM regulator_attempt a LEFT JOIN ${ENTITY_ROWS} e ON e.tenant_id = a.tenant_id AND e.id = a.station_id
      WHERE a.tenant_id = ${f.tenantId} AND a.at >= ${f.from} AND a.at < ${f.to} ${this.narrow(f, 'a.')}
      GROUP BY 1, 2, 3 ORDER BY 1 DESC, 3, 2`.execute(this.db);
    return rows;
  }

  /** Whether the station is one of the industry's entities. */
  async stationExists(tenantId: number, stationId: number): Promise<{ name: string } | undefined> {
    return this.db.selectFrom(entityRows(this.db).as('entity')).select('name').where('tenant_id', '=', tenantId).where('id', '=', String(stationId)).where('status', '=', 'ENABLED').executeTakeFirst();
  }

  async insertRepublish(values: { tenant_id: number; station_id: number; params: string[]; from_ts: Date; to_ts: Date; reason: string; created_by: string }): Promise<string> {
    const row = await this.db.insertInto('regulator_republish').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async setRepublishTotal(tenantId: number, id: string, total: number): Promise<void> {
    await this.db.updateTable('regulator_republish').set({ total }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /**
   * Republish requests with their progress. The asker's name is given only when `readable` holds the
   * asker's tenant, as the audit log does: a board sees that an operator of the site asked, not who.
   */
  async republishes(tenantId: number, readable: readonly number[], restriction: EntityRestriction | null, stationId?: number, id?: string): Promise<RepublishRow[]> {
    const { rows } = await sql<RepublishRow>`
      SELECT r.id::text AS id, r.tenant_id, r.station_id::text AS station_id, coalesce(e.name, '') AS station_name, r.params, r.from_ts, r.to_ts,
        r.reason, r.created_by, au.name AS created_by_name, r.created_at, r.total,
        coalesce(p.sent, 0)::int AS sent, coalesce(p.failed, 0)::int AS failed, coalesce(p.pending, 0)::int AS pending
      FROM regulator_republish r
      LEFT JOIN ${ENTITY_ROWS} e ON e.tenant_id = r.tenant_id AND e.id = r.station_id
      LEFT JOIN app_user au ON r.created_by LIKE 'user:%' AND au.id = substring(r.created_by FROM 6)::bigint
        AND au.tenant_id = ANY(${[...readable]}::int[])
      LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE status = 'SENT') AS sent, count(*) FILTER (WHERE status IN ('EXPIRED', 'REJECTED')) AS failed,
          count(*) FILTER (WHERE status = 'PENDING') AS pending
        FROM regulator_outbox o WHERE o.tenant_id = r.tenant_id AND o.republish_id = r.id
      ) p ON true
      WHERE r.tenant_id = ${tenantId} AND ${visibleStationSql(restriction, 'r.tenant_id', 'r.station_id')} ${stationId !== undefined ? sql`AND r.station_id = ${stationId}` : sql``} ${id !== undefined ? sql`AND r.id = ${id}` : sql``}
      ORDER BY r.created_at DESC, r.id DESC LIMIT 200`.execute(this.db);
    return rows;
  }

  private narrow(f: LogFilter, prefix = '') {
    return sql`${f.connectionId !== undefined ? sql`AND ${sql.raw(prefix)}connection_id = ${f.connectionId}` : sql``}
      ${f.stationId !== undefined ? sql`AND ${sql.raw(prefix)}station_id = ${f.stationId}` : sql``}
      ${f.restriction ? sql`AND ${visibleStationSql(f.restriction, `${prefix}tenant_id`, `${prefix}station_id`)}` : sql``}`;
  }
}
