/**
 * Entities: a tenant's tree of groups, facilities and stations with their devices and parameter limits.
 * SPEC 3 (Entity tree node, Station, Device, Device param, Limit request), 6 (entity limits of a user), 7 (Public: /entities, /entity/{id}, /alertlimit; Entities: tree CRUD, working status, entityProps, timezones; usedAddOnStations).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { entityAdminRoutes } from './entity-admin.routes.ts';
import { entityRoutes } from './entities.routes.ts';

export const entitiesModule = fp(
  async function entities(app: FastifyInstance) {
    await app.register(entityRoutes);
    await app.register(entityAdminRoutes);
  },
  { name: 'entities', dependencies: ['database', 'auth'] },
);
