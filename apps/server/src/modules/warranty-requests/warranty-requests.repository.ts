import type { WarrantyStatus } from '@enviro/contracts/warranty-requests';
import { sql } from 'kysely';
import type { EntityRestriction } from '../../platform/access/entity-access.ts';
import { Repository } from '../../platform/database/repository.ts';
import { DEVICE_ROWS } from '../devices/devices.queries.ts';
import { ENTITY_ROWS, visibleStationSql } from '../entities/entities.queries.ts';
import { TENANT_ROWS } from '../tenants/tenants.queries.ts';

export interface WarrantyRow {
  tenant_id: number;
  id: string;
  industry: string;
  device_id: string;
  device: string;
  station: string | null;
  serial_no: string;
  fault: string;
  status: WarrantyStatus;
  partner_id: number;
  partner: string;
  sla_hours: number;
  due_at: Date;
  response_hours: number;
  respond_by: Date;
  responded_at: Date | null;
  raised_by: number;
  /** Ids of the photos (documents, named through the documents area). */
  photo_ids: number[];
  raised_by_name: string;
  created_at: Date;
  updated_at: Date;
}

export interface CommentRow {
  id: string;
  author_name: string;
  status: WarrantyStatus | null;
  body: string;
  created_at: Date;
}

/** Who reads which requests: tenants, a station restriction, and for a partner's staff only those their partner handles. */
export interface WarrantyScope {
  tenantIds: readonly number[];
  restriction: EntityRestriction | null;
  partnerId: number | null;
}

/** Hours a partner without terms of its own has to resolve a request, and to respond to it. */
export const DEFAULT_SLA_HOURS = 72;
export const DEFAULT_RESPONSE_HOURS = 24;

/** Warranty requests, their photos and comment thread, partners' terms (101_warranty_requests.sql). */
export class WarrantyRepository extends Repository {
  private select(where: ReturnType<typeof sql>) {
    return sql<WarrantyRow>`
      SELECT w.tenant_id, w.id, t.name AS industry, w.device_id, d.name AS device, e.name AS station, w.serial_no, w.fault, w.status,
             w.partner_id, p.name AS partner, w.sla_hours, w.due_at, w.response_hours, w.respond_by, w.responded_at, w.raised_by,
             w.created_at, w.updated_at,
             coalesce((SELECT u.name FROM app_user u WHERE u.id = w.raised_by), 'a former user') AS raised_by_name,
             coalesce((SELECT json_agg(wd.document_id::int ORDER BY wd.document_id)
                FROM warranty_request_document wd WHERE wd.tenant_id = w.tenant_id AND wd.request_id = w.id), '[]') AS photo_ids
      FROM warranty_request w
      JOIN ${TENANT_ROWS} t ON t.id = w.tenant_id
      JOIN ${TENANT_ROWS} p ON p.id = w.partner_id
      JOIN ${DEVICE_ROWS} d ON d.tenant_id = w.tenant_id AND d.id = w.device_id
      LEFT JOIN ${ENTITY_ROWS} e ON e.tenant_id = d.tenant_id AND e.id = d.entity_id
      WHERE ${where}`;
  }

  private scoped(scope: WarrantyScope) {
    return sql.join(
      [
        sql`w.tenant_id = ANY(${sql.val([...scope.tenantIds])}::int[])`,
        scope.restriction ? sql`(d.entity_id IS NOT NULL AND ${visibleStationSql(scope.restriction, 'd.tenant_id', 'd.entity_id')})` : sql`true`,
        scope.partnerId !== null ? sql`w.partner_id = ${scope.partnerId}` : sql`true`,
      ],
      sql` AND `,
    );
  }

  async byId(scope: WarrantyScope, id: number, lock = false): Promise<WarrantyRow | undefined> {
    if (lock) await sql`SELECT 1 FROM warranty_request WHERE tenant_id = ANY(${sql.val([...scope.tenantIds])}::int[]) AND id = ${id} FOR UPDATE`.execute(this.db);
    const { rows } = await this.select(sql`${this.scoped(scope)} AND w.id = ${id}`).execute(this.db);
    return rows[0];
  }

