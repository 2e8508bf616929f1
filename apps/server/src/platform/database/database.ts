import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { withArrayLiterals } from './array-literal.ts';
import { markConnectionError } from './unavailable.ts';

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

/**
 * How long a request waits for a connection: to open one (a database host that drops packets, or a
 * PostgreSQL that accepts and never answers, would otherwise hold it until the kernel gives up, or
 * for ever) or for one of the pool's to come free. Past it the request answers 503. Opening one
 * takes milliseconds, and a request that waited this long for a free one finds the database
 * overloaded. Statements have no limit: reports and rollups may run long.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * pg's client, marking the errors of its connection as the database's (see isDatabaseUnavailable),
 * and sending array parameters as literals written by array-literal.ts rather than by pg.
 */
class DatabaseClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    // First, so the mark is there before pg hands the error to the statement or the connect.
    this.connection.prependListener('error', markConnectionError);
    // The (text, values[, callback]) form, which Kysely and the pooled repositories use; a query
    // object (COPY streams) is passed on as it is.
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    (this as { query: unknown }).query = (...args: unknown[]) =>
      typeof args[0] === 'string' && Array.isArray(args[1]) ? query(args[0], withArrayLiterals(args[1]), ...args.slice(2)) : query(...args);
  }
}

export function openDatabase(
  connectionString: string,
  options: { max?: number; connectTimeoutMs?: number } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: 'enviro',
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    Client: DatabaseClient,
  });
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
