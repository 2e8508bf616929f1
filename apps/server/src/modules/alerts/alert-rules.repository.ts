import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { deviceRows } from '../devices/devices.queries.ts';
import { entityRows } from '../entities/entities.queries.ts';
import { tenantRows } from '../tenants/tenants.queries.ts';

export interface RuleRow {
  tenant_id: number;
  id: string;
  industry_name: string;
  name: string;
  entity_id: string | null;
  entity_name: string | null;
  category: string | null;
  param_names: string[];
  device_ids: string[];
  status: string;
  severity: string;
  escalation_id: string | null;
  condition: string;
  comparison: string;
  threshold_min: number | null;
  threshold_max: number | null;
  duration_minutes: number | null;
  clear_slots: number;
  is_default: boolean;
  updated_at: Date;
}

export interface RuleValues {
  name: string;
  entity_id: string | null;
  category: string | null;
  std_param_ids: number[];
  device_ids: string[];
  status: string;
  severity: string;
  escalation_id: string | null;
  condition: string;
  comparison: string;
  threshold_min: number | null;
  threshold_max: number | null;
  duration_minutes: number | null;
  clear_slots: number;
}

export interface EscalationRow {
  tenant_id: number;
  id: string;
  name: string;
  is_default: boolean;
  levels: unknown[];
  updated_at: Date;
}

