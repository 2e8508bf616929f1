/**
 * Partners: service partners linked to the industries they serve, which their users read and act for.
 * SPEC 6 (partner user type and view, manage mode).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminPartnerRoutes } from './partners.routes.ts';

export const partnersModule = fp(
  async function partners(app: FastifyInstance) {
    await app.register(adminPartnerRoutes);
  },
  { name: 'partners', dependencies: ['database', 'auth'] },
);
