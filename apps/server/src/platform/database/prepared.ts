import { createHash } from 'node:crypto';
import type { RawBuilder } from 'kysely';
import type { DatabaseHandle } from './database.ts';

/** What a prepared statement needs: Kysely to compile it, the pool to run it with a name. */
export type PreparedHandle = Pick<DatabaseHandle, 'db' | 'pool'>;

/**
 * Runs a statement as a named prepared statement, so each connection parses it once and
 * PostgreSQL may keep its plan: for the hot data statements, whose planning cost as much as their
 * execution (measured on the trend: 35 ms unnamed, 17 ms prepared). Only for statements whose text
 * takes few forms (values as parameters, arrays as one parameter each): every form stays prepared
 * on every connection that ran it.
 */
export async function runPrepared<R>(handle: PreparedHandle, query: RawBuilder<R>): Promise<R[]> {
  const compiled = query.compile(handle.db);
  const name = `enviro_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 24)}`;
  const result = await handle.pool.query({ name, text: compiled.sql, values: [...compiled.parameters] });
  return result.rows as R[];
}
