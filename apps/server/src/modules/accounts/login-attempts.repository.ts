import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';

/** What the throttle weighs an attempt by: the failures around its user name and address. */
export interface AttemptHistory {
  /** Failures of this user name from this address in the pair window. */
  pairFailures: number;
  /** How long ago the latest of them was; null without any. */
  pairLastAgoMs: number | null;
  /** With the address's limit of failures across user names reached, how long until the oldest that counts leaves its window. */
  addressWaitMs: number | null;
  /** Whether the user name reached its ceiling of failures from all addresses. */
  accountUnderAttack: boolean;
}

export interface AttemptWindows {
  pairWindowMs: number;
  address: { failures: number; windowMs: number };
  account: { failures: number; windowMs: number };
}

/** Failed (and pending) sign-in attempts, by lower-cased user name and client address. */
export class LoginAttemptRepository extends Repository {
  /**
   * Holds transaction locks on the keys until the transaction ends. Sorted, so two attempts never
   * wait on each other's locks in opposite orders.
   */
  async lock(keys: readonly string[]): Promise<void> {
    for (const key of [...keys].sort()) {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(this.db);
    }
  }

  async history(userNameKey: string, ip: string, w: AttemptWindows): Promise<AttemptHistory> {
    const within = (ms: number) => sql`at > now() - ${ms} * interval '1 millisecond'`;
    // The nth most recent failure in a window says whether n were reached, and reads at most n rows.
    const { rows } = await sql<{ pair_failures: number; pair_last_ago_ms: number | null; address_wait_ms: number | null; account_hot: boolean }>`
      SELECT
        count(*)::int AS pair_failures,
        (extract(epoch FROM now() - max(at)) * 1000)::float8 AS pair_last_ago_ms,
        (SELECT (extract(epoch FROM at - now()) * 1000 + ${w.address.windowMs})::float8 FROM login_attempt
          WHERE ip = ${ip} AND ${within(w.address.windowMs)}
          ORDER BY at DESC OFFSET ${w.address.failures - 1} LIMIT 1) AS address_wait_ms,
        EXISTS (SELECT FROM login_attempt
          WHERE user_name = ${userNameKey} AND ${within(w.account.windowMs)}
          ORDER BY at DESC OFFSET ${w.account.failures - 1} LIMIT 1) AS account_hot
      FROM login_attempt
      WHERE user_name = ${userNameKey} AND ip = ${ip} AND ${within(w.pairWindowMs)}
    `.execute(this.db);
    const row = rows[0]!;
    return {
      pairFailures: row.pair_failures,
      pairLastAgoMs: row.pair_last_ago_ms,
      addressWaitMs: row.address_wait_ms,
      accountUnderAttack: row.account_hot,
    };
  }

  async add(userNameKey: string, ip: string): Promise<{ id: string }> {
    return this.db.insertInto('login_attempt').values({ user_name: userNameKey, ip }).returning('id').executeTakeFirstOrThrow();
  }

  /** Forgets every failure of the user name from the address. */
  async deletePair(userNameKey: string, ip: string): Promise<void> {
    await this.db.deleteFrom('login_attempt').where('user_name', '=', userNameKey).where('ip', '=', ip).execute();
  }

  /** Drops attempts older than the window. */
  async deleteOlderThan(windowMs: number): Promise<void> {
    await this.db
      .deleteFrom('login_attempt')
      .where('at', '<', sql<Date>`now() - ${windowMs} * interval '1 millisecond'`)
      .execute();
  }
}
