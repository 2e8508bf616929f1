/**
 * Reports: files built from the readings (raw data, parameter reports) as CSV, XLS or PDF.
 * Issue 14: report catalogue (ids stable, 35/36 data availability), report jobs, scheduled e-mail reports, billing address.
 * SPEC 5 (report formats), 7 (Public: /raw-data-report, /public-parameter-report; Reports), 8 (report success notice), 9 (raw report interval).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reportCatalogueRoutes } from './report-catalogue.routes.ts';
import { publicReportRoutes } from './reports.routes.ts';

export const reportsModule = fp(
  async function reports(app: FastifyInstance) {
    await app.register(publicReportRoutes);
    await app.register(reportCatalogueRoutes);
  },
  { name: 'reports', dependencies: ['database', 'auth', 'data', 'mail'] },
);
