import { isSiteAdministrator, type Role, type UserType } from '@enviro/domain/access-model';
import { grantProblem, roleRank } from '@enviro/domain/user-roles';
import { badRequest, forbidden, forbiddenField, notFound, unauthorized } from '../errors.ts';
import type { TenantDirectory } from './tenant-directory.ts';
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

/**
 * The tenants a data request reads: its `tenantIds` narrowed to the caller's (scopeTenantIds), and
 * with `corporateId` (SPEC 3) to that corporate's, as the CORPORATE-ID header narrows a session;
 * 404 when the corporate owns none of them, so one the caller has nothing to do with is not
 * confirmed to exist.
 */
export async function scopeDataTenantIds(
  access: TenantDirectory,
  auth: Auth,
  request: { tenantIds?: readonly number[] | undefined; corporateId?: number | undefined },
): Promise<number[]> {
  const tenantIds = scopeTenantIds(auth, request.tenantIds);
  if (request.corporateId === undefined) return tenantIds;
  const ofCorporate = new Set(await access.corporateTenantIds(request.corporateId));
  const narrowed = tenantIds.filter((id) => ofCorporate.has(id));
  if (narrowed.length === 0) throw notFound(`No corporate with id= ${request.corporateId} exists`);
  return narrowed;
}

/** The only kind of document the public portal shows: a station's consent to operate (SPEC 2, station view). */
const PORTAL_DOCUMENT_TYPE = 'CTO';

/** The public portal reads CTO documents only; everyone else any document of a tenant they read. */
export function mayReadDocument(auth: Auth, type: string): boolean {
  return auth.kind !== 'public' || type === PORTAL_DOCUMENT_TYPE;
}

export function assertCanWrite(auth: Auth): void {
  if (auth.kind === 'public') throw forbidden('the public portal is read-only');
}

/**
 * The signed-in user behind the request. Anyone else (no session, the public portal, an API key)
 * is told to sign in: 401, as a `signedIn` route answers them (route-access.ts), so the web app
 * sends them to the sign-in page.
 */
export function assertSignedIn(auth: Auth): UserAuth {
  if (auth.kind !== 'user') throw unauthorized('sign in to use this route');
  return auth;
}

/** A user's own account: any other user id is not found, whoever the caller is. */
export function assertSelf(auth: Auth, userId: number): UserAuth {
  const user = assertSignedIn(auth);
  if (user.userId !== userId) throw notFound(`No user with id= ${userId} exists`);
  return user;
}

/** Tenant statuses whose users may not sign in, and whose sessions stop working. */
const CLOSED_TENANT_STATUSES: readonly string[] = ['DISABLED', 'DELETED'];

/** Whether an account may sign in and keep its sessions: the user enabled, their tenant not closed. */
export function maySignIn(account: { userStatus: string; tenantStatus: string }): boolean {
  return account.userStatus === 'ENABLED' && !CLOSED_TENANT_STATUSES.includes(account.tenantStatus);
}

/** A site user with the site or admin role, in whichever view: the one who manages every tenant. */
export function isSiteAdmin(user: UserAuth): boolean {
  return isSiteAdministrator(user.userType, user.role);
}

/**
 * A site administrator. A route for site administrators only declares `siteAdmin` instead, and its
 * service does not check again; this is for a service reached by a wider route that must tell site
 * administrators apart.
 */
export function assertSiteAdmin(auth: Auth): UserAuth {
  const user = assertSignedIn(auth);
  if (!isSiteAdmin(user)) throw forbidden('only site administrators may do this');
  return user;
}

/**
 * A corporate the user may see: a site user outside manage mode any corporate, anyone else those
 * owning a tenant they may read; 404 otherwise, so other corporates' ids are not confirmed.
 */
export async function assertCanSeeCorporate(access: TenantDirectory, user: UserAuth, corporateId: number): Promise<void> {
  const visible = user.userType === 'site' && !user.manage
    ? await access.corporateExists(corporateId)
    : await access.corporateOwnsAny(corporateId, user.tenantIds);
  if (!visible) throw notFound(`No corporate with id= ${corporateId} exists`);
}

