import { sql, type RawBuilder } from 'kysely';
import type { EntityRestriction } from '../../platform/access/entity-access.ts';
import type { Db } from '../../platform/database/database.ts';
import { CONTAINER_TYPES } from '../../platform/database/entity-types.ts';

/**
 * The entities module's `entity` table as other modules' repositories read it (one owner per table,
 * docs/ARCHITECTURE.md): a relation to join instead of the table, and the predicates that carry the
 * module's rules. PostgreSQL inlines a subquery in FROM, so a join plans as on the table itself.
 *
 *     .innerJoin(entityRows(db).as('e'), (j) => j.onRef('e.tenant_id', '=', 'd.tenant_id').onRef('e.id', '=', 'd.entity_id'))
 *     sql`… JOIN ${ENTITY_ROWS} e ON e.tenant_id = d.tenant_id AND e.id = d.entity_id …`
 */

/** Every entity (group, facility or station) of every tenant, any status: filter by `tenant_id` first. */
export function entityRows(db: Db) {
  return db.selectFrom('entity').selectAll();
}

/** `entityRows` for SQL templates. */
export const ENTITY_ROWS: RawBuilder<unknown> = sql`(SELECT * FROM entity)`;

/** SQL: the entity aliased `alias` is a station (not a group or facility). */
export function isStationSql(alias: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.type`)} <> ALL(${sql.val([...CONTAINER_TYPES])}::text[])`;
}

/**
 * SQL text of the ingestion commit's station write (telemetry): raises `last_data_at` of the entities
 * in `source` (a FROM item aliased `m`, with `tenant_id`, `entity_id` and `ts`) to `m.ts`, never
 * lowering it, so that a backlog leaves it alone. Text, so that the commit stays one constant
 * statement; indented to sit in its WITH list.
 */
export function raiseLastDataAtOfEntities(source: string): string {
  return `UPDATE entity AS e SET last_data_at = m.ts
  FROM ${source}
  WHERE e.tenant_id = m.tenant_id AND e.id = m.entity_id AND (e.last_data_at IS NULL OR e.last_data_at < m.ts)`;
}

/**
 * SQL: the station `stationRef` of tenant `tenantRef` is one the caller may see. A user limited to
 * some stations of their own tenant (the restriction `EntityService.restriction` resolves) sees
 * those there; any other tenant of theirs, and any caller without a restriction, sees all.
 */
export function visibleStationSql(restriction: EntityRestriction | null, tenantRef: string, stationRef: string): RawBuilder<boolean> {
  if (restriction === null) return sql<boolean>`true`;
  return sql<boolean>`(${sql.ref(tenantRef)} <> ${restriction.tenantId} OR ${sql.ref(stationRef)} = ANY(${sql.val([...restriction.visible])}::bigint[]))`;
}
