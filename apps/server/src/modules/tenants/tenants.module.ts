/**
 * Tenants: an industry, board, partner or corporate's account on the platform.
 * SPEC 3 (Tenant), 4 (tenant status, patch format), 5 (tenant list defaults), 6 (TENANT-ID, manage mode), 7 (Public: tenantinfo, tenant-by-id; Tenants: /tenants, /licenseCount, /statutory, /getTenantsLiveStatus).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import { ProvisioningService } from './provisioning.service.ts';
import { TenantDirectoryRepository } from './tenant-directory.repository.ts';
import { adminTenantRoutes } from './tenant-admin.routes.ts';
import { TenantAdminService } from './tenant-admin.service.ts';
import { adminTenantSetupRoutes } from './tenant-setup.routes.ts';
import { TenantSetupService } from './tenant-setup.service.ts';
import { tenantRoutes } from './tenants.routes.ts';
import { TenantService } from './tenants.service.ts';

export interface TenantsModule {
  /** Which tenants a caller reaches, and what decides who may belong to one (platform/access/tenant-directory.ts). */
  directory: TenantDirectory;
  tenants: TenantService;
  admin: TenantAdminService;
  setup: TenantSetupService;
  /** Tenants as the CLI and the demo seed create them (src/operator-provisioning.ts). */
  provisioning: ProvisioningService;
}

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantsModule;
  }
}

declare module '../../platform/events/app-events.ts' {
  interface AppEvents {
    /** An industry (a tenant of type `tenant`) was created. */
    'industry.created': { tenantId: number };
  }
}

export const tenantsModule = areaModule({
  name: 'tenants',
  decorate: 'tenants',
  dependencies: ['database', 'auth', 'events', 'entities'],
  build(app) {
    const db = app.database.db;
    const directory = new TenantDirectoryRepository(db);
    // Every request's caller is resolved with the tenants' relations.
    app.accessStores.provideDirectory(directory);
    const services: TenantsModule = {
      directory,
      tenants: new TenantService(db),
      admin: new TenantAdminService(db, directory, app.entities.entities, app.events),
      setup: new TenantSetupService(db),
      provisioning: new ProvisioningService(db),
    };
    return services;
  },
  routes: [tenantRoutes, adminTenantRoutes, adminTenantSetupRoutes],
});