  async list(scope: WarrantyScope, f: { status?: WarrantyStatus | undefined; overdue?: boolean | undefined; page: number; size: number }, now: Date): Promise<{ rows: WarrantyRow[]; total: number }> {
    // Overdue: either clock of the terms ran out while the partner has it (warrantyTimers).
    const running = sql`(w.status IN ('OPEN', 'IN_PROGRESS') AND (w.due_at < ${now} OR (w.responded_at IS NULL AND w.respond_by < ${now})))`;
    const where = sql.join(
      [this.scoped(scope), f.status ? sql`w.status = ${f.status}` : sql`true`, f.overdue === undefined ? sql`true` : f.overdue ? running : sql`NOT (${running})`],
      sql` AND `,
    );
    // Overdue first, then the soonest due, then the newest.
    const { rows } = await sql<WarrantyRow>`${this.select(where)} ORDER BY (${running}) DESC, (w.status IN ('OPEN', 'IN_PROGRESS')) DESC, w.due_at, w.id DESC LIMIT ${f.size} OFFSET ${f.page * f.size}`.execute(this.db);
    const { rows: count } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM warranty_request w JOIN ${DEVICE_ROWS} d ON d.tenant_id = w.tenant_id AND d.id = w.device_id WHERE ${where}`.execute(this.db);
    return { rows, total: count[0]?.n ?? 0 };
  }

  async comments(tenantId: number, requestId: string): Promise<CommentRow[]> {
    const { rows } = await sql<CommentRow>`
      SELECT id, author_name, status, body, created_at FROM warranty_comment WHERE tenant_id = ${tenantId} AND request_id = ${requestId} ORDER BY created_at, id`.execute(this.db);
    return rows;
  }

  /** A device of the scope's tenants on a station the caller sees (or in stock). */
  async device(scope: WarrantyScope, deviceId: number): Promise<{ tenantId: number } | undefined> {
    const { rows } = await sql<{ tenant_id: number }>`
      SELECT d.tenant_id FROM ${DEVICE_ROWS} d
      WHERE d.tenant_id = ANY(${sql.val([...scope.tenantIds])}::int[]) AND d.id = ${deviceId} AND d.deleted_date IS NULL
        AND (d.entity_id IS NULL OR ${visibleStationSql(scope.restriction, 'd.tenant_id', 'd.entity_id')})`.execute(this.db);
    return rows[0] && { tenantId: rows[0].tenant_id };
  }

  /** The industry's service partners with their SLA hours. */
  async partners(tenantId: number): Promise<{ id: number; slaHours: number; responseHours: number }[]> {
    const { rows } = await sql<{ id: number; sla_hours: number; response_hours: number }>`
      SELECT pt.partner_id AS id, coalesce(terms.sla_hours, ${DEFAULT_SLA_HOURS}) AS sla_hours, coalesce(terms.response_hours, ${DEFAULT_RESPONSE_HOURS}) AS response_hours
      FROM partner_tenant pt LEFT JOIN partner_warranty_terms terms ON terms.tenant_id = pt.partner_id
      WHERE pt.tenant_id = ${tenantId} ORDER BY pt.partner_id`.execute(this.db);
    return rows.map((r) => ({ id: r.id, slaHours: r.sla_hours, responseHours: r.response_hours }));
  }

  /** A partner tenant (type partner, not deleted) with its terms; `industries` limits it to partners of those. */
  async terms(partnerId: number, industries: readonly number[] | null): Promise<{ partner: string; sla_hours: number | null; response_hours: number | null; updated_at: Date | null } | undefined> {
    const { rows } = await sql<{ partner: string; sla_hours: number | null; response_hours: number | null; updated_at: Date | null }>`
      SELECT p.name AS partner, terms.sla_hours, terms.response_hours, terms.updated_at
      FROM ${TENANT_ROWS} p LEFT JOIN partner_warranty_terms terms ON terms.tenant_id = p.id
      WHERE p.id = ${partnerId} AND p.type = 'partner'
        AND (${industries === null} OR EXISTS (SELECT 1 FROM partner_tenant pt WHERE pt.partner_id = p.id AND pt.tenant_id = ANY(${sql.val([...(industries ?? [])])}::int[])))`.execute(this.db);
    return rows[0];
  }

  /** The partner's first answer to a request: its first move out of OPEN or comment. */
  async markResponded(tenantId: number, id: string, at: Date): Promise<void> {
    await sql`UPDATE warranty_request SET responded_at = ${at} WHERE tenant_id = ${tenantId} AND id = ${id} AND responded_at IS NULL`.execute(this.db);
  }

  /** Enabled users of the partner, to tell of the industry's moves and comments. */
  async partnerRecipients(partnerId: number): Promise<{ email: string; name: string }[]> {
    const { rows } = await sql<{ email: string; name: string }>`
      SELECT u.user_name AS email, u.name FROM app_user u
      WHERE u.status = 'ENABLED' AND u.tenant_id = ${partnerId} AND u.user_type = 'partner' ORDER BY u.user_name`.execute(this.db);
    return rows;
  }

  /** Who raised the request and the industry's administrators, enabled, to tell of the partner's moves and comments. */
  async industryRecipients(tenantId: number, raisedBy: number): Promise<{ email: string; name: string }[]> {
    const { rows } = await sql<{ email: string; name: string }>`
      SELECT u.user_name AS email, u.name FROM app_user u
      WHERE u.status = 'ENABLED' AND u.tenant_id = ${tenantId} AND (u.id = ${raisedBy} OR u.role = 'admin') ORDER BY u.user_name`.execute(this.db);
    return rows;
  }

  async insert(r: {
    tenantId: number; deviceId: number; serialNo: string; fault: string; partnerId: number; slaHours: number; dueAt: Date; responseHours: number; respondBy: Date;
    raisedBy: number; createdAt: Date; photoIds: readonly number[];
  }): Promise<string> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO warranty_request (tenant_id, device_id, serial_no, fault, partner_id, sla_hours, due_at, response_hours, respond_by, raised_by, created_at, updated_at)
      VALUES (${r.tenantId}, ${r.deviceId}, ${r.serialNo}, ${r.fault}, ${r.partnerId}, ${r.slaHours}, ${r.dueAt}, ${r.responseHours}, ${r.respondBy}, ${r.raisedBy}, ${r.createdAt}, ${r.createdAt})
      RETURNING id`.execute(this.db);
    const id = rows[0]!.id;
    if (r.photoIds.length) {
      await sql`INSERT INTO warranty_request_document (tenant_id, request_id, document_id)
                SELECT ${r.tenantId}, ${id}, x FROM unnest(${sql.val([...new Set(r.photoIds)])}::bigint[]) x`.execute(this.db);
    }
    return id;
  }

