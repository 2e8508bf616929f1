/**
 * Compliance and uptime: per station and parameter over IST days, the share of 15-minute slots with
 * data, the share within limits and the exceedances, calibration and maintenance windows left out;
 * the compliance timeline; statistics for the site and boards.
 * SPEC 7 (Compliance and uptime; Tenants' stats: stats, tenantStats, entityStats, deviceStats,
 * subscriptionStats, complianceStats), 9 (compliance timeline limit 100); REGULATORY.md.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { complianceRoutes } from './compliance.routes.ts';

export const complianceModule = fp(
  async function compliance(app: FastifyInstance) {
    await app.register(complianceRoutes);
  },
  { name: 'compliance', dependencies: ['database', 'auth'] },
);
