import { createHash, randomBytes } from 'node:crypto';
import { canManage, effectiveAccess, isRole, isUserType } from '@enviro/domain/access-model';
import { badRequest, forbidden, unauthorized } from '../errors.ts';
import { CLOSED_TENANT_STATUSES, type SessionRow, type UserRepository } from '../repositories/user.repository.ts';
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

/**
 * The signed-in user behind a session token, with the tenants they may read. A `TENANT-ID`
 * header narrows the request to one of those tenants (a site or partner user acting as another
 * tenant enters manage mode); naming any other tenant is refused.
 */
export async function resolveSession(users: UserRepository, token: string, tenantIdHeader: string | undefined): Promise<UserAuth> {
  const sessionId = sessionIdOf(token);
  const row = await users.findSession(sessionId);
  if (!row || row.user_status !== 'ENABLED' || (CLOSED_TENANT_STATUSES as readonly string[]).includes(row.tenant_status)) {
    throw unauthorized('session expired; sign in again');
  }
  if (Date.now() - row.last_seen_at.getTime() >= SESSION_TOUCH_MS) {
    await users.touchSession(sessionId, SESSION_IDLE_MS, SESSION_MAX_MS);
  }
  const homeTenantId = row.tenant_id;
  const readable = await readableTenantIds(users, row);
  const named = namedTenantId(tenantIdHeader, readable);
  const acting = named ?? homeTenantId;
  const manage = acting !== homeTenantId && canManage(row.user_type);
  // The CHECK constraints of app_user hold these to the model's values.
  const userType = isUserType(row.user_type) ? row.user_type : 'default';
  const role = isRole(row.role) ? row.role : 'default';
  return {
    kind: 'user',
    userId: Number(row.user_id),
    tenantId: acting,
    homeTenantId,
    userType,
    role,
    tenantIds: named === null ? readable : [named],
    corporateId: null,
    manage,
    access: effectiveAccess({ userType, role, managingFrom: manage ? { originalTenantType: row.tenant_type } : null }),
    sessionId,
  };
}

/**
 * Site users read every tenant; statutory bodies (and the CGWA) their own and their associated
 * industries; corporate admins their corporate's tenants; everyone else their own tenant.
 */
async function readableTenantIds(users: UserRepository, row: SessionRow): Promise<number[]> {
  const own = row.tenant_id;
  switch (row.user_type) {
    case 'site':
      return users.allTenantIds();
    case 'statutory':
    case 'cgwa':
      return [own, ...(await users.associatedTenantIds(own)).filter((id) => id !== own)];
    case 'corporate_admin':
      return row.corporate_id === null
        ? [own]
        : [own, ...(await users.corporateTenantIds(row.corporate_id)).filter((id) => id !== own)];
    default:
      return [own];
  }
}

/** The tenant a TENANT-ID header names, when it names one the user may read. */
function namedTenantId(header: string | undefined, readable: readonly number[]): number | null {
  if (header === undefined || header === '') return null;
  const id = Number(header);
  if (!/^\d+$/.test(header) || !Number.isSafeInteger(id) || id <= 0) throw badRequest('TENANT-ID', 'must be a tenant id');
  if (!readable.includes(id)) throw forbidden(`you may not act for tenant ${id}`);
  return id;
}
