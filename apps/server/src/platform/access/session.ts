import { createHash, randomBytes } from 'node:crypto';
import { MAX_INT4_ID } from '@enviro/contracts/common';
import { canManage, effectiveAccess, isRole, isUserType } from '@enviro/domain/access-model';
import { badRequest, forbidden, notFound, unauthorized } from '../errors.ts';
import { maySignIn } from './access.ts';
import type { TenantDirectory } from './tenant-directory.ts';
import type { UserAuth } from './auth.ts';

/** httpOnly cookie holding the session token. */
export const SESSION_COOKIE = 'session';
/** Readable cookie with who is signed in (id, name, type, role); nothing secret. */
export const INFO_COOKIE = 'info';

/** A session unused this long ends. */
export const SESSION_IDLE_MS = 7 * 24 * 3_600_000;
/** A session ends this long after login however much it is used. */
export const SESSION_MAX_MS = 30 * 24 * 3_600_000;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
export const SESSION_TOUCH_MS = 60_000;

/** A new session token (for the cookie) and its id (the SHA-256 kept in the database). */
export function newSessionToken(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, id: sessionIdOf(token) };
}

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A live session with what the caller's access is computed from. */
export interface SessionRow {
  tenant_id: number;
  user_id: string;
  last_seen_at: Date;
  user_type: string;
  role: string;
  user_status: string;
  corporate_id: number | null;
  tenant_type: string;
  tenant_status: string;
  /** The corporate of the user's own tenant, or null. */
  tenant_corporate_id: number | null;
}

/** Where sessions are kept (the accounts module's sessions): what resolving one reads and writes. */
export interface SessionStore {
  /** The session and its user, unless expired. */
  find(id: string): Promise<SessionRow | undefined>;
  /** Marks the session seen and slides its expiry, never past its absolute end. */
  touch(id: string, idleMs: number, maxMs: number): Promise<void>;
  /** A user and their tenant as a session row has them, for work done on the user's behalf without a session. */
  findUser(userId: number): Promise<Omit<SessionRow, 'last_seen_at'> | undefined>;
}

/** The headers that scope a signed-in user's request (SPEC 6); empty or absent means none. */
export interface ScopeHeaders {
  /** TENANT-ID: the one tenant the request acts for. */
  tenantId?: string | undefined;
  /** CORPORATE-ID: the corporate whose tenants the request is narrowed to. */
  corporateId?: string | undefined;
}

/**
 * The signed-in user behind a session token, with the tenants they may read. A `CORPORATE-ID`
 * header narrows the request to that corporate's tenants where the caller may act for the
 * corporate; a `TENANT-ID` header narrows it to one of those tenants (a site or partner user
 * acting as another tenant enters manage mode). Naming any other corporate or tenant is refused:
 * the headers only ever narrow what the user may read.
 */
export async function resolveSession(
  sessions: SessionStore,
  access: TenantDirectory,
  token: string,
  headers: ScopeHeaders = {},
): Promise<UserAuth> {
  const sessionId = sessionIdOf(token);
  const row = await sessions.find(sessionId);
  if (!row || !maySignIn({ userStatus: row.user_status, tenantStatus: row.tenant_status })) {
    throw unauthorized('session expired; sign in again');
  }
  if (Date.now() - row.last_seen_at.getTime() >= SESSION_TOUCH_MS) {
    await sessions.touch(sessionId, SESSION_IDLE_MS, SESSION_MAX_MS);
  }
  const homeTenantId = row.tenant_id;
  const readable = await readableTenantIds(access, row);
  const corporate = await corporateScope(access, row, headerId(headers.corporateId, 'CORPORATE-ID'), readable);
  const named = namedTenantId(headerId(headers.tenantId, 'TENANT-ID'), readable, corporate);
  return userAuth(row, named ?? homeTenantId, named !== null ? [named] : corporate !== null ? corporate.tenantIds : readable, corporate?.id ?? null, sessionId);
}

/** The user of `row` acting for `tenantId` (manage mode when it is not their own), reading `tenantIds`. */
function userAuth(row: Omit<SessionRow, 'last_seen_at'>, tenantId: number, tenantIds: readonly number[], corporateId: number | null, sessionId: string): UserAuth {
  const manage = tenantId !== row.tenant_id && canManage(row.user_type);
  // The CHECK constraints of app_user hold these to the model's values.
  const userType = isUserType(row.user_type) ? row.user_type : 'default';
  const role = isRole(row.role) ? row.role : 'default';
  return {
    kind: 'user',
    userId: Number(row.user_id),
    tenantId,
    homeTenantId: row.tenant_id,
    userType,
    role,
    tenantIds,
    corporateId,
    manage,
    access: effectiveAccess({ userType, role, managingFrom: manage ? { originalTenantType: row.tenant_type } : null }),
    sessionId,
  };
}

