import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAlertRoutes } from '../alerts/alerts.routes.ts';
import { publicDocumentRoutes } from '../documents/documents.routes.ts';
import { publicIndustryRoutes } from './public-portal.routes.ts';
import { publicReportRoutes } from '../reports/reports.routes.ts';

/** The routes the public portal needs beyond the shared tenant, entity and data routes. */
export const publicPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicIndustryRoutes);
  await app.register(publicAlertRoutes);
  await app.register(publicDocumentRoutes);
  await app.register(publicReportRoutes);
};
