import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

/**
 * The devices module's `device` table as other modules' repositories read it (one owner per table,
 * docs/ARCHITECTURE.md): a relation to join instead of the table. PostgreSQL inlines a subquery in
 * FROM, so a join plans as on the table itself. A device is in service while `deleted_date` is null;
 * `entity_id` is the station it is mounted on now (null: in stock).
 *
 *     .innerJoin(deviceRows(db).as('d'), (j) => j.onRef('d.tenant_id', '=', 'a.tenant_id').onRef('d.id', '=', 'a.device_id'))
 *     sql`… JOIN ${DEVICE_ROWS} d ON d.tenant_id = a.tenant_id AND d.id = a.device_id …`
 */

/** Every device of every tenant, in service or removed: filter by `tenant_id` first. */
export function deviceRows(db: Db) {
  return db.selectFrom('device').selectAll();
}

/** `deviceRows` for SQL templates. */
export const DEVICE_ROWS: RawBuilder<unknown> = sql`(SELECT * FROM device)`;

/** SQL: the device aliased `alias` is in service (not removed). */
export function isInServiceSql(alias: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.deleted_date`)} IS NULL`;
}
