/**
 * Reports: files built from the readings (raw data, parameter reports) as CSV, XLS or PDF.
 * Issue 14: report catalogue (ids stable, 35/36 data availability), report jobs, scheduled e-mail reports, billing address.
 * SPEC 5 (report formats), 7 (Public: /raw-data-report, /public-parameter-report; Reports), 8 (report success notice), 9 (raw report interval).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { ReportCatalogueService } from './report-catalogue.service.ts';
import { reportCatalogueRoutes } from './report-catalogue.routes.ts';
import { ReportJobsService } from './report-jobs.service.ts';
import { startReportWorker } from './report-worker.ts';
import { publicReportRoutes } from './reports.routes.ts';
import { ReportService } from './reports.service.ts';

export interface ReportsModule {
  reports: ReportService;
  catalogue: ReportCatalogueService;
  jobs: ReportJobsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsModule;
  }
}

export interface ReportsModuleOptions {
  /** Days the files of finished report jobs are kept (REPORT_FILE_DAYS). */
  fileDays?: number;
}

export const reportsModule = areaModule({
  name: 'reports',
  decorate: 'reports',
  dependencies: ['database', 'auth', 'mail', 'workers', 'entities', 'documents', 'devices', 'data', 'data-quality', 'alerts', 'compliance', 'measurements'],
  build(app, opts: ReportsModuleOptions) {
    const db = app.database.db;
    const catalogue = new ReportCatalogueService(db, app.entities.entities, app.documents.logos, app.compliance.availability, {
      episodes: app.alerts.episodes,
      compliance: app.compliance.compliance,
      calibration: app.devices.calibration,
      measurements: app.measurements.measurements,
      corrections: app.data.corrections,
    });
    const jobs = new ReportJobsService(db, catalogue, app.messaging.mailer, app.accessStores);
    // The raw data report's quality column reads the data-quality verdicts (docs/DATA-QUALITY.md).
    const quality = app.dataQuality.quality;
    const services: ReportsModule = { reports: new ReportService(app.data.raw, app.data.trends, { flaggedSlots: (...args) => quality.flaggedSlots(...args) }), catalogue, jobs };
    // Report jobs, scheduled e-mail reports and the deletion of old report files.
    app.workers.add('reports', ({ log }) => startReportWorker(jobs, log, { fileDays: opts.fileDays ?? 7 }));
    return services;
  },
  routes: [publicReportRoutes, reportCatalogueRoutes],
});
