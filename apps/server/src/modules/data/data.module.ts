/**
 * Data: trends, recent values (also streamed live as readings commit), National AQI and raw rows of the stations' readings, the rollups behind them and the tenant catalogs that resolve requests.
 * SPEC 3 (Data request, Param for data, Recent data request, Trend result), 5 (tag filtering), 7 (Data; Public: /data/*, /allMetaStdParams), 9 (intervals, durations, backscan).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CatalogCache } from './catalog.ts';
import { dataRoutes } from './data.routes.ts';
import { LiveValues } from './live.ts';
import { liveRoutes } from './live.routes.ts';
import { RecentService } from './recent.service.ts';
import { registerRollupMetrics } from './rollups.metrics.ts';
import { stdParamRoutes } from './std-params.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tenant catalogs the data routes resolve requests with, one cache for the app's database. */
    catalogs: CatalogCache;
    /** This server's live-value streams (GET /api/data/live). */
    liveValues: LiveValues;
  }
}

export const dataModule = fp(
  async function data(app: FastifyInstance) {
    app.decorate('catalogs', new CatalogCache(app.database));
    app.decorate('liveValues', new LiveValues(app.database, new RecentService(app.database, app.catalogs), app.log));
    // Open streams would keep app.close() waiting for them: end them first.
    app.addHook('preClose', () => app.liveValues.close());
    registerRollupMetrics(app.metrics, app.database);
    await app.register(dataRoutes);
    await app.register(liveRoutes);
    await app.register(stdParamRoutes);
  },
  { name: 'data', dependencies: ['database', 'auth', 'metrics'] },
);
