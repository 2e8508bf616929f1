/**
 * Who is calling, resolved once per request by the auth plugin and passed first to every service.
 * `tenantIds` is the complete set of tenants whose data the caller may read: every repository
 * query is scoped by it.
 */
export type Auth = PublicAuth | ApiKeyAuth;

/** The public portal: read-only, limited to the tenants the portal may show. */
export interface PublicAuth {
  kind: 'public';
  publicTenantId: number;
  tenantIds: readonly number[];
}

/** An outside client holding a tenant's API key. */
export interface ApiKeyAuth {
  kind: 'apiKey';
  tenantId: number;
  tenantIds: readonly number[];
}

/** Tenant statuses the public portal shows (SPEC 2). */
export const PUBLIC_TENANT_STATUSES = ['ENABLED', 'TRIAL', 'GRACE'] as const;
