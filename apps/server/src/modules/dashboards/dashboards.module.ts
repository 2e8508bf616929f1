/**
 * Dashboards: named grids of chart widgets, owned by a tenant or a user, shared with roles, typed
 * by station type, and the template dashboard each station type gets.
 * SPEC 1 (dashboard management, chart kinds), 2 (chart attributes, shared widgets), 3 (dashboard
 * types), 4 (auto-refresh, in the web app), 9 (chart defaults).
 * Oversight views and National AQI routes are registered here as well.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dashboardRoutes } from './dashboards.routes.ts';
import { oversightRoutes } from './oversight.routes.ts';

export const dashboardsModule = fp(
  async function dashboards(app: FastifyInstance) {
    await app.register(dashboardRoutes);
    await app.register(oversightRoutes);
  },
  { name: 'dashboards', dependencies: ['database', 'auth'] },
);
