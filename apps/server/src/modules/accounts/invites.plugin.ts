import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../platform/database/database.ts';
import { VerificationService } from './verification.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Invites, one-time codes, email change and password update (verification.routes.ts). */
    verification: VerificationService;
  }
}

/**
 * Decorates `app.invites` (the InviteSender user administration calls after creating a user
 * without a password) and `app.verification`, both over the mail plugin's mailer and SMS provider.
 */
export const invitesPlugin = fp(
  async function invites(app: FastifyInstance, opts: { db: Db }) {
    const service = new VerificationService(opts.db, app.messaging);
    app.decorate('verification', service);
    app.decorate('invites', service);
  },
  { name: 'invites', dependencies: ['mail'] },
);
