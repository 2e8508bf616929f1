/**
 * Partners: service partners linked to the industries they serve, which their users read and act for.
 * SPEC 6 (partner user type and view, manage mode).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { adminPartnerRoutes } from './partners.routes.ts';
import { PartnerService } from './partners.service.ts';

export interface PartnersModule {
  partners: PartnerService;
}

declare module 'fastify' {
  interface FastifyInstance {
    partners: PartnersModule;
  }
}

export const partnersModule = areaModule({
  name: 'partners',
  decorate: 'partners',
  dependencies: ['database', 'auth'],
  build(app) {
    const services: PartnersModule = { partners: new PartnerService(app.database.db) };
    return services;
  },
  routes: [adminPartnerRoutes],
});
