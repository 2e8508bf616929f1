/**
 * Users: administration of the people of a tenant, their roles, status and station limits.
 * SPEC 3 (User), 4 (user enable/disable), 6 (user types, roles, corporate filter), 7 (Users).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import type { AccountHooks } from './account-hooks.ts';
import { UserAccountService } from './user-accounts.service.ts';
import { adminUserRoutes } from './users.routes.ts';
import { UserAdminService } from './users.service.ts';

export interface UsersModule {
  accounts: UserAccountService;
  admin: UserAdminService;
  /** Gives user administration the accounts' invites and sessions (the accounts module, registered after this one). */
  connectAccounts: (accounts: AccountHooks) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersModule;
  }
}

export const usersModule = areaModule({
  name: 'users',
  decorate: 'users',
  dependencies: ['database', 'auth', 'tenants'],
  build(app) {
    const db = app.database.db;
    let accounts: AccountHooks | undefined;
    const directory = app.tenants.directory;
    const services: UsersModule = {
      accounts: new UserAccountService(db, directory),
      admin: new UserAdminService(
        db,
        directory,
        () => accounts,
        (err, userId) => app.log.error({ err, userId }, 'invite not sent; the user can be sent another'),
      ),
      connectAccounts: (hooks) => (accounts = hooks),
    };
    return services;
  },
  routes: [adminUserRoutes],
});