/**
 * What a caller may do with users: read the users of `tenantIds` (only themself when `selfOnly`),
 * and change them when `write`.
 */
export interface UserScope {
  user: UserAuth;
  tenantIds: readonly number[];
  selfOnly: boolean;
  write: boolean;
}

/** Site roles that read every tenant's users without changing them. */
const SITE_USER_READERS: readonly Role[] = ['support', 'operations'];

/**
 * Who administers users: site administrators any tenant they may act for; site support and
 * operations read those tenants' users; a tenant's administrators (role admin) their own tenant's;
 * everyone else reads only themself.
 */
export function userScope(auth: Auth): UserScope {
  const user = assertSignedIn(auth);
  if (isSiteAdmin(user)) return { user, tenantIds: user.tenantIds, selfOnly: false, write: true };
  if (user.userType === 'site' && SITE_USER_READERS.includes(user.role)) return { user, tenantIds: user.tenantIds, selfOnly: false, write: false };
  const home = user.tenantIds.includes(user.homeTenantId) ? [user.homeTenantId] : [];
  if (user.role === 'admin' && !user.manage) return { user, tenantIds: home, selfOnly: false, write: true };
  return { user, tenantIds: home, selfOnly: true, write: false };
}

/** The scope of a caller who may change users; 403 for anyone else. */
export function userWriteScope(auth: Auth): UserScope {
  const scope = userScope(auth);
  if (!scope.write) throw forbidden('only administrators may change users');
  return scope;
}

/** A caller who reads only themself asking for another user: not found, as if it did not exist. */
export function assertMayReadUser(scope: UserScope, userId: number): void {
  if (scope.selfOnly && userId !== scope.user.userId) throw notFound(`No user with id= ${userId} exists`);
}

/** SPEC 6: the corporate filter of the user list is for site users (400 naming it for anyone else). */
export function assertMayFilterUsersByCorporate(user: UserAuth, corporateId: number | undefined): void {
  if (corporateId !== undefined && user.userType !== 'site') throw badRequest('corporateId', 'only site users may filter users by corporate');
}

/** A tenant whose users the scope changes: 403 for one the caller reads but does not administer, else 404. */
export function assertAdministersTenant(scope: UserScope, tenantId: number): void {
  if (scope.tenantIds.includes(tenantId)) return;
  if (scope.user.tenantIds.includes(tenantId)) throw forbiddenField('tenantId', `you do not administer the users of tenant ${tenantId}`);
  throw notFound(`No tenant with id= ${tenantId} exists`);
}

/** A user being given `role`: who they are, and the role they have (null for a new user). */
export interface RoleTarget {
  userId: number | null;
  tenantId: number;
  userType: UserType;
  role: Role | null;
}

/**
 * Refuses a change of one's own role, a role the user's type may not have (400) or one above the
 * granter's own (403), both naming the field.
 */
export function assertMayGrant(granter: UserAuth, target: RoleTarget, role: Role): void {
  if (target.role === role) return;
  if (target.userId === granter.userId) throw forbiddenField('role', 'you may not change your own role');
  const problem = grantProblem(granter, { tenantId: target.tenantId, userType: target.userType, role });
  if (problem === null) return;
  if (problem.startsWith('you may not')) throw forbiddenField('role', problem);
  throw badRequest('role', problem);
}

/** Inside their own tenant, nobody changes a user whose role ranks above theirs. */
export function assertOutranks(user: UserAuth, target: { tenantId: number; role: Role }): void {
  if (target.tenantId !== user.homeTenantId) return;
  if (roleRank(target.role) > roleRank(user.role)) throw forbidden(`you may not change a user whose role (${target.role}) is above yours`);
}

/** Nobody enables or disables themself. */
export function assertMayChangeStatus(user: UserAuth, userId: number): void {
  if (userId === user.userId) throw badRequest('status', 'you may not change your own status');
}

