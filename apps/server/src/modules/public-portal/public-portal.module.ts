/**
 * Public portal: a board's industries listed state-wise for the public, with their live status.
 * SPEC 2 (public routes, industry list statuses), 7 (Public: /stateDashboard/industyList/{id}).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicIndustryRoutes } from './public-portal.routes.ts';
import { PublicPortalService } from './public-portal.service.ts';

export interface PublicPortalModule {
  industries: PublicPortalService;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicPortal: PublicPortalModule;
  }
}

export const publicPortalModule = fp(
  async function publicPortal(app: FastifyInstance) {
    const services: PublicPortalModule = { industries: new PublicPortalService(app.database.db, app.entities.entities) };
    app.decorate('publicPortal', services);
    await app.register(publicIndustryRoutes, services);
  },
  { name: 'public-portal', dependencies: ['database', 'auth', 'entities'] },
);
