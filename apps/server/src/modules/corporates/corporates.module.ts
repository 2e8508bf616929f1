/**
 * Corporates: companies owning several industries, and what their administrators see.
 * SPEC 3 (Tenant corporate), 6 (CORPORATE-ID), 7 (Tenants: /corporates, /corporateTenants, /getCorporateForTenant).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminCorporateRoutes } from './corporates.routes.ts';

export const corporatesModule = fp(
  async function corporates(app: FastifyInstance) {
    await app.register(adminCorporateRoutes);
  },
  { name: 'corporates', dependencies: ['database', 'auth'] },
);
