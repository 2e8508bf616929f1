import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { deviceRows, isInServiceSql } from '../devices/devices.queries.ts';
import { entityRows } from '../entities/entities.queries.ts';

/** A dashboard row as the service reads it. */
export interface DashboardRow {
  tenantId: number;
  id: number;
  name: string;
  entityType: string | null;
  ownerUserTenantId: number | null;
  ownerUserId: number | null;
  sharedRoles: string[];
  template: string | null;
  widgets: unknown[];
  updatedAt: Date;
}

/** What a dashboard is written with. */
export interface DashboardValues {
  name: string;
  entityType: string | null;
  owner: { tenantId: number; userId: number } | null;
  sharedRoles: readonly string[];
  template?: string | null;
  widgets: readonly unknown[];
}

/** Who is looking: the tenant acted for, the user and their role, and whether they see every dashboard. */
export interface DashboardViewer {
  tenantId: number;
  userTenantId: number;
  userId: number;
  role: string;
  seesAll: boolean;
}

const COLUMNS = [
  'tenant_id as tenantId',
  'id',
  'name',
  'entity_type as entityType',
  'owner_user_tenant_id as ownerUserTenantId',
  'owner_user_id as ownerUserId',
  'shared_roles as sharedRoles',
  'template',
  'widgets',
  'updated_at as updatedAt',
] as const;

/** Dashboards of a tenant, each with its widgets as one JSON array. */
export class DashboardRepository extends Repository {
  /** The dashboards `viewer` sees: their own, those shared with their role, all when `seesAll`. */
  async visible(viewer: DashboardViewer, entityType?: string): Promise<DashboardRow[]> {
    const rows = await this.db
      .selectFrom('dashboard')
      .select(COLUMNS)
      .where('tenant_id', '=', viewer.tenantId)
      .$if(entityType !== undefined, (q) => q.where('entity_type', '=', entityType!))
      .$if(!viewer.seesAll, (q) =>
        q.where((eb) =>
          eb.or([
            eb.and([eb('owner_user_tenant_id', '=', viewer.userTenantId), eb('owner_user_id', '=', String(viewer.userId))]),
            sql<boolean>`${viewer.role} = ANY(shared_roles)`,
          ]),
        ),
      )
      // Tenant dashboards first, then by name as people read it.
      .orderBy(sql`owner_user_id IS NOT NULL`)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
    return rows.map(toRow);
  }

  /**
   * The tenant dashboards (not users' own) that `tenantId` shares with every one of its users
   * (role `role`): what a reader from outside the tenant sees of it.
   */
  async sharedWithAll(tenantId: number, role: string, entityType?: string): Promise<DashboardRow[]> {
    const rows = await this.db
      .selectFrom('dashboard')
      .select(COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('owner_user_id', 'is', null)
      .where(sql<boolean>`${role} = ANY(shared_roles)`)
      .$if(entityType !== undefined, (q) => q.where('entity_type', '=', entityType!))
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
    return rows.map(toRow);
  }

  async find(tenantId: number, id: number): Promise<DashboardRow | undefined> {
    const row = await this.db.selectFrom('dashboard').select(COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', String(id)).executeTakeFirst();
    return row ? toRow(row) : undefined;
  }

  async insert(tenantId: number, values: DashboardValues, createdBy: number | null): Promise<number> {
    const row = await this.db
      .insertInto('dashboard')
      .values({
        tenant_id: tenantId,
        name: values.name,
        entity_type: values.entityType,
        owner_user_tenant_id: values.owner?.tenantId ?? null,
        owner_user_id: values.owner ? String(values.owner.userId) : null,
        shared_roles: [...values.sharedRoles],
        template: values.template ?? null,
        widgets: JSON.stringify(values.widgets),
        created_by: createdBy === null ? null : String(createdBy),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Inserts a station type's template unless the tenant has it (two requests seeding at once add one). */
  async insertTemplate(tenantId: number, values: DashboardValues & { template: string }): Promise<boolean> {
    const rows = await this.db
      .insertInto('dashboard')
      .values({
        tenant_id: tenantId,
        name: values.name,
        entity_type: values.entityType,
        shared_roles: [...values.sharedRoles],
        template: values.template,
        widgets: JSON.stringify(values.widgets),
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'template']).where('template', 'is not', null).where('owner_user_id', 'is', null).doNothing())
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  async update(tenantId: number, id: number, values: DashboardValues): Promise<void> {
    await this.db
      .updateTable('dashboard')
      .set({
        name: values.name,
        entity_type: values.entityType,
        owner_user_tenant_id: values.owner?.tenantId ?? null,
        owner_user_id: values.owner ? String(values.owner.userId) : null,
        shared_roles: [...values.sharedRoles],
        widgets: JSON.stringify(values.widgets),
        updated_at: sql<Date>`now()`,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .execute();
  }

  async delete(tenantId: number, id: number): Promise<void> {
    await this.db.deleteFrom('dashboard').where('tenant_id', '=', tenantId).where('id', '=', String(id)).execute();
  }

  /** Of `ids`, those that are no ENABLED entity of the tenant. */
  async unknownEntityIds(tenantId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const found = await this.db
      .selectFrom(entityRows(this.db).as('entity'))
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids.map(String))
      .where('status', '=', 'ENABLED')
      .execute();
    const known = new Set(found.map((r) => Number(r.id)));
    return ids.filter((id) => !known.has(id));
  }

  /** Station types of a tenant's ENABLED stations with the parameter names their devices report. */
  async stationTypeParams(tenantId: number): Promise<{ type: string; entityId: number; param: string; label: string }[]> {
    const rows = await this.db
      .selectFrom(entityRows(this.db).as('e'))
      .innerJoin(deviceRows(this.db).as('d'), (j) => j.onRef('d.tenant_id', '=', 'e.tenant_id').onRef('d.entity_id', '=', 'e.id'))
      .innerJoin('device_param as dp', (j) => j.onRef('dp.tenant_id', '=', 'd.tenant_id').onRef('dp.device_id', '=', 'd.id'))
      .innerJoin('std_param as sp', 'sp.id', 'dp.std_param_id')
      .select(['e.type', 'e.id as entityId', 'sp.name as param', 'sp.label'])
      .where('e.tenant_id', '=', tenantId)
      .where('e.status', '=', 'ENABLED')
      .where(isInServiceSql('d'))
      .where('dp.deleted_date', 'is', null)
      .orderBy('e.type')
      .orderBy('e.id')
      .orderBy('dp.slot')
      .execute();
    return rows.map((r) => ({ type: r.type, entityId: Number(r.entityId), param: r.param, label: r.label }));
  }

  /** Template keys a tenant already has. */
  async templates(tenantId: number): Promise<string[]> {
    const rows = await this.db.selectFrom('dashboard').select('template').where('tenant_id', '=', tenantId).where('template', 'is not', null).execute();
    return rows.map((r) => r.template!);
  }
}

function toRow(r: {
  tenantId: number;
  id: string;
  name: string;
  entityType: string | null;
  ownerUserTenantId: number | null;
  ownerUserId: string | null;
  sharedRoles: string[];
  template: string | null;
  widgets: unknown[];
  updatedAt: Date;
}): DashboardRow {
  return { ...r, id: Number(r.id), ownerUserId: r.ownerUserId === null ? null : Number(r.ownerUserId) };
}
