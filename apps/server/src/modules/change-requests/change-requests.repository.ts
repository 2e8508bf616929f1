import type { ChangeRequestQuery, ChangeRequestStatus, Correction, CrType } from '@enviro/contracts/change-requests';
import { sql } from 'kysely';
import type { EntityRestriction } from '../../platform/access/entity-access.ts';
import { Repository } from '../../platform/database/repository.ts';
import { DEVICE_ROWS } from '../devices/devices.queries.ts';
import { ENTITY_ROWS, isStationSql, visibleStationSql } from '../entities/entities.queries.ts';
import { TENANT_ROWS } from '../tenants/tenants.queries.ts';

/** A change request as stored, with the names the answers show. */
export interface ChangeRequestRow {
  tenant_id: number;
  id: string;
  industry: string;
  cr_type: CrType;
  status: ChangeRequestStatus;
  station_id: string;
  station: string;
  device_id: string | null;
  device: string | null;
  starts_at: Date;
  ends_at: Date;
  reason: string;
  param: string | null;
  param_slot: number | null;
  correction: Correction | null;
  /** Ids of the attached documents (named through the documents area). */
  document_ids: number[];
  raised_by: number;
  raised_by_name: string;
  window_id: string | null;
  correction_id: string | null;
  republish_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewChangeRequest {
  tenantId: number;
  crType: CrType;
  stationId: number;
  deviceId: number | null;
  startsAt: Date;
  endsAt: Date;
  reason: string;
  paramSlot: number | null;
  correction: Correction | null;
  raisedBy: number;
  documentIds: readonly number[];
  /** When it was raised or changed (the service's clock). */
  at: Date;
}

/** Who is told of a move, with the names the mail needs. */
export interface Recipient {
  email: string;
  name: string;
}

type ListFilter = Omit<ChangeRequestQuery, 'page' | 'size' | 'sort' | 'order'> & { page: number; size: number; sort: string; order: 'asc' | 'desc' };

const SORTS: Record<string, string> = { createdAt: 'r.created_at', from: 'r.starts_at', status: 'r.status', industry: 't.name' };

/** Change requests, their history and attachments (100_change_requests.sql). */
export class ChangeRequestRepository extends Repository {
  private select(where: ReturnType<typeof sql>) {
    return sql<ChangeRequestRow>`
      SELECT r.tenant_id, r.id, t.name AS industry, r.cr_type, r.status, r.station_id, e.name AS station,
             r.device_id, d.name AS device, r.starts_at, r.ends_at, r.reason,
             (SELECT p.name FROM device_param dp JOIN std_param p ON p.id = dp.std_param_id
               WHERE dp.tenant_id = r.tenant_id AND dp.device_id = r.device_id AND dp.slot = r.param_slot) AS param,
             r.param_slot, r.correction, r.raised_by,
             coalesce((SELECT u.name FROM app_user u WHERE u.id = r.raised_by), 'a former user') AS raised_by_name,
             r.window_id, r.correction_id, r.republish_id, r.created_at, r.updated_at,
             coalesce((SELECT json_agg(cd.document_id::int ORDER BY cd.document_id)
                FROM change_request_document cd WHERE cd.tenant_id = r.tenant_id AND cd.request_id = r.id), '[]') AS document_ids
      FROM change_request r
      JOIN ${TENANT_ROWS} t ON t.id = r.tenant_id
      JOIN ${ENTITY_ROWS} e ON e.tenant_id = r.tenant_id AND e.id = r.station_id
      LEFT JOIN ${DEVICE_ROWS} d ON d.tenant_id = r.tenant_id AND d.id = r.device_id
      WHERE ${where}`;
  }

  /** One request among `tenantIds` on a station the caller sees; `lock` holds it for a move. */
  async byId(tenantIds: readonly number[], restriction: EntityRestriction | null, id: number, lock = false): Promise<ChangeRequestRow | undefined> {
    if (lock) {
      await sql`SELECT 1 FROM change_request WHERE tenant_id = ANY(${sql.val([...tenantIds])}::int[]) AND id = ${id} FOR UPDATE`.execute(this.db);
    }
    const { rows } = await this.select(sql`r.tenant_id = ANY(${sql.val([...tenantIds])}::int[]) AND r.id = ${id} AND ${visibleStationSql(restriction, 'r.tenant_id', 'r.station_id')}`).execute(this.db);
    return rows[0];
  }

