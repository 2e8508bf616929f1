import type { EffectiveAccess, Role, UserType } from '@enviro/domain/access-model';

/**
 * Who is calling, resolved once per request by the auth plugin and passed first to every service.
 * `tenantIds` is the complete set of tenants whose data the caller may read: every repository
 * query is scoped by it.
 */
export type Auth = PublicAuth | ApiKeyAuth | UserAuth;

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

/** A signed-in user, from the session cookie. */
export interface UserAuth {
  kind: 'user';
  userId: number;
  /** The tenant the request acts for: the user's own, or the one named by the TENANT-ID header. */
  tenantId: number;
  /** The tenant the user belongs to. */
  homeTenantId: number;
  userType: UserType;
  role: Role;
  /**
   * Every tenant the user may read; only those of the corporate the CORPORATE-ID header named;
   * only the one the TENANT-ID header named.
   */
  tenantIds: readonly number[];
  /** The corporate the CORPORATE-ID header scoped the request to, or null. */
  corporateId: number | null;
  /** A site or partner user acting as another tenant. */
  manage: boolean;
  /** Masks and view the access rules judge this request by. */
  access: EffectiveAccess;
  /** SHA-256 of the session token. */
  sessionId: string;
}

/** Tenant statuses the public portal shows (SPEC 2). */
export const PUBLIC_TENANT_STATUSES = ['ENABLED', 'TRIAL', 'GRACE'] as const;
