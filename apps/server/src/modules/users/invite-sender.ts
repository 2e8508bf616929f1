/**
 * The seam between creating users (user administration) and inviting them (account verification):
 * a user created without a password is sent an invite to set one and confirm the email.
 * User administration defines it and the accounts module provides it (`UsersModule.sendInvitesThrough`), so
 * users never imports accounts.
 */
export interface InviteSender {
  /** Sends a new invite to the user, replacing any earlier one; call after the user's row is committed. */
  sendInvite(tenantId: number, userId: number): Promise<void>;
}
