import { sql, type Kysely } from 'kysely';
import type { Db } from '../database/database.ts';
import type { Database } from '../database/schema.ts';
import { HttpError } from '../errors.ts';

/** Failed logins allowed in a sliding window, per user name and per client address. */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  perAccount: 5,
  perAddress: 20,
} as const;

/** An attempt that passed the limits; settle it once the password is checked. */
export interface AdmittedAttempt {
  id: string;
}

/**
 * Login rate limiting kept in PostgreSQL, so every server instance counts the same attempts.
 * An attempt is recorded before the password is checked, under transaction locks on its user name
 * and address: a burst of concurrent guesses is counted one by one and cannot slip through
 * together.
 */
export class LoginRateLimiter {
  constructor(
    private readonly db: Db,
    private readonly limits: typeof LOGIN_LIMITS = LOGIN_LIMITS,
  ) {}

  /** Records the attempt, or answers how long until the caller may try again (refusals are not recorded, so the wait shown is the real one). */
  async admit(userNameKey: string, ip: string): Promise<AdmittedAttempt | { retryAfterMs: number }> {
    return this.db.transaction().execute(async (trx) => {
      // Sorted, so two attempts never wait on each other's locks in opposite orders.
      for (const key of [`login-user:${userNameKey}`, `login-ip:${ip}`].sort()) {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
      }
      const retryAfterMs = await this.retryAfterMs(trx, userNameKey, ip);
      if (retryAfterMs !== null) return { retryAfterMs: Math.max(retryAfterMs, 1_000) };
      return trx.insertInto('login_attempt').values({ user_name: userNameKey, ip }).returning('id').executeTakeFirstOrThrow();
    });
  }

  /** A successful login is not a failure to count. */
  async forget(attempt: AdmittedAttempt): Promise<void> {
    await this.db.deleteFrom('login_attempt').where('id', '=', attempt.id).execute();
  }

  /** Drops attempts older than the window; failures stay recorded as they are. */
  async prune(): Promise<void> {
    await this.db
      .deleteFrom('login_attempt')
      .where('at', '<', sql<Date>`now() - ${this.limits.windowMs} * interval '1 millisecond'`)
      .execute();
  }

  /**
   * With `limit` failures in the window the caller must wait until the limit-th most recent of
   * them leaves it; null when neither limit is reached.
   */
  private async retryAfterMs(trx: Kysely<Database>, userNameKey: string, ip: string): Promise<number | null> {
    const window = sql`${this.limits.windowMs} * interval '1 millisecond'`;
    const nth = (column: 'user_name' | 'ip', value: string, limit: number) => sql`(
      SELECT at FROM login_attempt
      WHERE ${sql.ref(column)} = ${value} AND at > now() - ${window}
      ORDER BY at DESC OFFSET ${limit - 1} LIMIT 1)`;
    const { rows } = await sql<{ ms: number | null }>`
      SELECT (extract(epoch FROM greatest(${nth('user_name', userNameKey, this.limits.perAccount)},
                                          ${nth('ip', ip, this.limits.perAddress)}) + ${window} - now()) * 1000)::float8 AS ms
    `.execute(trx);
    const ms = rows[0]?.ms ?? null;
    return ms !== null && ms > 0 ? ms : null;
  }
}

/** 429 with the wait, in whole minutes. */
export function tooManyAttempts(retryAfterMs: number): HttpError {
  const minutes = Math.ceil(retryAfterMs / 60_000);
  return new HttpError(429, `Too many attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`);
}
