/**
 * Public portal: a board's industries listed state-wise for the public, with their live status.
 * SPEC 2 (public routes, industry list statuses), 7 (Public: /stateDashboard/industyList/{id}).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
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

export const publicPortalModule = areaModule({
  name: 'public-portal',
  decorate: 'publicPortal',
  dependencies: ['database', 'auth', 'entities'],
  build(app) {
    const services: PublicPortalModule = { industries: new PublicPortalService(app.database.db, app.entities.entities) };
    return services;
  },
  routes: [publicIndustryRoutes],
});
