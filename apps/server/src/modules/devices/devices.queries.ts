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

/** `DEVICE_ROWS` as plain text, for a statement kept as one constant string (the ingestion commit). */
export const DEVICE_ROWS_TEXT = '(SELECT * FROM device)';

/**
 * SQL text of the ingestion commit's device write (telemetry): raises `last_data_at` of the devices
 * in `source` (a FROM item aliased `m`, with `tenant_id` and `device_id`) to `ts` (an expression over
 * `m`), never lowering it, so that a backlog leaves it alone. Text, so that the commit stays one
 * constant statement; indented to sit in its WITH list.
 */
export function raiseLastDataAtOfDevices(source: string, ts: string): string {
  return `UPDATE device AS d SET last_data_at = ${ts}
  FROM ${source}
  WHERE d.tenant_id = m.tenant_id AND d.id = m.device_id
    AND (d.last_data_at IS NULL OR d.last_data_at < ${ts})`;
}