  async list(tenantIds: readonly number[], restriction: EntityRestriction | null, f: ListFilter): Promise<{ rows: ChangeRequestRow[]; total: number }> {
    const where = sql.join(
      [
        sql`r.tenant_id = ANY(${sql.val([...tenantIds])}::int[])`,
        visibleStationSql(restriction, 'r.tenant_id', 'r.station_id'),
        f.crType ? sql`r.cr_type = ${f.crType}` : sql`true`,
        f.status ? sql`r.status = ${f.status}` : sql`true`,
        f.stationId ? sql`r.station_id = ${f.stationId}` : sql`true`,
        f.from ? sql`r.ends_at > ${new Date(f.from)}` : sql`true`,
        f.to ? sql`r.starts_at < ${new Date(f.to)}` : sql`true`,
      ],
      sql` AND `,
    );
    const order = sql.raw(`${SORTS[f.sort] ?? 'r.created_at'} ${f.order === 'asc' ? 'ASC' : 'DESC'}, r.id ${f.order === 'asc' ? 'ASC' : 'DESC'}`);
    const { rows } = await sql<ChangeRequestRow>`${this.select(where)} ORDER BY ${order} LIMIT ${f.size} OFFSET ${f.page * f.size}`.execute(this.db);
    const { rows: count } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM change_request r WHERE ${where}`.execute(this.db);
    return { rows, total: count[0]?.n ?? 0 };
  }

  /** A station of `tenantIds` the caller sees, with its tenant. */
  async station(tenantIds: readonly number[], restriction: EntityRestriction | null, stationId: number): Promise<{ tenantId: number; name: string } | undefined> {
    const { rows } = await sql<{ tenant_id: number; name: string }>`
      SELECT e.tenant_id, e.name FROM ${ENTITY_ROWS} e
      WHERE e.tenant_id = ANY(${sql.val([...tenantIds])}::int[]) AND e.id = ${stationId} AND e.status <> 'DELETED'
        AND ${isStationSql('e')} AND ${visibleStationSql(restriction, 'e.tenant_id', 'e.id')}`.execute(this.db);
    return rows[0] ? { tenantId: rows[0].tenant_id, name: rows[0].name } : undefined;
  }

  /** Whether the device is mounted on the station now. */
  async deviceOn(tenantId: number, stationId: number, deviceId: number): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM ${DEVICE_ROWS} d WHERE d.tenant_id = ${tenantId} AND d.id = ${deviceId} AND d.entity_id = ${stationId} AND d.deleted_date IS NULL`.execute(this.db);
    return rows.length > 0;
  }

  /** The slot of a parameter of the device, by its key. */
  async paramSlot(tenantId: number, deviceId: number, param: string): Promise<number | undefined> {
    const { rows } = await sql<{ slot: number }>`
      SELECT dp.slot FROM device_param dp JOIN std_param p ON p.id = dp.std_param_id
      WHERE dp.tenant_id = ${tenantId} AND dp.device_id = ${deviceId} AND p.name = ${param} AND dp.deleted_date IS NULL`.execute(this.db);
    return rows[0]?.slot;
  }

  /**
   * Serialises the checks and writes of one station's maintenance windows, so two approvals of
   * overlapping windows cannot both pass the overlap check.
   */
  async lockStation(tenantId: number, stationId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext('enviro.change_request.station'), hashtext(${`${tenantId}:${stationId}`}))`.execute(this.db);
  }

  /** An approved maintenance request of the station (any of its analysers) whose window overlaps [from, to), other than `exceptId`. */
  async approvedOverlap(tenantId: number, stationId: number, from: Date, to: Date, exceptId?: number): Promise<{ id: string; starts_at: Date; ends_at: Date } | undefined> {
    const { rows } = await sql<{ id: string; starts_at: Date; ends_at: Date }>`
      SELECT id, starts_at, ends_at FROM change_request
      WHERE tenant_id = ${tenantId} AND station_id = ${stationId} AND cr_type = 'MAINTENANCE'
        AND status IN ('APPROVED', 'CLOSED') AND window_id IS NOT NULL
        AND starts_at < ${to} AND ends_at > ${from} AND id <> ${exceptId ?? 0}
      ORDER BY starts_at LIMIT 1`.execute(this.db);
    return rows[0];
  }

  async insert(r: NewChangeRequest): Promise<string> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO change_request (tenant_id, cr_type, status, station_id, device_id, starts_at, ends_at, reason, param_slot, correction, raised_by, created_at, updated_at)
      VALUES (${r.tenantId}, ${r.crType}, 'SUBMITTED', ${r.stationId}, ${r.deviceId}, ${r.startsAt}, ${r.endsAt}, ${r.reason}, ${r.paramSlot},
              ${r.correction ? JSON.stringify(r.correction) : null}::jsonb, ${r.raisedBy}, ${r.at}, ${r.at})
      RETURNING id`.execute(this.db);
    const id = rows[0]!.id;
    await this.attach(r.tenantId, id, r.documentIds);
    return id;
  }

