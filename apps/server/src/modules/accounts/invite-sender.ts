/**
 * The seam between creating users (user administration) and inviting them (account verification):
 * a user created without a password is sent an invite to set one and confirm the email.
 * The invites plugin decorates the app with the implementation; routes reach it as `app.invites`.
 */
export interface InviteSender {
  /** Sends a new invite to the user, replacing any earlier one; call after the user's row is committed. */
  sendInvite(tenantId: number, userId: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    invites: InviteSender;
  }
}
