import type { TenantListParams } from './get-tenants';

const TENANTS = ['tenants'] as const;
const TENANT_INFO = ['tenant-info'] as const;

/** The tenants feature's query keys; every one starts with `all`, which tenant writes (and auto-refresh) refetch. */
export const tenantKeys = {
  all: TENANTS,
  list: (params: TenantListParams) => [...TENANTS, 'list', params] as const,
  /** The industries a site or partner user may act for, as the switcher searches them. */
  manageable: (searchString: string) => [...TENANTS, 'manageable', searchString] as const,
  detail: (id: number) => [...TENANTS, 'detail', id] as const,
  liveStatus: () => [...TENANTS, 'live-status'] as const,
  corporate: (tenantId: number) => [...TENANTS, 'corporate', tenantId] as const,
  licenseCounts: (tenantId: number) => [...TENANTS, 'license-counts', tenantId] as const,
  statutory: (tenantId: number) => [...TENANTS, 'statutory', tenantId] as const,
  logo: (tenantId: number) => [...TENANTS, tenantId, 'logo'] as const,
  /** The logo info asked as the user's own tenant (the app header), apart from the one asked for a tenant acted for. */
  ownLogo: (tenantId: number) => [...TENANTS, tenantId, 'logo', 'own'] as const,
};

/** The tenant a public page or the tenant app shows (GET /api/tenantinfo); auto-refresh refetches `all`. */
export const tenantInfoKeys = {
  all: TENANT_INFO,
  tenant: (tenantId: string) => [...TENANT_INFO, tenantId] as const,
};
