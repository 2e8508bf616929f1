import { sql } from 'kysely';
import type { EntityRestriction } from '../../platform/access/entity-access.ts';
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
 * The entity tree. Every read takes the caller's tenant ids and never reads
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
}
