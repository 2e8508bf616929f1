/**
 * Users: administration of the people of a tenant, their roles, status and station limits.
 * SPEC 3 (User), 4 (user enable/disable), 6 (user types, roles, corporate filter), 7 (Users).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { InviteSender } from './invite-sender.ts';
import { UserAccountService } from './user-accounts.service.ts';
import { adminUserRoutes } from './users.routes.ts';
import { UserAdminService } from './users.service.ts';

export interface UsersModule {
  accounts: UserAccountService;
  admin: UserAdminService;
  /** Gives user administration its invite sender (the accounts module, registered after this one). */
  sendInvitesThrough: (sender: InviteSender) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersModule;
  }
}

export const usersModule = fp(
  async function users(app: FastifyInstance) {
    const db = app.database.db;
    let invites: InviteSender | undefined;
    const services: UsersModule = {
      accounts: new UserAccountService(db),
      admin: new UserAdminService(
        db,
        () => invites,
        (err, userId) => app.log.error({ err, userId }, 'invite not sent; the user can be sent another'),
      ),
      sendInvitesThrough: (sender) => (invites = sender),
    };
    app.decorate('users', services);
    await app.register(adminUserRoutes, services);
  },
  { name: 'users', dependencies: ['database', 'auth'] },
);
