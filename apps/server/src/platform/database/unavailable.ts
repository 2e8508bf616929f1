import pg from 'pg';

/**
 * SQLSTATEs of a server that is away rather than of a statement that failed: connection exceptions
 * (class 08), shutting down or starting up (57P01-57P03), no connection slot left (53300).
 */
const AWAY_STATES = /^(08...|57P0[123]|53300)$/;

/**
 * What node-postgres says, in its own words, of a connection lost or never made (pg-pool's
 * connection timeout among them).
 */
const LOST_CONNECTION = /^Connection terminated|not queryable|timeout exceeded when trying to connect/;

/**
 * Errors of the database's connections (refused, reset, timed out, host not found): marked where
 * pg's connection reports them, since the same socket codes from a mail or SMS gateway say nothing
 * of the database.
 */
const fromConnection = new WeakSet<Error>();

/** Marks `error` as the failure of a database connection. */
export function markConnectionError(error: Error): void {
  fromConnection.add(error);
}

/**
 * Whether `error` (or one of its causes) says the database cannot be reached just now: PostgreSQL
 * restarting, down or out of connections. Callers answer 503 so clients retry, instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof pg.DatabaseError && AWAY_STATES.test(e.code ?? '')) return true;
    if (fromConnection.has(e) || LOST_CONNECTION.test(e.message)) return true;
  }
  return false;
}