  /** Replaces the details of a request (its status and history stay). */
  async replace(id: string, r: NewChangeRequest): Promise<void> {
    await sql`
      UPDATE change_request SET station_id = ${r.stationId}, device_id = ${r.deviceId}, starts_at = ${r.startsAt}, ends_at = ${r.endsAt},
             reason = ${r.reason}, param_slot = ${r.paramSlot}, correction = ${r.correction ? JSON.stringify(r.correction) : null}::jsonb, updated_at = ${r.at}
      WHERE tenant_id = ${r.tenantId} AND id = ${id}`.execute(this.db);
    await sql`DELETE FROM change_request_document WHERE tenant_id = ${r.tenantId} AND request_id = ${id}`.execute(this.db);
    await this.attach(r.tenantId, id, r.documentIds);
  }

  private async attach(tenantId: number, id: string, documentIds: readonly number[]): Promise<void> {
    if (documentIds.length === 0) return;
    await sql`
      INSERT INTO change_request_document (tenant_id, request_id, document_id)
      SELECT ${tenantId}, ${id}, x FROM unnest(${sql.val([...new Set(documentIds)])}::bigint[]) x`.execute(this.db);
  }

  async setStatus(tenantId: number, id: string, status: ChangeRequestStatus, at: Date, windowId?: string): Promise<void> {
    await sql`
      UPDATE change_request SET status = ${status}, updated_at = ${at}, window_id = coalesce(${windowId ?? null}::bigint, window_id)
      WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  /** What approving a correction did: the layer's version and the regulator republish (null: none due). */
  async setApplied(tenantId: number, id: string, correctionId: string, republishId: string | null): Promise<void> {
    await sql`UPDATE change_request SET correction_id = ${correctionId}, republish_id = ${republishId} WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  /** Approved corrections applied while no regulator connection mapped their station: nothing was republished. */
  async unsentCorrections(): Promise<{ tenant_id: number; id: string }[]> {
    const { rows } = await sql<{ tenant_id: number; id: string }>`
      SELECT tenant_id, id FROM change_request
      WHERE cr_type = 'CORRECTION' AND status IN ('APPROVED', 'CLOSED') AND correction_id IS NOT NULL AND republish_id IS NULL
      ORDER BY tenant_id, id`.execute(this.db);
    return rows;
  }

  /** Who approved the request (the actor of its APPROVED move). */
  async approver(tenantId: number, requestId: string): Promise<number | undefined> {
    const { rows } = await sql<{ actor_id: number }>`
      SELECT actor_id FROM change_request_event WHERE tenant_id = ${tenantId} AND request_id = ${requestId} AND status = 'APPROVED' ORDER BY at DESC, id DESC LIMIT 1`.execute(this.db);
    return rows[0]?.actor_id;
  }

  /** A request by id whatever the caller (for the system's own passes). */
  async anyById(tenantId: number, id: string): Promise<ChangeRequestRow | undefined> {
    const { rows } = await this.select(sql`r.tenant_id = ${tenantId} AND r.id = ${id}`).execute(this.db);
    return rows[0];
  }

  async addEvent(tenantId: number, requestId: string, e: { status: ChangeRequestStatus; actorId: number; actorName: string; comment: string; at: Date }): Promise<void> {
    await sql`
      INSERT INTO change_request_event (tenant_id, request_id, status, actor_id, actor_name, comment, at)
      VALUES (${tenantId}, ${requestId}, ${e.status}, ${e.actorId}, ${e.actorName}, ${e.comment}, ${e.at})`.execute(this.db);
  }

  async history(tenantId: number, requestId: string): Promise<{ status: ChangeRequestStatus; at: Date; actor_name: string; comment: string }[]> {
    const { rows } = await sql<{ status: ChangeRequestStatus; at: Date; actor_name: string; comment: string }>`
      SELECT status, at, actor_name, comment FROM change_request_event
      WHERE tenant_id = ${tenantId} AND request_id = ${requestId} ORDER BY at, id`.execute(this.db);
    return rows;
  }

  /** A user's name as the history keeps it. */
  async userName(userId: number): Promise<string> {
    const { rows } = await sql<{ name: string }>`SELECT name FROM app_user WHERE id = ${userId}`.execute(this.db);
    return rows[0]?.name ?? 'a user';
  }

  /** The enabled users of the boards the industry reports to. */
  async boardRecipients(tenantId: number): Promise<Recipient[]> {
    const { rows } = await sql<Recipient>`
      SELECT u.user_name AS email, u.name FROM app_user u
      JOIN statutory_association s ON s.statutory_id = u.tenant_id AND s.tenant_id = ${tenantId}
      WHERE u.status = 'ENABLED' AND u.user_type = 'statutory'
      ORDER BY u.user_name`.execute(this.db);
    return rows;
  }

  /** Who raised the request and the industry's administrators, enabled. */
  async industryRecipients(tenantId: number, raisedBy: number): Promise<Recipient[]> {
    const { rows } = await sql<Recipient>`
      SELECT u.user_name AS email, u.name FROM app_user u
      WHERE u.status = 'ENABLED' AND u.tenant_id = ${tenantId} AND (u.id = ${raisedBy} OR u.role = 'admin')
      ORDER BY u.user_name`.execute(this.db);
    return rows;
  }
}
