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
  /**
   * A few connections whose prepared statements always run their generic plan (`plan_cache_mode`),
   * for the statements asking for it (`PooledRepository.prepared`); without it they run on `pool`
   * with plans made for their values.
   */
  generic?: pg.Pool;
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
 * Set on every connection: no JIT compilation. PostgreSQL compiles a statement whose estimated cost
 * passes jit_above_cost (100,000), and the trends' statement for a few dozen series (its archive
 * branch estimated high, though it reads nothing for recent days) compiled 239 functions, 100-250 ms,
 * for a statement that ran in a few milliseconds (the open API's batched series, 2026-11-28). Our
 * statements read thousands of rows, not the hundreds of millions JIT pays off for. The rollup
 * worker's LATERAL probe of enviro_readings was priced the same way: 200-240 ms of a 750 ms pass of
 * 500 quarters went to compiling.
 */
const SESSION_OPTIONS = '-c jit=off';

/**
 * pg's client, marking the errors of its connection as the database's (see isDatabaseUnavailable),
 * and sending array parameters as literals written by array-literal.ts rather than by pg.
 */
class DatabaseClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    // First, so the mark is there before pg hands the error to the statement or the connect.
    this.connection.prependListener('error', markConnectionError);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    (this as { query: unknown }).query = (...args: unknown[]) => query(...literalArgs(args));
  }
}

/**
 * A query call's arguments with its array parameters as literals: the (text, values) form of Kysely
 * and the pooled repositories, and the { name, text, values } form of prepared statements. A
 * submittable (COPY streams) is passed on as it is.
 */
function literalArgs(args: unknown[]): unknown[] {
  const [first, values, ...rest] = args;
  if (typeof first === 'string') return Array.isArray(values) ? [first, withArrayLiterals(values), ...rest] : args;
  const config = first as { values?: unknown; submit?: unknown } | null;
  if (config === null || typeof config !== 'object' || typeof config.submit === 'function' || !Array.isArray(config.values)) return args;
  return [{ ...config, values: withArrayLiterals(config.values) }, values, ...rest];
}

/**
 * Connections of the generic pool. Each makes a statement's generic plan once, on its first run of
 * that statement: on a fresh connection the trends' bucket statement took 35-50 ms to plan (its
 * catalogue not yet read), so a server's first seconds of traffic spread over 20 connections made
 * it up to 20 times per form. Its statements are single reads of a few milliseconds.
 */
const GENERIC_CONNECTIONS = 4;

export function openDatabase(
  connectionString: string,
  options: { max?: number; connectTimeoutMs?: number } = {},
): DatabaseHandle {
  const poolOf = (max: number, sessionOptions: string) => {
    const pool = new pg.Pool({
      connectionString,
      max,
      application_name: 'enviro',
      options: sessionOptions,
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      Client: DatabaseClient,
    });
    // A connection's error (PostgreSQL restarting) must not crash the process. The pool handles an idle
    // client's; a checked-out one between two statements has no listener of its own, so it gets one
    // here: its next statement fails, and the caller releases it with that error, out of the pool.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    return pool;
  };
  const pool = poolOf(options.max ?? 10, SESSION_OPTIONS);
  const generic = poolOf(Math.min(GENERIC_CONNECTIONS, options.max ?? 10), `${SESSION_OPTIONS} -c plan_cache_mode=force_generic_plan`);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    generic,
    // Kysely's destroy ends the pool it was given.
    close: async () => {
      await db.destroy();
      await generic.end();
    },
  };
}
