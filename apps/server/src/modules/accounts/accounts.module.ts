/**
 * Accounts: signing in and out, sessions, the caller's profile, invites, confirmation codes, password and email changes.
 * SPEC 4 (a 401 ends the session), 6 (sessions, manage mode), 7 (Users: /users/{id}/verify*, resendInvite, password/update, /sessionData), 8 (401).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invitesPlugin } from './invites.plugin.ts';
import { authRoutes } from './accounts.routes.ts';
import { userVerificationRoutes } from './verification.routes.ts';

export const accountsModule = fp(
  async function accounts(app: FastifyInstance) {
    await app.register(invitesPlugin, { db: app.database.db });
    await app.register(authRoutes);
    await app.register(userVerificationRoutes);
  },
  { name: 'accounts', dependencies: ['database', 'auth', 'mail'] },
);
