/**
 * Users: administration of the people of a tenant, their roles, status and station limits.
 * SPEC 3 (User), 4 (user enable/disable), 6 (user types, roles, corporate filter), 7 (Users).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminUserRoutes } from './users.routes.ts';

export const usersModule = fp(
  async function users(app: FastifyInstance) {
    await app.register(adminUserRoutes);
  },
  { name: 'users', dependencies: ['database', 'auth', 'accounts'] },
);
