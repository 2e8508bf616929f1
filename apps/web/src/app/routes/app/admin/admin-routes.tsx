import type { RouteObject } from 'react-router';

/**
 * The administration screens and the signed-in user's settings: children of the authenticated
 * layout at /app (router.tsx wires them in). Each is lazy so its code loads on first visit.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin/tenants',
    lazy: async () => ({ Component: (await import('./tenants-route')).TenantsRoute }),
  },
  {
    path: 'admin/tenants/:id',
    lazy: async () => ({ Component: (await import('./tenant-detail-route')).TenantDetailRoute }),
  },
  {
    path: 'admin/corporates',
    lazy: async () => ({ Component: (await import('./corporates-route')).CorporatesRoute }),
  },
  {
    path: 'admin/users',
    lazy: async () => ({ Component: (await import('./users-route')).UsersRoute }),
  },
  {
    path: 'admin/audit-log',
    lazy: async () => ({ Component: (await import('./audit-log-route')).AuditLogRoute }),
  },
  {
    path: 'settings',
    lazy: async () => ({ Component: (await import('./settings-route')).SettingsRoute }),
  },
];
