/**
 * Tenants: an industry, board, partner or corporate's account on the platform.
 * SPEC 3 (Tenant), 4 (tenant status, patch format), 5 (tenant list defaults), 6 (TENANT-ID, manage mode), 7 (Public: tenantinfo, tenant-by-id; Tenants: /tenants, /licenseCount, /statutory, /getTenantsLiveStatus).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tenantRoutes } from './tenants.routes.ts';
import { adminTenantRoutes } from './tenant-admin.routes.ts';
import { adminTenantSetupRoutes } from './tenant-setup.routes.ts';

export const tenantsModule = fp(
  async function tenants(app: FastifyInstance) {
    await app.register(tenantRoutes);
    await app.register(adminTenantRoutes);
    await app.register(adminTenantSetupRoutes);
  },
  { name: 'tenants', dependencies: ['database', 'auth'] },
);
