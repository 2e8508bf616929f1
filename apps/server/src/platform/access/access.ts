import { forbidden, notFound } from '../errors.ts';
import type { Auth, UserAuth } from './auth.ts';

/** The one place that decides whether a caller may touch a tenant's data. */
export function canReadTenant(auth: Auth, tenantId: number): boolean {
  return auth.tenantIds.includes(tenantId);
}

/** Throws 404 (not 403, so ids of other tenants are not confirmed to exist). */
export function assertCanReadTenant(auth: Auth, tenantId: number): void {
  if (!canReadTenant(auth, tenantId)) throw notFound(`No tenant with id= ${tenantId} exists`);
}

/** The requested tenants narrowed to the caller's; all of the caller's when none were asked for. */
export function scopeTenantIds(auth: Auth, requested?: readonly number[]): number[] {
  if (!requested || requested.length === 0) return [...auth.tenantIds];
  const outside = requested.find((id) => !canReadTenant(auth, id));
  if (outside !== undefined) throw notFound(`No tenant with id= ${outside} exists`);
  return [...requested];
}

export function assertCanWrite(auth: Auth): void {
  if (auth.kind === 'public') throw forbidden('the public portal is read-only');
}

/** The signed-in user behind the request; public portal and API key callers are refused. */
export function assertSignedIn(auth: Auth): UserAuth {
  if (auth.kind !== 'user') throw forbidden('sign in as a user to use the administration');
  return auth;
}

/** Roles of a site user that administer the platform. */
const SITE_ADMIN_ROLES: readonly string[] = ['site', 'admin'];

/**
 * A site user with the site or admin role: the one who manages every tenant. A route for site
 * administrators only declares `siteAdmin` instead, and its service does not check again; this
 * is for a service reached by a wider route that must tell site administrators apart.
 */
export function assertSiteAdmin(auth: Auth): UserAuth {
  const user = assertSignedIn(auth);
  if (user.userType !== 'site' || !SITE_ADMIN_ROLES.includes(user.role)) throw forbidden('only site administrators may do this');
  return user;
}