/** Alert rules and escalation policies (the administration's tables). */
export class AlertRuleRepository extends Repository {
  private rules() {
    return this.db
      .selectFrom('alert_rule as r')
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'r.tenant_id')
      .leftJoin(entityRows(this.db).as('e'), (j) => j.onRef('e.tenant_id', '=', 'r.tenant_id').onRef('e.id', '=', 'r.entity_id'))
      .select([
        'r.tenant_id',
        'r.id',
        't.name as industry_name',
        'r.name',
        'r.entity_id',
        'e.name as entity_name',
        'r.category',
        sql<string[]>`coalesce((SELECT array_agg(sp.name ORDER BY sp.name) FROM std_param sp WHERE sp.id = ANY(r.std_param_ids)), '{}')`.as('param_names'),
        sql<string[]>`r.device_ids::text[]`.as('device_ids'),
        'r.status',
        'r.severity',
        'r.escalation_id',
        'r.condition',
        'r.comparison',
        'r.threshold_min',
        'r.threshold_max',
        'r.duration_minutes',
        'r.clear_slots',
        'r.is_default',
        'r.updated_at',
      ])
      .where('r.status', '!=', 'DELETED');
  }

  async list(
    f: { tenantIds: readonly number[]; entityId?: string | undefined; type?: string | undefined; status?: string | undefined },
    page: { page: number; size: number },
  ): Promise<{ rows: RuleRow[]; total: number }> {
    if (f.tenantIds.length === 0) return { rows: [], total: 0 };
    const q = this.rules()
      .where('r.tenant_id', 'in', f.tenantIds)
      .$if(f.entityId !== undefined, (qb) => qb.where('r.entity_id', '=', f.entityId!))
      .$if(f.type !== undefined, (qb) => qb.where('r.condition', '=', f.type!))
      .$if(f.status !== undefined, (qb) => qb.where('r.status', '=', f.status!));
    const [rows, count] = await Promise.all([
      q.orderBy('t.name').orderBy('e.name').orderBy('r.name').orderBy('r.id').limit(page.size).offset(page.page * page.size).execute(),
      q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as RuleRow[], total: count.n };
  }

  async byId(tenantIds: readonly number[], id: number): Promise<RuleRow | undefined> {
    if (tenantIds.length === 0) return undefined;
    return (await this.rules().where('r.tenant_id', 'in', tenantIds).where('r.id', '=', String(id)).executeTakeFirst()) as RuleRow | undefined;
  }

  /** The rule's raw row, locked, for a change and its audit entry. */
  async lock(tenantId: number, id: number) {
    return this.db.selectFrom('alert_rule').selectAll().where('tenant_id', '=', tenantId).where('id', '=', String(id)).where('status', '!=', 'DELETED').forUpdate().executeTakeFirst();
  }

  async insert(tenantId: number, v: RuleValues): Promise<string> {
    const row = await this.db
      .insertInto('alert_rule')
      .values({ tenant_id: tenantId, ...v })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The rule of a condition on a station (raised alerts: one per station and condition), any status but DELETED. */
  async ruleOfStation(tenantId: number, entityId: number | null, condition: string): Promise<{ id: string; status: string; severity: string; escalationId: string | null } | undefined> {
    const row = await this.db
      .selectFrom('alert_rule')
      .select(['id', 'status', 'severity', 'escalation_id'])
      .where('tenant_id', '=', tenantId)
      .where('entity_id', entityId === null ? 'is' : '=', entityId === null ? null : String(entityId))
      .where('condition', '=', condition)
      .where('status', '!=', 'DELETED')
      .orderBy('id')
      .executeTakeFirst();
    return row && { id: row.id, status: row.status, severity: row.severity, escalationId: row.escalation_id };
  }

  async update(tenantId: number, id: number, v: Partial<RuleValues>, now: Date): Promise<void> {
    await this.db
      .updateTable('alert_rule')
      .set({ ...v, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .execute();
  }

  /** Ids of standard parameters by name; names not found are missing from the map. */
  async paramIds(names: readonly string[]): Promise<Map<string, number>> {
    if (names.length === 0) return new Map();
    const rows = await this.db.selectFrom('std_param').select(['id', 'name']).where('name', 'in', names).execute();
    return new Map(rows.map((r) => [r.name, r.id]));
  }

  /** Whether an entity of the tenant exists (not deleted). */
  async entityExists(tenantId: number, id: number): Promise<boolean> {
    const row = await this.db.selectFrom(entityRows(this.db).as('entity')).select('id').where('tenant_id', '=', tenantId).where('id', '=', String(id)).where('status', '!=', 'DELETED').executeTakeFirst();
    return row !== undefined;
  }

  /** The devices of the tenant among `ids`. */
  async existingDevices(tenantId: number, ids: readonly number[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom(deviceRows(this.db).as('device')).select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids.map(String)).execute();
    return new Set(rows.map((r) => r.id));
  }

  // --- escalations --------------------------------------------------------------------------------

  async escalations(tenantIds: readonly number[]): Promise<EscalationRow[]> {
    if (tenantIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('alert_escalation')
      .select(['tenant_id', 'id', 'name', 'is_default', 'levels', 'updated_at'])
      .where('tenant_id', 'in', tenantIds)
      .where('status', '=', 'ENABLED')
      .orderBy('tenant_id')
      .orderBy('is_default', 'desc')
      .orderBy('name')
      .execute();
    return rows as EscalationRow[];
  }

  async escalation(tenantIds: readonly number[], id: number): Promise<EscalationRow | undefined> {
    if (tenantIds.length === 0) return undefined;
    return (await this.db
      .selectFrom('alert_escalation')
      .select(['tenant_id', 'id', 'name', 'is_default', 'levels', 'updated_at'])
      .where('tenant_id', 'in', tenantIds)
      .where('id', '=', String(id))
      .where('status', '=', 'ENABLED')
      .forUpdate()
      .executeTakeFirst()) as EscalationRow | undefined;
  }

  /** Clears the tenant's default, so another can become it. */
  async clearDefault(tenantId: number): Promise<void> {
    await this.db.updateTable('alert_escalation').set({ is_default: false }).where('tenant_id', '=', tenantId).where('is_default', '=', true).execute();
  }

  async insertEscalation(tenantId: number, v: { name: string; is_default: boolean; levels: unknown[] }): Promise<string> {
    const row = await this.db
      .insertInto('alert_escalation')
      .values({ tenant_id: tenantId, name: v.name, is_default: v.is_default, levels: JSON.stringify(v.levels) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateEscalation(tenantId: number, id: number, v: { name: string; is_default: boolean; levels: unknown[] }, now: Date): Promise<void> {
    await this.db
      .updateTable('alert_escalation')
      .set({ name: v.name, is_default: v.is_default, levels: JSON.stringify(v.levels), updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .execute();
  }

  /** Soft-deletes a policy; rules using it fall back to the tenant's default. */
  async deleteEscalation(tenantId: number, id: number, now: Date): Promise<void> {
    await this.db.updateTable('alert_rule').set({ escalation_id: null }).where('tenant_id', '=', tenantId).where('escalation_id', '=', String(id)).execute();
    await this.db
      .updateTable('alert_escalation')
      .set({ status: 'DELETED', is_default: false, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .execute();
  }
}