/**
 * A user's rights for work done later on their behalf (a queued report, a scheduled one): what they
 * may read now, narrowed to `narrowTo` (what they read when they asked), acting for `tenantId`.
 * Null when they may no longer sign in or no longer read that tenant.
 */
export async function backgroundUserAuth(
  users: Pick<SessionStore, 'findUser'>,
  access: TenantDirectory,
  userId: number,
  tenantId: number,
  narrowTo: readonly number[],
): Promise<UserAuth | null> {
  const row = await users.findUser(userId);
  if (!row || !maySignIn({ userStatus: row.user_status, tenantStatus: row.tenant_status })) return null;
  const readable = await readableTenantIds(access, row);
  if (!readable.includes(tenantId)) return null;
  return userAuth(row, tenantId, readable.filter((id) => narrowTo.includes(id)), null, '');
}

/**
 * Site users read every tenant; statutory bodies (and the CGWA) their own and their associated
 * industries; partners their own and their linked industries; investors and quasi-regulators their
 * own and the industries on their watch list; corporate admins their corporate's tenants; everyone
 * else their own tenant.
 */
async function readableTenantIds(access: TenantDirectory, row: Omit<SessionRow, 'last_seen_at'>): Promise<number[]> {
  const own = row.tenant_id;
  const withOwn = (ids: readonly number[]) => [own, ...ids.filter((id) => id !== own)];
  switch (row.user_type) {
    case 'site':
      return access.allTenantIds();
    case 'statutory':
    case 'cgwa':
      return withOwn(await access.associatedTenantIds(own));
    case 'partner':
      return withOwn(await access.partnerTenantIds(own));
    case 'investor':
    case 'quasi_regulator':
      return withOwn(await access.watchedTenantIds(own));
    case 'corporate_admin':
      return row.corporate_id === null ? [own] : withOwn(await access.corporateTenantIds(row.corporate_id));
    default:
      return [own];
  }
}

/** A corporate a request is scoped to, and the tenants of it the user may read. */
interface CorporateScope {
  id: number;
  tenantIds: number[];
}

/**
 * The scope a CORPORATE-ID header asks for. A site user may name any corporate (404 for one that
 * does not exist); anyone else their own corporate (the user's, or their tenant's) or one owning a
 * tenant they read (a partner's linked industry, a statutory body's associated industry); naming
 * a corporate they have nothing to do with is refused. A tenant user naming their tenant's
 * corporate so keeps their own tenant only.
 */
async function corporateScope(access: TenantDirectory, row: Omit<SessionRow, 'last_seen_at'>, id: number | null, readable: readonly number[]): Promise<CorporateScope | null> {
  if (id === null) return null;
  const tenantIds = (await access.corporateTenantIds(id)).filter((t) => readable.includes(t));
  const own = id === row.corporate_id || id === row.tenant_corporate_id;
  if (row.user_type === 'site') {
    if (tenantIds.length === 0 && !(await access.corporateExists(id))) throw notFound(`No corporate with id= ${id} exists`);
  } else if (!own && tenantIds.length === 0) {
    throw forbidden(`you may not act for corporate ${id}`);
  }
  return { id, tenantIds };
}

/** The tenant a TENANT-ID header names, when it names one the user may read (and of the corporate scoped to). */
function namedTenantId(id: number | null, readable: readonly number[], corporate: CorporateScope | null): number | null {
  if (id === null) return null;
  if (!readable.includes(id)) throw forbidden(`you may not act for tenant ${id}`);
  if (corporate && !corporate.tenantIds.includes(id)) throw forbidden(`tenant ${id} is not a tenant of corporate ${corporate.id}`);
  return id;
}

/** A scope header's id; absent or empty is none, anything but a tenant's or corporate's possible id is refused. */
function headerId(header: string | undefined, name: string): number | null {
  if (header === undefined || header === '') return null;
  const id = Number(header);
  if (!/^\d+$/.test(header) || id <= 0 || id > MAX_INT4_ID) throw badRequest(name, `must be a ${name === 'TENANT-ID' ? 'tenant' : 'corporate'} id`);
  return id;
}
