/**
 * Dashboards: named grids of chart widgets, owned by a tenant or a user, shared with roles, typed
 * by station type, and the template dashboard each station type gets.
 * SPEC 1 (dashboard management, chart kinds), 2 (chart attributes, shared widgets), 3 (dashboard
 * types), 4 (auto-refresh, in the web app), 9 (chart defaults).
 * Oversight views and National AQI routes are registered here as well.
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { dashboardRoutes } from './dashboards.routes.ts';
import { DashboardService } from './dashboards.service.ts';
import { startOversightWorker } from './oversight-worker.ts';
import { oversightRoutes } from './oversight.routes.ts';
import { OversightService } from './oversight.service.ts';

export interface DashboardsModule {
  dashboards: DashboardService;
  oversight: OversightService;
}

declare module 'fastify' {
  interface FastifyInstance {
    dashboards: DashboardsModule;
  }
}

export const dashboardsModule = areaModule({
  name: 'dashboards',
  decorate: 'dashboards',
  dependencies: ['database', 'auth', 'events', 'workers', 'entities', 'data', 'alerts', 'regulator'],
  build(app) {
    const db = app.database.db;
    const regulator = app.regulator.status;
    const dashboards = new DashboardService(db);
    const services: DashboardsModule = {
      dashboards,
      oversight: new OversightService(db, app.alerts.episodes, app.entities.entities, { counts: (tenantIds, visible) => regulator.syncCounts(tenantIds, visible) }),
    };
    // Template dashboards come with provisioning: an industry gets those of its station types, and
    // a station type new to it gets its own when a device is mounted there.
    app.events.on('industry.created', ({ tenantId }) => dashboards.seedTemplates(tenantId).then(() => undefined));
    app.events.on('station.mounted', ({ tenantId }) => dashboards.seedTemplates(tenantId).then(() => undefined));
    app.workers.add('oversight', ({ log, foregroundBusy }) => startOversightWorker(db, log, undefined, foregroundBusy));
    return services;
  },
  routes: [dashboardRoutes, oversightRoutes],
});
