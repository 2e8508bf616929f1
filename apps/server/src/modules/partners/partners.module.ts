/**
 * Partners: service partners linked to the industries they serve, which their users read and act for.
 * SPEC 6 (partner user type and view, manage mode).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

export const partnersModule = fp(
  async function partners(app: FastifyInstance) {
    const services: PartnersModule = { partners: new PartnerService(app.database.db) };
    app.decorate('partners', services);
    await app.register(adminPartnerRoutes, services);
  },
  { name: 'partners', dependencies: ['database', 'auth'] },
);
