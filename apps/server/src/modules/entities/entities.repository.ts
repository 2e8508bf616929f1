import { sql } from 'kysely';
import type { EntityRestriction } from '../../platform/access/entity-access.ts';
import { CONTAINER_TYPES } from '../../platform/database/entity-types.ts';
import { Repository } from '../../platform/database/repository.ts';
import type { EntityProperty } from '../../platform/database/schema.ts';

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

/** An entity's columns, for statements that name the table once. */
const ROW_COLUMNS = ['tenant_id', 'id', 'parent_id', 'type', 'name', 'properties', 'status', 'working_status', 'last_data_at'] as const;

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

/**
 * The entity tree: its reads (every one takes the caller's tenant ids and never reads outside them;
 * trees come back as flat rows of any status for the service to filter and assemble) and its writes
 * (create, edit, soft delete, working status), with the licence check of new stations.
 */
export class EntityRepository extends Repository {
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

  /** Each root node with its descendants, as (root, node) pairs of the ENABLED nodes among them. */
  async findEnabledSubtrees(tenantIds: readonly number[], rootIds: readonly number[]): Promise<{ tenant_id: number; root_id: string; id: string }[]> {
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
      .select(['sub.tenant_id', 'sub.root_id', 'sub.id'])
      .where('sub.status', '=', 'ENABLED')
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

  /** The node in one of the tenants, any status, or undefined. */
  find(tenantIds: readonly number[], id: number): Promise<EntityRow | undefined> {
    if (tenantIds.length === 0) return Promise.resolve(undefined);
    return this.db.selectFrom('entity').select(ROW_COLUMNS).where('tenant_id', 'in', tenantIds).where('id', '=', String(id)).executeTakeFirst();
  }

  /** Inserts the node, not yet reported from; the row as stored. */
  async insert(row: NewEntity): Promise<EntityRow> {
    return this.db
      .insertInto('entity')
      .values({
        tenant_id: row.tenantId,
        parent_id: row.parentId,
        type: row.type,
        name: row.name,
        properties: JSON.stringify(row.properties),
        working_status: null,
        last_data_at: null,
      })
      .returning(ROW_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async update(tenantId: number, id: number, values: { parentId: number | null; name: string; properties: readonly EntityProperty[] }): Promise<EntityRow> {
    return this.db
      .updateTable('entity')
      .set({ parent_id: values.parentId, name: values.name, properties: JSON.stringify(values.properties) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .returning(ROW_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async setStatus(tenantId: number, id: number, status: 'ENABLED' | 'DELETED'): Promise<EntityRow> {
    return this.db
      .updateTable('entity')
      .set({ status })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .returning(ROW_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async setWorkingStatus(tenantId: number, id: number, workingStatus: string): Promise<EntityRow> {
    return this.db
      .updateTable('entity')
      .set({ working_status: workingStatus })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .returning(ROW_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  /** Whether `ancestorId` is the node itself or one of its ancestors (a move under it would make a cycle). */
  async isAncestorOrSelf(tenantId: number, ancestorId: number, nodeId: number): Promise<boolean> {
    const { rows } = await sql<{ found: boolean }>`
      WITH RECURSIVE up(id, parent_id) AS (
        SELECT id, parent_id FROM entity WHERE tenant_id = ${tenantId} AND id = ${String(nodeId)}
        UNION
        SELECT e.id, e.parent_id FROM entity e JOIN up ON e.tenant_id = ${tenantId} AND e.id = up.parent_id
      )
      SELECT EXISTS (SELECT 1 FROM up WHERE id = ${String(ancestorId)}) AS found`.execute(this.db);
    return rows[0]?.found ?? false;
  }

  /** ENABLED children of the node. */
  async liveChildren(tenantId: number, id: number): Promise<number> {
    const row = await this.db
      .selectFrom('entity')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tenant_id', '=', tenantId)
      .where('parent_id', '=', String(id))
      .where('status', '=', 'ENABLED')
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /**
   * Holds the tenant's station count still until the transaction ends, so two concurrent creations
   * cannot both take the last licensed station.
   */
  async lockStations(tenantId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext('enviro.stations'), ${tenantId})`.execute(this.db);
  }

  /** Licensed and ENABLED stations of one type. */
  async licence(tenantId: number, type: string): Promise<{ licensed: number; used: number }> {
    const { rows } = await sql<{ licensed: number; used: number }>`
      SELECT coalesce((SELECT licensed FROM license_count WHERE tenant_id = ${tenantId} AND station_type = ${type}), 0) AS licensed,
             (SELECT count(*)::int FROM entity WHERE tenant_id = ${tenantId} AND type = ${type} AND status = 'ENABLED') AS used`.execute(this.db);
    return rows[0]!;
  }

  /**
   * Every station type the tenant licenses or uses, licensed beside used (ENABLED stations);
   * `camera` counts only stations with the property 'Camera' set to 'True'.
   */
  async usage(tenantId: number, camera: boolean): Promise<{ station_type: string; licensed: number; used: number }[]> {
    const cameraOnly = camera ? sql`AND properties @> '[{"name": "Camera", "value": "True"}]'::jsonb` : sql``;
    const { rows } = await sql<{ station_type: string; licensed: number; used: number }>`
      SELECT coalesce(l.station_type, u.station_type) AS station_type,
             coalesce(l.licensed, 0) AS licensed, coalesce(u.used, 0) AS used
      FROM (SELECT station_type, licensed FROM license_count WHERE tenant_id = ${tenantId} AND licensed > 0) l
      FULL JOIN (
        SELECT type AS station_type, count(*)::int AS used FROM entity
        WHERE tenant_id = ${tenantId} AND status = 'ENABLED' AND type NOT IN (${sql.join(CONTAINER_TYPES.map((t) => sql`${t}`))}) ${cameraOnly}
        GROUP BY type
      ) u ON u.station_type = l.station_type
      ORDER BY coalesce(l.station_type, u.station_type) COLLATE "C"`.execute(this.db);
    return rows;
  }
}
