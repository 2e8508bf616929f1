/**
 * SQLSTATEs of a server that is away rather than of a statement that failed: connection exceptions
 * (class 08), shutting down or starting up (57P01-57P03), no connection slot left (53300).
 */
const AWAY_STATES = /^(08...|57P0[123]|53300)$/;

/** Socket errors of a server that cannot be reached. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** What node-postgres says, without a code, of a connection lost or never made. */
const LOST_CONNECTION = /^Connection terminated|not queryable|timeout exceeded when trying to connect/;

/**
 * Whether `error` (or one of its causes) says the database cannot be reached just now: PostgreSQL
 * restarting, down or out of connections. Callers answer 503 so clients retry, instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (AWAY_STATES.test(code) || SOCKET_CODES.has(code))) return true;
    if (LOST_CONNECTION.test(e.message)) return true;
  }
  return false;
}
