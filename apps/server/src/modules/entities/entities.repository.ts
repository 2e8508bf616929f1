import { sql } from 'kysely';
import type { EntityRestriction } from '../../platform/access/entity-access.ts';
import { Repository } from '../../platform/database/repository.ts';
import type { EntityProperty } from '../../platform/database/schema.ts';
import { STD_PARAM_COLUMNS, type StdParamRow } from '../../platform/database/std-param-columns.ts';

/** A new node of a tenant's entity tree. */
export interface NewEntity {
  tenantId: number;
  parentId: number | null;
  type: string;
  name: string;
  properties: readonly EntityProperty[];
}

export interface EntityRow {
  tenant_id: number;
  id: string;
  parent_id: string | null;
  type: string;
  name: string;
  properties: EntityProperty[];
  status: string;
  working_status: string | null;
  last_data_at: Date | null;
}

export interface DeviceRow {
  tenant_id: number;
  id: string;
  entity_id: string | null;
  name: string;
  serial_no: string | null;
  sensor_id: string | null;
  deleted_date: Date | null;
  model_name: string | null;
  make_name: string | null;
}

export interface DeviceParamRow extends StdParamRow {
  tenant_id: number;
  device_id: string;
  slot: number;
  param_unit: string | null;
  param_deleted_date: Date | null;
}

export interface LimitRow {
  root_id: string;
  name: string;
  label: string;
  unit: string;
  min: number | null;
  max: number | null;
}

const ENTITY_COLUMNS = [
  'entity.tenant_id',
  'entity.id',
  'entity.parent_id',
  'entity.type',
  'entity.name',
  'entity.properties',
  'entity.status',
  'entity.working_status',
  'entity.last_data_at',
] as const;

/** The unit a device parameter reports in: its own when configured, else the catalogue's. */
const paramUnit = sql<string>`coalesce(${sql.ref('device_param.unit')}, ${sql.ref('std_param.unit')})`;

/**
 * The entity tree and what hangs on it. Every read takes the caller's tenant ids and never reads
 * outside them. Trees come back as flat rows (any status) for the service to filter and assemble.
 */