/**
 * Anyone but a site administrator may give a user of `tenantId` only the tenant's own corporate: a corporate
 * admin reads every tenant of their corporate, so choosing another would open other tenants.
 */
export async function assertMayGiveCorporate(access: TenantDirectory, user: UserAuth, tenantId: number, corporateId: number): Promise<void> {
  if (isSiteAdmin(user) || (await access.tenant(tenantId))?.corporate_id === corporateId) return;
  throw forbiddenField('corporateId', 'you may only give a user the corporate of their tenant');
}

/** A site administrator setting the status of every user of a tenant they may act for, but never disabling their own. */
export function assertMaySetTenantUsersStatus(auth: Auth, tenantId: number, status: string): UserAuth {
  const user = assertSiteAdmin(auth);
  assertCanReadTenant(user, tenantId);
  if (tenantId === user.homeTenantId && status === 'DISABLED') throw badRequest('tenantId', "you may not disable your own tenant's users");
  return user;
}

/** Site roles that change any industry's stations and devices: administrators and site operations. */
const SITE_FLEET_ROLES: readonly Role[] = ['site', 'admin', 'operations'];

/**
 * Whether the caller may change a tenant's stations, devices and gateways (issue 13): the industry's
 * administrators (tenant users with role admin, their own tenant), its partners (partner users with
 * role partner or admin, for a linked industry they read) and site administrators and operations
 * staff; site and partner staff acting as the industry (manage mode, judged by their tenant's type as
 * route-access.ts FLEET_WRITE is). Everyone else, an industry user included, only reads.
 */
export function mayChangeFleet(auth: Auth, tenantId: number): boolean {
  if (auth.kind !== 'user' || !canReadTenant(auth, tenantId)) return false;
  // Manage mode judges site and partner staff by their tenant's type, whatever their role (SPEC 6).
  if (auth.userType === 'site') return auth.manage || SITE_FLEET_ROLES.includes(auth.role);
  if (auth.userType === 'partner') return auth.manage || auth.role === 'partner' || auth.role === 'admin';
  if (auth.userType === 'tenant') return auth.role === 'admin' && auth.homeTenantId === tenantId;
  return false;
}

/** A caller who may change the tenant's fleet (mayChangeFleet): 404 for a tenant they do not read, 403 for a reader. */
export function assertMayChangeFleet(auth: Auth, tenantId: number): UserAuth {
  const user = assertSignedIn(auth);
  assertCanReadTenant(user, tenantId);
  if (!mayChangeFleet(user, tenantId)) throw forbidden('only the industry\'s administrators, its partners and site operations may change its stations and devices');
  return user;
}

/** The tenant a fleet request acts on: the one named (which the caller must read), else the one the caller acts for. */
export function fleetTenant(auth: Auth, tenantId: number | undefined): number {
  const id = tenantId ?? (auth.kind === 'public' ? auth.publicTenantId : auth.tenantId);
  assertCanReadTenant(auth, id);
  return id;
}

/**
 * Makes and models are one catalogue shared by every tenant: site administrators and operations
 * staff change it (a route declaring `site` admits the other site roles, refused here with 403).
 */
export function assertMayChangeMakes(auth: Auth): UserAuth {
  const user = assertSignedIn(auth);
  if (user.userType !== 'site' || !SITE_FLEET_ROLES.includes(user.role)) throw forbidden('only site administrators and operations staff may change makes and models');
  return user;
}

/**
 * The tenant a report, report job or schedule is about (issue 14): the one named when the caller
 * reads it (404 otherwise), else the tenant the caller acts for; 400 naming `field` when neither.
 */
export function reportTenant(auth: Auth, tenantId: number | undefined, field: string): number {
  if (tenantId !== undefined) {
    assertCanReadTenant(auth, tenantId);
    return tenantId;
  }
  const own = auth.kind === 'public' ? auth.publicTenantId : auth.tenantId;
  if (!canReadTenant(auth, own)) throw badRequest(field, 'is required');
  return own;
}
