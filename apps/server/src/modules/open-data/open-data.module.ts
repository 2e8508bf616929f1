/**
 * Open data (issue 37): the versioned public API `/api/open/v1/...` over the industries of the
 * statutory bodies that choose to publish, developers' keys and their limits, and each board's
 * publishing setting. Its figures are read through the modules that compute them (docs/OPEN-DATA.md).
 * SPEC 2 (public routes), 7 (Public), beyond SPEC 7: the open data API of issue 37.
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { startPollingWorker } from '../../platform/jobs/polling-worker.ts';
import { bulkFileRoutes } from './bulk-files.routes.ts';
import { BulkFilesService } from './bulk-files.service.ts';
import { openDataRoutes } from './open-data.routes.ts';
import { openDocsRoutes } from './open-docs.routes.ts';
import { OpenDataService } from './open-data.service.ts';
import { OpenKeysService } from './open-keys.service.ts';
import { publicationRoutes } from './publication.routes.ts';
import { PublicationService } from './publication.service.ts';

export interface OpenDataModule {
  /** Which boards publish, and the scope every open request is held to. */
  publication: PublicationService;
  open: OpenDataService;
  /** Developers' keys and every open request's rate limits. */
  keys: OpenKeysService;
  /** The monthly CSV.gz files and their change log. */
  files: BulkFilesService;
}

declare module 'fastify' {
  interface FastifyInstance {
    openData: OpenDataModule;
  }
}

export const openDataModule = areaModule({
  name: 'open-data',
  decorate: 'openData',
  dependencies: ['database', 'auth', 'tenants', 'entities', 'devices', 'data', 'compliance', 'public-portal'],
  build(app) {
    const { db } = app.database;
    const publication = new PublicationService(db, app.tenants.directory);
    const open = new OpenDataService({
      publication,
      entities: app.entities.entities,
      industries: app.publicPortal.industries,
      trends: app.data.trends,
      catalogs: app.data.catalogs,
      airQuality: app.data.airQuality,
      aqi: app.data.aqi,
      availability: app.compliance.availability,
      compliance: app.compliance.compliance,
      calibration: app.devices.calibration,
      changes: app.data.changes,
    });
    const keys = new OpenKeysService(db, app.messaging);
    const files = new BulkFilesService(db, publication, open, app.data.catalogs);
    app.workers.add('open-data-files', ({ log }) =>
      startPollingWorker(
        async () => {
          const taken = await files.consume();
          await files.seedBoards();
          return (await files.makeDue()) > 0 || taken > 0;
        },
        { idleMs: 30_000, onError: (error) => log.error({ err: error }, 'open data files: a pass failed; its months stay queued and are tried again') },
      ),
    );
    // Requests counted in memory far from their limits are written every second (and at stop).
    app.workers.add('open-data-hits-batch', ({ log }) => {
      const worker = startPollingWorker(async () => (await keys.flush(), false), { idleMs: 1_000, onError: (error) => log.error({ err: error }, 'open data counters: a batch failed; it is written with the next') });
      return { stop: async () => (await worker.stop(), await keys.flush().catch((error: unknown) => log.error({ err: error }, 'open data counters: the last batch failed'))) };
    });
    // Counters of windows long over are dropped every few minutes by whichever server gets there.
    app.workers.add('open-data-hits', ({ log }) =>
      startPollingWorker(async () => (await keys.prune()) > 0, { idleMs: 5 * 60_000, onError: (error) => log.error({ err: error }, 'open data counters prune failed') }),
    );
    return { publication, open, keys, files } satisfies OpenDataModule;
  },
  routes: [openDataRoutes, openDocsRoutes, bulkFileRoutes, publicationRoutes],
});
