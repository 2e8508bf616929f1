/**
 * Reports: files built from the readings (raw data, parameter reports) as CSV, XLS or PDF.
 * SPEC 5 (report formats), 7 (Public: /raw-data-report, /public-parameter-report; Reports), 8 (report success notice), 9 (raw report interval).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicReportRoutes } from './reports.routes.ts';

export const reportsModule = fp(
  async function reports(app: FastifyInstance) {
    await app.register(publicReportRoutes);
  },
  { name: 'reports', dependencies: ['database', 'auth', 'data'] },
);
