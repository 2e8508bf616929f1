import type { CreateUser, LoginBody, Role, SessionUser, UserStatus, UserType } from '@enviro/contracts/accounts';
import type { TenantType } from '@enviro/contracts/common';
import { effectiveAccess } from '@enviro/domain/access-model';
import { userDisplayId } from '@enviro/domain/display-id';
import { userTypeProblem } from '@enviro/domain/user-roles';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import { hashPassword, verifyPassword } from '../../platform/access/password.ts';
import { tooManyAttempts, type LoginRateLimiter } from '../../platform/access/rate-limit.ts';
import { newSessionToken, SESSION_IDLE_MS, sessionIdOf } from '../../platform/access/session.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../platform/errors.ts';
import { recordUserAudit, type AuditActor } from '../audit-log/audit-log.service.ts';
import { recordLogin } from '../users/users.repository.ts';
import { CLOSED_TENANT_STATUSES, type ProfileRow, type UserRepository } from './accounts.repository.ts';

/** The one answer to a failed login: it never tells whether the account exists. */
export const LOGIN_FAILED = 'Invalid user name or password';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface LoginResult {
  /** The session token for the cookie; shown nowhere else. */
  token: string;
  user: SessionUser;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly users: UserRepository,
    private readonly limiter: LoginRateLimiter,
  ) {}

  /**
   * Checks the password and opens a session. Unknown user, wrong password, disabled user and
   * closed tenant all fail alike, and every failure counts toward the limits.
   */
  async login(input: LoginBody, client: ClientInfo): Promise<LoginResult> {
    const key = input.userName.toLowerCase();
    const attempt = await this.limiter.admit(key, client.ip);
    if ('retryAfterMs' in attempt) throw tooManyAttempts(attempt.retryAfterMs);

    const row = await this.users.findForLogin(key);
    const passwordOk = await verifyPassword(row?.password_hash ?? null, input.password);
    const open = row !== undefined && row.status === 'ENABLED' && !(CLOSED_TENANT_STATUSES as readonly string[]).includes(row.tenant_status);
    if (!row || !passwordOk || !open) {
      await this.limiter.prune();
      throw unauthorized(LOGIN_FAILED);
    }
    await this.limiter.forget(attempt);

    const userId = Number(row.id);
    await this.users.deleteExpiredSessions(row.tenant_id, userId);
    const { token, id } = newSessionToken();
    const expiresAt = new Date(Date.now() + SESSION_IDLE_MS);
    await this.users.createSession({ id, tenantId: row.tenant_id, userId, expiresAt, ip: client.ip, userAgent: client.userAgent });
    await recordLogin(this.db, { tenantId: row.tenant_id, userId, ip: client.ip, userAgent: client.userAgent });
    const user = await this.profile(row.tenant_id, userId);
    return { token, user };
  }

  /** Ends the session the token opened, if it still exists. */
  async logout(token: string | undefined): Promise<void> {
    if (token) await this.users.deleteSession(sessionIdOf(token));
  }

  /** The signed-in user and what this request resolved (acting tenant, manage mode, view). */
  async me(auth: Auth): Promise<SessionUser> {
    const user = assertUser(auth);
    return this.profile(user.homeTenantId, user.userId, { actingTenantId: user.tenantId, manage: user.manage, view: user.access.view });
  }

  /** GET /sessionData/{id}: the caller's own data only; any other id is not found. */
  async sessionData(auth: Auth, userId: number): Promise<SessionUser> {
    const user = assertUser(auth);
    if (user.userId !== userId) throw notFound(`No user with id= ${userId} exists`);
    return this.me(auth);
  }

  /** Creates a user of a tenant; the user type must be the tenant's type. Audited. */
  async createUser(actor: AuditActor, input: CreateUser): Promise<{ id: number }> {
    const tenantType = await this.users.tenantType(input.tenantId);
    if (tenantType === undefined) throw badRequest('tenantId', `no tenant ${input.tenantId}`);
    const typeProblem = userTypeProblem(tenantType, input.userType);
    if (typeProblem) throw badRequest('userType', typeProblem);
    if (input.corporateId !== undefined && !(await this.users.corporateExists(input.corporateId))) {
      throw badRequest('corporateId', `no corporate ${input.corporateId}`);
    }
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
    try {
      const id = await this.db.transaction().execute(async (trx) => {
        const created = await this.users.create(trx, {
          tenantId: input.tenantId,
          name: input.name,
          userName: input.userName,
          phone: input.phone ?? null,
          userType: input.userType,
          role: input.role,
          passwordHash,
          corporateId: input.corporateId ?? null,
        });
        const { password: _secret, ...recorded } = input;
        await recordUserAudit(trx, actor, input.tenantId, Number(created), 'create', null, { ...recorded, id: Number(created), hasPassword: passwordHash !== null });
        return created;
      });
      return { id: Number(id) };
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw conflict('userName', 'already used by another account');
      throw error;
    }
  }

  /** The user's profile; `resolved` comes from the request's session, else it is the user at home. */
  private async profile(tenantId: number, userId: number, resolved?: ResolvedSession): Promise<SessionUser> {
    const row = await this.users.findProfile(tenantId, userId);
    if (!row) throw unauthorized('session expired; sign in again');
    return toSessionUser(row, resolved);
  }
}

function assertUser(auth: Auth): UserAuth {
  if (auth.kind !== 'user') throw unauthorized('sign in to see your account');
  return auth;
}


type ResolvedSession = Pick<SessionUser, 'actingTenantId' | 'manage' | 'view'>;

/** A user's profile as the API shows it (SessionUser and the administrators' AdminUser share it). */
export function toProfile(row: ProfileRow): Omit<SessionUser, 'actingTenantId' | 'manage' | 'view'> {
  // The CHECK constraints of app_user and tenant hold these to the contract's values.
  return {
    id: Number(row.id),
    displayId: userDisplayId(row.id),
    name: row.name,
    userName: row.user_name,
    phone: row.phone,
    userType: row.user_type as UserType,
    role: row.role as Role,
    status: row.status as UserStatus,
    emailVerified: row.email_verified,
    phoneVerified: row.phone_verified,
    tenant: { id: row.tenant_id, name: row.tenant_name, type: row.tenant_type as TenantType },
    corporate: row.corporate_id === null ? null : { id: row.corporate_id, name: row.corporate_name ?? '' },
  };
}

function toSessionUser(row: ProfileRow, resolved: ResolvedSession | undefined): SessionUser {
  const profile = toProfile(row);
  const home = { actingTenantId: row.tenant_id, manage: false, view: effectiveAccess({ userType: profile.userType, role: profile.role }).view };
  return { ...profile, ...(resolved ?? home) };
}