  async setStatus(tenantId: number, id: string, status: WarrantyStatus, at: Date): Promise<void> {
    await sql`
      UPDATE warranty_request SET status = ${status}, updated_at = ${at},
             resolved_at = CASE WHEN ${status} = 'RESOLVED' THEN ${at}::timestamptz WHEN ${status} = 'IN_PROGRESS' THEN NULL ELSE resolved_at END
      WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  async addComment(tenantId: number, requestId: string, c: { authorId: number; authorName: string; status: WarrantyStatus | null; body: string; at: Date }): Promise<void> {
    await sql`
      INSERT INTO warranty_comment (tenant_id, request_id, author_id, author_name, status, body, created_at)
      VALUES (${tenantId}, ${requestId}, ${c.authorId}, ${c.authorName}, ${c.status}, ${c.body}, ${c.at})`.execute(this.db);
    await sql`UPDATE warranty_request SET updated_at = ${c.at} WHERE tenant_id = ${tenantId} AND id = ${requestId}`.execute(this.db);
  }

  async delete(tenantId: number, id: string): Promise<void> {
    await sql`DELETE FROM warranty_request WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  async userName(userId: number): Promise<string> {
    const { rows } = await sql<{ name: string }>`SELECT name FROM app_user WHERE id = ${userId}`.execute(this.db);
    return rows[0]?.name ?? 'a user';
  }

  /** A partner's terms (PUT /api/warrantyTerms/{partnerId}; the demo seeds them too). */
  async setTerms(partnerId: number, slaHours: number, responseHours = Math.min(DEFAULT_RESPONSE_HOURS, slaHours)): Promise<void> {
    await sql`
      INSERT INTO partner_warranty_terms (tenant_id, sla_hours, response_hours) VALUES (${partnerId}, ${slaHours}, ${responseHours})
      ON CONFLICT (tenant_id) DO UPDATE SET sla_hours = EXCLUDED.sla_hours, response_hours = EXCLUDED.response_hours, updated_at = now()`.execute(this.db);
  }
}
