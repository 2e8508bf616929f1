import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';

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

  /**
   * With `perAccount` attempts on the name (or `perAddress` from the address) in the window, how long
   * until the limit-th most recent of them leaves it; null when neither limit is reached.
   */
  async retryAfterMs(
    userNameKey: string,
    ip: string,
    limits: { windowMs: number; perAccount: number; perAddress: number },
  ): Promise<number | null> {
    const window = sql`${limits.windowMs} * interval '1 millisecond'`;
    const nth = (column: 'user_name' | 'ip', value: string, limit: number) => sql`(
      SELECT at FROM login_attempt
      WHERE ${sql.ref(column)} = ${value} AND at > now() - ${window}
      ORDER BY at DESC OFFSET ${limit - 1} LIMIT 1)`;
    const { rows } = await sql<{ ms: number | null }>`
      SELECT (extract(epoch FROM greatest(${nth('user_name', userNameKey, limits.perAccount)},
                                          ${nth('ip', ip, limits.perAddress)}) + ${window} - now()) * 1000)::float8 AS ms
    `.execute(this.db);
    const ms = rows[0]?.ms ?? null;
    return ms !== null && ms > 0 ? ms : null;
  }

  async add(userNameKey: string, ip: string): Promise<{ id: string }> {
    return this.db.insertInto('login_attempt').values({ user_name: userNameKey, ip }).returning('id').executeTakeFirstOrThrow();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('login_attempt').where('id', '=', id).execute();
  }

  /** Drops attempts older than the window. */
  async deleteOlderThan(windowMs: number): Promise<void> {
    await this.db
      .deleteFrom('login_attempt')
      .where('at', '<', sql<Date>`now() - ${windowMs} * interval '1 millisecond'`)
      .execute();
  }
}
