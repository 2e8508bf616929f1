import { sql, type Generated } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { ENTITY_ROWS } from '../entities/entities.queries.ts';
import { TENANT_ROWS } from '../tenants/tenants.queries.ts';

/** migrations/111_consents.sql */
type ConsentTables = {
  consent: {
    tenant_id: number;
    id: Generated<string>;
    entity_id: number | string | null;
    kind: string;
    number: string;
    issued_by: string;
    issued_on: string;
    expires_on: string;
    document_id: number | string | null;
    created_by: number | string | null;
    created_at: Generated<Date>;
  };
  consent_limit: { tenant_id: number; consent_id: number | string; param_name: string; max_value: number; unit: string };
  consent_reminder: { tenant_id: number; consent_id: number | string; step: number; recipients: number; sent_at: Generated<Date> };
};

export interface ConsentRow {
  id: string;
  tenant_id: number;
  tenant_name: string;
  entity_id: string | null;
  entity_name: string | null;
  kind: string;
  number: string;
  issued_by: string;
  issued_on: string;
  expires_on: string;
  document_id: string | null;
  created_at: Date;
  limits: { paramName: string; maxValue: number; unit: string }[];
}

export interface NewConsentRow {
  tenantId: number;
  entityId: number | null;
  kind: string;
  number: string;
  issuedBy: string;
  issuedOn: string;
  expiresOn: string;
  documentId: number | null;
  createdBy: number | null;
  limits: { paramName: string; maxValue: number; unit: string }[];
}

export interface ConsentFilter {
  id?: number | undefined;
  entityId?: number | undefined;
  kind?: string | undefined;
  /** Only the newest consent (by issue day) of each kind and station or industry: the one in force. */
  newestOnly?: boolean;
  /** Only those expiring on or before this day. */
  expiringBy?: string;
}

/** The newest consent of its kind for its station (or the whole industry) is the one in force. */
const NEWEST = sql`NOT EXISTS (SELECT 1 FROM consent n WHERE n.tenant_id = c.tenant_id AND n.kind = c.kind
  AND n.entity_id IS NOT DISTINCT FROM c.entity_id AND (n.issued_on, n.id) > (c.issued_on, c.id))`;

/** Consents, their limits and the reminders sent of them (migration 111); every statement names the tenants. */
export class ConsentRepository extends Repository {
  private get t() {
    return this.db.withTables<ConsentTables>();
  }

  async insert(c: NewConsentRow): Promise<number> {
    const { id } = await this.t
      .insertInto('consent')
      .values({ tenant_id: c.tenantId, entity_id: c.entityId, kind: c.kind, number: c.number, issued_by: c.issuedBy, issued_on: c.issuedOn, expires_on: c.expiresOn, document_id: c.documentId, created_by: c.createdBy })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (c.limits.length > 0)
      await this.t
        .insertInto('consent_limit')
        .values(c.limits.map((l) => ({ tenant_id: c.tenantId, consent_id: id, param_name: l.paramName, max_value: l.maxValue, unit: l.unit })))
        .execute();
    return Number(id);
  }

  async delete(tenantId: number, id: number): Promise<void> {
    await this.t.deleteFrom('consent').where('tenant_id', '=', tenantId).where('id', '=', String(id)).execute();
  }

  /** Consents of the tenants, with their limits, soonest expiry first. */
  async list(tenantIds: readonly number[], visibleEntityIds: readonly string[] | null, filter: ConsentFilter): Promise<ConsentRow[]> {
    if (tenantIds.length === 0) return [];
    const { rows } = await sql<ConsentRow>`
      SELECT c.id, c.tenant_id, t.name AS tenant_name, c.entity_id, e.name AS entity_name, c.kind, c.number, c.issued_by,
             to_char(c.issued_on, 'YYYY-MM-DD') AS issued_on, to_char(c.expires_on, 'YYYY-MM-DD') AS expires_on, c.document_id, c.created_at,
             coalesce((SELECT json_agg(json_build_object('paramName', l.param_name, 'maxValue', l.max_value, 'unit', l.unit) ORDER BY l.param_name)
                       FROM consent_limit l WHERE l.tenant_id = c.tenant_id AND l.consent_id = c.id), '[]') AS limits
      FROM consent c
      JOIN ${TENANT_ROWS} t ON t.id = c.tenant_id
      LEFT JOIN ${ENTITY_ROWS} e ON e.tenant_id = c.tenant_id AND e.id = c.entity_id
      WHERE c.tenant_id = ANY(${sql.val([...tenantIds])}::int[])
        ${filter.id === undefined ? sql`` : sql`AND c.id = ${filter.id}`}
        ${filter.entityId === undefined ? sql`` : sql`AND c.entity_id = ${filter.entityId}`}
        ${filter.kind === undefined ? sql`` : sql`AND c.kind = ${filter.kind}`}
        ${filter.expiringBy === undefined ? sql`` : sql`AND c.expires_on <= ${filter.expiringBy}::date`}
        ${visibleEntityIds === null ? sql`` : sql`AND (c.entity_id IS NULL OR c.entity_id = ANY(${sql.val([...visibleEntityIds])}::bigint[]))`}
        ${filter.newestOnly ? sql`AND ${NEWEST}` : sql``}
      ORDER BY c.expires_on, c.id`.execute(this.db);
    return rows;
  }

  /** Consents in force of every tenant expiring on or before `by`, with the reminder steps already sent of each. */
  async nearingExpiry(by: string): Promise<{ tenant_id: number; id: string; kind: string; expires_on: string; sent_steps: number[] }[]> {
    const { rows } = await sql<{ tenant_id: number; id: string; kind: string; expires_on: string; sent_steps: number[] }>`
      SELECT c.tenant_id, c.id, c.kind, to_char(c.expires_on, 'YYYY-MM-DD') AS expires_on,
             coalesce(array_agg(r.step) FILTER (WHERE r.step IS NOT NULL), '{}') AS sent_steps
      FROM consent c
      LEFT JOIN consent_reminder r ON r.tenant_id = c.tenant_id AND r.consent_id = c.id
      WHERE c.expires_on <= ${by}::date AND ${NEWEST}
      GROUP BY c.tenant_id, c.id
      ORDER BY c.expires_on, c.id`.execute(this.db);
    return rows;
  }

  /**
   * Claims the step's reminder of the consent for this transaction: true when no server sent it (a
   * concurrent claim waits on this one's commit, then finds the row and gets false).
   */
  async claimReminder(tenantId: number, consentId: number, step: number, recipients: number): Promise<boolean> {
    const row = await this.t
      .insertInto('consent_reminder')
      .values({ tenant_id: tenantId, consent_id: consentId, step, recipients })
      .onConflict((oc) => oc.doNothing())
      .returning('step')
      .executeTakeFirst();
    return row !== undefined;
  }
}
