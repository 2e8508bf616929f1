import type { Db } from './database.ts';

/**
 * The one repository shape: a class per aggregate, built over the database, whose methods run
 * their statements on `this.db`. A service that writes several aggregates in one transaction binds
 * each repository to it with `in(trx)`: the same methods, the caller's transaction.
 *
 * ```ts
 * await this.db.transaction().execute(async (trx) => {
 *   await this.corporates.in(trx).update(id, values);
 *   await this.auditLog.in(trx).record(entry);
 * });
 * ```
 */
export abstract class Repository {
  constructor(protected readonly db: Db) {}

  /** This repository running its statements in `trx` (a Kysely transaction is a Db too). */
  in(trx: Db): this {
    // A copy, not a mutation: the repository is shared by concurrent requests.
    return Object.assign(Object.create(Object.getPrototypeOf(this) as object) as this, this, { db: trx });
  }
}
