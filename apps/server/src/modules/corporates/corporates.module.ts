/**
 * Corporates: companies owning several industries, and what their administrators see.
 * SPEC 3 (Tenant corporate), 6 (CORPORATE-ID), 7 (Tenants: /corporates, /corporateTenants, /getCorporateForTenant).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

export const corporatesModule = fp(
  async function corporates(app: FastifyInstance) {
    const services: CorporatesModule = { corporates: new CorporateService(app.database.db) };
    app.decorate('corporates', services);
    await app.register(adminCorporateRoutes, services);
  },
  { name: 'corporates', dependencies: ['database', 'auth'] },
);
