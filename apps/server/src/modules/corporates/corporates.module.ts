/**
 * Corporates: companies owning several industries, and what their administrators see.
 * SPEC 3 (Tenant corporate), 6 (CORPORATE-ID), 7 (Tenants: /corporates, /corporateTenants, /getCorporateForTenant).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { adminCorporateRoutes } from './corporates.routes.ts';
import { CorporateService } from './corporates.service.ts';

export interface CorporatesModule {
  corporates: CorporateService;
}

declare module 'fastify' {
  interface FastifyInstance {
    corporates: CorporatesModule;
  }
}

export const corporatesModule = areaModule({
  name: 'corporates',
  decorate: 'corporates',
  dependencies: ['database', 'auth'],
  build(app) {
    const services: CorporatesModule = { corporates: new CorporateService(app.database.db) };
    return services;
  },
  routes: [adminCorporateRoutes],
});
