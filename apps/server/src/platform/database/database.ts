import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// double precision and bigint counts come back as JS numbers; bigint ids stay strings (pg default)
// and are converted at the API edge.
pg.types.setTypeParser(pg.types.builtins.FLOAT8, Number.parseFloat);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number.parseFloat);

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function openDatabase(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, application_name: 'enviro' });
  // A connection's error (PostgreSQL restarting) must not crash the process. The pool handles an idle
  // client's; a checked-out one between two statements has no listener of its own, so it gets one
  // here: its next statement fails, and the caller releases it with that error, out of the pool.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    // Kysely's destroy ends the pool it was given.
    close: () => db.destroy(),
  };
}