export class EntityRepository extends Repository {
  /** Inserts the node, not yet reported from; its id. */
  async create(entity: NewEntity): Promise<number> {
    const row = await this.db
      .insertInto('entity')
      .values({
        tenant_id: entity.tenantId,
        parent_id: entity.parentId,
        type: entity.type,
        name: entity.name,
        properties: JSON.stringify(entity.properties),
        working_status: null,
        last_data_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Appends a property to the node's own. */
  async addProperty(tenantId: number, id: number, property: EntityProperty): Promise<void> {
    await this.db
      .updateTable('entity')
      .set({ properties: sql`properties || ${JSON.stringify([property])}::jsonb` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .execute();
  }

  /** The entities a user of `tenantId` is limited to (the grants and their descendants), or null when not limited. */
  async findRestriction(tenantId: number, userId: number): Promise<EntityRestriction | null> {
    // UNION, not UNION ALL: a parent cycle written by hand ends the recursion instead of looping.
    const { rows } = await sql<{ id: string }>`
      WITH RECURSIVE visible(id) AS (
        SELECT entity_id FROM user_entity_access WHERE tenant_id = ${tenantId} AND user_id = ${String(userId)}
        UNION
        SELECT c.id FROM entity c JOIN visible v ON c.tenant_id = ${tenantId} AND c.parent_id = v.id
      )
      SELECT id::text AS id FROM visible`.execute(this.db);
    return rows.length === 0 ? null : { tenantId, visible: new Set(rows.map((r) => r.id)) };
  }

  /** Each entity's ancestors, itself first then nearest first; an id that is not the tenant's has none. */
  async findLineages(tenantId: number, ids: readonly number[]): Promise<Map<string, string[]>> {
    if (ids.length === 0) return new Map();
    // UNION and a depth bound: a parent cycle written by hand ends the recursion.
    const { rows } = await sql<{ start: string; id: string }>`
      WITH RECURSIVE up(start, id, parent_id, depth) AS (
        SELECT id, id, parent_id, 0 FROM entity WHERE tenant_id = ${tenantId} AND id = ANY(${ids.map(String)}::bigint[])
        UNION
        SELECT up.start, e.id, e.parent_id, up.depth + 1 FROM entity e JOIN up ON e.tenant_id = ${tenantId} AND e.id = up.parent_id WHERE up.depth < 32
      )
      SELECT start::text AS start, id::text AS id FROM up ORDER BY start, depth`.execute(this.db);
    const lineages = new Map<string, string[]>();
    for (const r of rows) (lineages.get(r.start) ?? lineages.set(r.start, []).get(r.start)!).push(r.id);
    return lineages;
  }

  /** Every node of the tenants in one statement. */
  async findNodes(tenantIds: readonly number[]): Promise<EntityRow[]> {
    if (tenantIds.length === 0) return [];
    return this.db.selectFrom('entity').select(ENTITY_COLUMNS).where('entity.tenant_id', 'in', tenantIds).execute();
  }

  /** The node and all its descendants in one recursive statement; empty when the node is outside the tenants. */
  async findSubtree(tenantIds: readonly number[], rootId: number): Promise<EntityRow[]> {
    if (tenantIds.length === 0) return [];
    return (
      this.db
        // UNION rather than UNION ALL so a parent cycle written by hand ends the recursion instead of looping.
        .withRecursive('sub(tenant_id, id)', (db) =>
          db
            .selectFrom('entity')
            .select(['entity.tenant_id', 'entity.id'])
            .where('entity.tenant_id', 'in', tenantIds)
            .where('entity.id', '=', String(rootId))
            .union(
              db
                .selectFrom('entity as c')
                .innerJoin('sub', (j) => j.onRef('c.tenant_id', '=', 'sub.tenant_id').onRef('c.parent_id', '=', 'sub.id'))
                .select(['c.tenant_id', 'c.id']),
            ),
        )
        .selectFrom('entity')
        .innerJoin('sub', (j) => j.onRef('entity.tenant_id', '=', 'sub.tenant_id').onRef('entity.id', '=', 'sub.id'))
        .select(ENTITY_COLUMNS)
        .execute()
    );
  }

  /** Devices mounted on the given nodes, or on any node of the tenants when `entityIds` is null. */
  async findDevices(tenantIds: readonly number[], entityIds: readonly string[] | null): Promise<DeviceRow[]> {
    if (tenantIds.length === 0 || entityIds?.length === 0) return [];
    return this.db
      .selectFrom('device')
      .leftJoin('device_model', 'device_model.id', 'device.model_id')
      .leftJoin('device_make', 'device_make.id', 'device_model.make_id')
      .select([
        'device.tenant_id',
        'device.id',
        'device.entity_id',
        'device.name',
        'device.serial_no',
        'device.sensor_id',
        'device.deleted_date',
        'device_model.name as model_name',
        'device_make.name as make_name',
      ])
      .where('device.tenant_id', 'in', tenantIds)
      .where('device.entity_id', 'is not', null)
      .$if(entityIds !== null, (qb) => qb.where('device.entity_id', 'in', entityIds!))
      .execute();
  }

  /** Parameters of the devices `findDevices` returns for the same arguments, in slot order. */
  async findDeviceParams(tenantIds: readonly number[], entityIds: readonly string[] | null): Promise<DeviceParamRow[]> {
    if (tenantIds.length === 0 || entityIds?.length === 0) return [];
    return this.db
      .selectFrom('device_param')
      .innerJoin('device', (j) =>
        j.onRef('device.tenant_id', '=', 'device_param.tenant_id').onRef('device.id', '=', 'device_param.device_id'),
      )
      .innerJoin('std_param', 'std_param.id', 'device_param.std_param_id')
      .select([
        ...STD_PARAM_COLUMNS,
        'device_param.tenant_id',
        'device_param.device_id',
        'device_param.slot',
        'device_param.unit as param_unit',
        'device_param.deleted_date as param_deleted_date',
      ])
      .where('device_param.tenant_id', 'in', tenantIds)
      .where('device.entity_id', 'is not', null)
      .$if(entityIds !== null, (qb) => qb.where('device.entity_id', 'in', entityIds!))
      .orderBy('device_param.device_id')
      .orderBy('device_param.slot')
      .execute();
  }

  /** The named nodes that exist in the tenants, any status. */
  async findByIds(tenantIds: readonly number[], ids: readonly number[]): Promise<Pick<EntityRow, 'tenant_id' | 'id' | 'name' | 'status'>[]> {
    if (tenantIds.length === 0 || ids.length === 0) return [];
    return this.db
      .selectFrom('entity')
      .select(['entity.tenant_id', 'entity.id', 'entity.name', 'entity.status'])
      .where('entity.tenant_id', 'in', tenantIds)
      .where('entity.id', 'in', ids.map(String))
      .execute();
  }

  /**
   * Limits of the parameters of devices on each root node or its ENABLED descendants, one row per
   * root, parameter and unit, keeping the strictest band (highest min, lowest max). Devices and
   * parameters removed from service no longer alert, so they are left out. Empty `params`: all.
   */
  async findLimits(tenantIds: readonly number[], rootIds: readonly number[], params: readonly string[]): Promise<LimitRow[]> {
    if (tenantIds.length === 0 || rootIds.length === 0) return [];
    return this.db
      .withRecursive('sub(tenant_id, id, root_id, status)', (db) =>
        db
          .selectFrom('entity')
          .select(['entity.tenant_id', 'entity.id', 'entity.id as root_id', 'entity.status'])
          .where('entity.tenant_id', 'in', tenantIds)
          .where('entity.id', 'in', rootIds.map(String))
          .union(
            db
              .selectFrom('entity as c')
              .innerJoin('sub', (j) => j.onRef('c.tenant_id', '=', 'sub.tenant_id').onRef('c.parent_id', '=', 'sub.id'))
              .select(['c.tenant_id', 'c.id', 'sub.root_id', 'c.status']),
          ),
      )
      .selectFrom('sub')
      .innerJoin('device', (j) => j.onRef('device.tenant_id', '=', 'sub.tenant_id').onRef('device.entity_id', '=', 'sub.id'))
      .innerJoin('device_param', (j) =>
        j.onRef('device_param.tenant_id', '=', 'device.tenant_id').onRef('device_param.device_id', '=', 'device.id'),
      )
      .innerJoin('param_limit', (j) =>
        j
          .onRef('param_limit.tenant_id', '=', 'device_param.tenant_id')
          .onRef('param_limit.device_id', '=', 'device_param.device_id')
          .onRef('param_limit.slot', '=', 'device_param.slot'),
      )
      .innerJoin('std_param', 'std_param.id', 'device_param.std_param_id')
      .select((eb) => [
        'sub.root_id',
        'std_param.name',
        'std_param.label',
        paramUnit.as('unit'),
        eb.fn.max('param_limit.min_value').as('min'),
        eb.fn.min('param_limit.max_value').as('max'),
      ])
      .where('sub.status', '=', 'ENABLED')
      .where('device.deleted_date', 'is', null)
      .where('device_param.deleted_date', 'is', null)
      .$if(params.length > 0, (qb) => qb.where('std_param.name', 'in', params))
      .groupBy(['sub.root_id', 'std_param.name', 'std_param.label', paramUnit])
      .orderBy('std_param.name')
      .orderBy('unit')
      .execute();
  }
}
