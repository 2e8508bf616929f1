import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAlertRoutes } from './public-alert.routes.ts';
import { publicDocumentRoutes } from './public-document.routes.ts';
import { publicIndustryRoutes } from './public-industry.routes.ts';
import { publicReportRoutes } from './public-report.routes.ts';

/** The routes the public portal needs beyond the shared tenant, entity and data routes. */
export const publicPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicIndustryRoutes);
  await app.register(publicAlertRoutes);
  await app.register(publicDocumentRoutes);
  await app.register(publicReportRoutes);
};
