/**
 * Data quality and tamper signals (issue 36; REGULATORY.md, data quality and tampering): every
 * closed 15-minute slot of every series judged by the detectors of `@enviro/domain/data-quality`
 * (valid, calibration, maintenance, suspect, invalid, and what fired), kept by a consumer of the
 * closed-slot feed; the board's overview and a station's daily data-quality score with its evidence.
 * Not in SPEC 7 (docs/DATA-QUALITY.md).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { dataQualityRoutes } from './data-quality.routes.ts';
import { DataQualityService } from './data-quality.service.ts';
import { QualitySettingsService } from './quality-settings.service.ts';
import { startQualityWorker } from './quality-worker.ts';

export interface DataQualityModule {
  /** Scores, the board's overview and the flagged slots of a station (also for the open data API). */
  quality: DataQualityService;
  /** Detector settings per device parameter, tuned by boards' and the platform's administrators. */
  settings: QualitySettingsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    dataQuality: DataQualityModule;
  }
}

export const dataQualityModule = areaModule({
  name: 'data-quality',
  decorate: 'dataQuality',
  dependencies: ['database', 'auth', 'workers', 'entities', 'devices', 'data', 'tenants'],
  build(app) {
    const db = app.database.db;
    const services: DataQualityModule = {
      quality: new DataQualityService(db, app.tenants.directory, app.entities.entities, app.data.catalogs),
      settings: new QualitySettingsService(db, app.tenants.directory, app.entities.entities, app.data.catalogs),
    };
    // Trends mark the suspect and invalid slots (data builds before this module, so it is told late).
    app.data.showQualityFrom({ flaggedSlots: (...args) => services.quality.flaggedSlots(...args) });
    // The detectors over the closed-slot feed, windows and calibration checks from the devices module.
    app.workers.add('data-quality', ({ log, foregroundBusy }) =>
      startQualityWorker(db, { windows: app.devices.windows, checks: app.devices.calibration }, log, undefined, foregroundBusy),
    );
    return services;
  },
  routes: [dataQualityRoutes],
});
