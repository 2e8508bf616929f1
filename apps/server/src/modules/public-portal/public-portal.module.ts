/**
 * Public portal: a board's industries listed state-wise for the public, with their live status.
 * SPEC 2 (public routes, industry list statuses), 7 (Public: /stateDashboard/industyList/{id}).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicIndustryRoutes } from './public-portal.routes.ts';

export const publicPortalModule = fp(
  async function publicPortal(app: FastifyInstance) {
    await app.register(publicIndustryRoutes);
  },
  { name: 'public-portal', dependencies: ['database', 'auth'] },
);
