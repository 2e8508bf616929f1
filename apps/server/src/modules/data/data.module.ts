/**
 * Data: trends, recent values (also streamed live as readings commit), National AQI (of a station, and of many at once) and raw rows of the stations' readings, the rollups behind them and the tenant catalogs that resolve requests.
 * SPEC 3 (Data request, Param for data, Recent data request, Trend result), 5 (tag filtering), 7 (Data; Public: /data/*, /allMetaStdParams), 9 (intervals, durations, backscan).
 */
import pg from 'pg';
import { areaModule } from '../../platform/modules/area-module.ts';
import { airQualityRoutes } from './air-quality.routes.ts';
import { AirQualityService } from './air-quality.service.ts';
import { AqiService } from './aqi.service.ts';
import { CatalogCache } from './catalog.ts';
import { CorrectionLayer } from './corrections.service.ts';
import { dataRoutes } from './data.routes.ts';
import { LiveValues } from './live.ts';
import { liveRoutes } from './live.routes.ts';
import { RawDataService } from './raw.service.ts';
import { RecentService } from './recent.service.ts';
import { startArchiveWorker } from './archive-worker.ts';
import { startRollupWorker } from './rollup-worker.ts';
import { registerRollupMetrics } from './rollups.metrics.ts';
import { SlotChangeFeed } from './slot-changes.service.ts';
import { StdParamService } from './std-params.service.ts';
import { stdParamRoutes } from './std-params.routes.ts';
import type { TrendQualitySource } from './flagged-marks.ts';
import { TrendService } from './trend.service.ts';

export interface DataModule {
  /** Tenant catalogs the data routes resolve requests with, one cache for the app's database. */
  catalogs: CatalogCache;
  /** The correction layer over the raw readings: approved corrections, versioned, applied by the rollups and trends. */
  corrections: CorrectionLayer;
  trends: TrendService;
  recent: RecentService;
  raw: RawDataService;
  aqi: AqiService;
  /** The National AQI of many CAAQMS stations at once (GET /api/air-quality). */
  airQuality: AirQualityService;
  stdParams: StdParamService;
  /** This server's live-value streams (GET /api/data/live). */
  live: LiveValues;
  /** The closed-slot feed: its consumers' queues, and a version that grows with every change of any slot. */
  changes: SlotChangeFeed;
  /** Trends mark the slots this source judged suspect or invalid (the data-quality module gives it once built). */
  showQualityFrom: (source: TrendQualitySource) => void;
}

export interface DataModuleOptions {
  /** Days of raw readings kept before they are archived (ARCHIVE_AFTER_DAYS); unset, 7. */
  archiveAfterDays?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    data: DataModule;
  }
}

export const dataModule = areaModule({
  name: 'data',
  decorate: 'data',
  dependencies: ['database', 'auth', 'metrics', 'workers', 'tenants', 'entities', 'devices'],
  build(app, opts: DataModuleOptions) {
    const { database } = app;
    const { entities } = app.entities;
    const catalogs = new CatalogCache(database);
    const { directory } = app.tenants;
    const corrections = new CorrectionLayer(database.db);
    const trends = new TrendService(database, directory, entities, app.devices.windows, catalogs, corrections);
    const recent = new RecentService(database, directory, entities, catalogs);
    // One connection outside the pool for the closed-slot feed's version (SlotChangeFeed).
    const versions = new pg.Pool({ ...database.pool.options, max: 1 });
    versions.on('error', () => undefined);
    app.addHook('onClose', () => versions.end());
    const services: DataModule = {
      catalogs,
      corrections,
      trends,
      recent,
      raw: new RawDataService(database.db, directory, entities, catalogs),
      aqi: new AqiService(database, directory, trends, entities, catalogs),
      airQuality: new AirQualityService(database, directory, entities, catalogs, app.devices.windows),
      stdParams: new StdParamService(database.db),
      live: new LiveValues(database, recent, app.log),
      changes: new SlotChangeFeed(database.db, versions),
      showQualityFrom: (source) => trends.showQualityFrom(source),
    };
    // Open streams would keep app.close() waiting for them: end them first.
    app.addHook('preClose', () => services.live.close());
    registerRollupMetrics(app.metrics, database);
    app.workers.add('rollups', ({ log, foregroundBusy }) => startRollupWorker(database, log, { yieldTo: foregroundBusy }));
    app.workers.add('archive', ({ log }) => startArchiveWorker(database, log, { afterDays: opts.archiveAfterDays ?? 7 }));
    return services;
  },
  routes: [dataRoutes, liveRoutes, stdParamRoutes, airQualityRoutes],
});
