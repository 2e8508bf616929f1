import type { Db } from '../../platform/database/database.ts';

/**
 * What user administration needs of users' accounts, which the accounts module keeps (invites,
 * sessions). User administration defines it and the accounts module provides it
 * (`UsersModule.connectAccounts`), so users never imports accounts.
 */
export interface AccountHooks {
  /** Sends a new invite to the user, replacing any earlier one; call after the user's row is committed. */
  sendInvite(tenantId: number, userId: number): Promise<void>;
  /** Ends every session of the user, in `trx`, the transaction that disables them. */
  endSessions(trx: Db, tenantId: number, userId: number): Promise<void>;
}
