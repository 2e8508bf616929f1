import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The administration screens and the signed-in user's settings: children of the authenticated
 * layout at /app (router.tsx wires them in). Each is lazy so its code loads on first visit.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: paths.admin.tenants.path,
    lazy: async () => ({ Component: (await import('./tenants-route')).TenantsRoute }),
  },
  {
    path: paths.admin.tenant.path,
    lazy: async () => ({ Component: (await import('./tenant-detail-route')).TenantDetailRoute }),
  },
  {
    path: paths.admin.corporates.path,
    lazy: async () => ({ Component: (await import('./corporates-route')).CorporatesRoute }),
  },
  {
    path: paths.admin.users.path,
    lazy: async () => ({ Component: (await import('./users-route')).UsersRoute }),
  },
  {
    path: paths.admin.auditLog.path,
    lazy: async () => ({ Component: (await import('./audit-log-route')).AuditLogRoute }),
  },
  {
    path: paths.admin.regulatorConnections.path,
    lazy: async () => ({ Component: (await import('./regulator-connections-route')).RegulatorConnectionsRoute }),
  },
  {
    path: paths.admin.gridFactors.path,
    lazy: async () => ({ Component: (await import('./grid-factors-route')).GridFactorsRoute }),
  },
  {
    path: paths.admin.alertRules.path,
    lazy: async () => ({ Component: (await import('./alert-rules-route')).AlertRulesRoute }),
  },
  {
    path: paths.admin.escalations.path,
    lazy: async () => ({ Component: (await import('./escalations-route')).EscalationsRoute }),
  },
  {
    path: paths.settings.path,
    lazy: async () => ({ Component: (await import('./settings-route')).SettingsRoute }),
  },
];
