/**
 * Accounts: signing in and out, sessions, the caller's profile, invites, confirmation codes, password and email changes.
 * SPEC 4 (a 401 ends the session), 6 (sessions, manage mode), 7 (Users: /users/{id}/verify*, resendInvite, password/update, /sessionData), 8 (401).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { authRoutes } from './accounts.routes.ts';
import { AuthService } from './accounts.service.ts';
import { SessionRepository } from './sessions.repository.ts';
import { VerificationService } from './verification.service.ts';
import { userVerificationRoutes } from './verification.routes.ts';

export interface AccountsModule {
  auth: AuthService;
  verification: VerificationService;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsModule;
  }
}

export const accountsModule = areaModule({
  name: 'accounts',
  decorate: 'accounts',
  dependencies: ['database', 'auth', 'mail', 'users'],
  async build(app) {
    const db = app.database.db;
    const verification = new VerificationService(db, app.users.accounts, app.messaging);
    const services: AccountsModule = { auth: new AuthService(db, app.users.accounts), verification };
    const sessions = new SessionRepository(db);
    app.accessStores.provideSessions(sessions);
    app.users.connectAccounts({
      sendInvite: (tenantId, userId) => verification.sendInvite(tenantId, userId),
      endSessions: async (trx, tenantId, userId) => void (await sessions.in(trx).endAll(tenantId, userId)),
    });
    return services;
  },
  routes: [authRoutes, userVerificationRoutes],
});
