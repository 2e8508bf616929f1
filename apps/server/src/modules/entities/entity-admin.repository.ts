import { sql } from 'kysely';
import { CONTAINER_TYPES } from '../../platform/database/entity-types.ts';
import { Repository } from '../../platform/database/repository.ts';
import type { EntityProperty } from '../../platform/database/schema.ts';

/** An entity as its administration reads and writes it. */
export interface EntityAdminRow {
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

const COLUMNS = ['tenant_id', 'id', 'parent_id', 'type', 'name', 'properties', 'status', 'working_status', 'last_data_at'] as const;

/** Writes to the entity tree (create, edit, soft delete, working status) and the licence check of new stations. */
export class EntityAdminRepository extends Repository {
  /** The node in one of the tenants, any status, or undefined. */
  find(tenantIds: readonly number[], id: number): Promise<EntityAdminRow | undefined> {
    if (tenantIds.length === 0) return Promise.resolve(undefined);
    return this.db.selectFrom('entity').select(COLUMNS).where('tenant_id', 'in', tenantIds).where('id', '=', String(id)).executeTakeFirst();
  }

  async insert(row: { tenantId: number; parentId: number | null; type: string; name: string; properties: readonly EntityProperty[] }): Promise<EntityAdminRow> {
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
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async update(tenantId: number, id: number, values: { parentId: number | null; name: string; properties: readonly EntityProperty[] }): Promise<EntityAdminRow> {
    return this.db
      .updateTable('entity')
      .set({ parent_id: values.parentId, name: values.name, properties: JSON.stringify(values.properties) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async setStatus(tenantId: number, id: number, status: 'ENABLED' | 'DELETED'): Promise<EntityAdminRow> {
    return this.db
      .updateTable('entity')
      .set({ status })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async setWorkingStatus(tenantId: number, id: number, workingStatus: string): Promise<EntityAdminRow> {
    return this.db
      .updateTable('entity')
      .set({ working_status: workingStatus })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .returning(COLUMNS)
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
