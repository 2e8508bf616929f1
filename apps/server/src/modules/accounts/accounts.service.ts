import type { LoginBody, SessionUser } from '@enviro/contracts/accounts';
import { effectiveAccess } from '@enviro/domain/access-model';
import { assertSelf, assertSignedIn, maySignIn } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { verifyPassword } from '../../platform/access/password.ts';
import { newSessionToken, SESSION_IDLE_MS, sessionIdOf } from '../../platform/access/session.ts';
import type { Db } from '../../platform/database/database.ts';
import { unauthorized } from '../../platform/errors.ts';
import { toProfile, UserAccountService, type ProfileRow } from '../users/user-accounts.service.ts';
import { LoginRateLimiter } from './login-rate-limit.ts';
import { SessionRepository } from './sessions.repository.ts';

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
  private readonly sessions: SessionRepository;
  private readonly limiter: LoginRateLimiter;

  constructor(db: Db, private readonly accounts: UserAccountService) {
    this.sessions = new SessionRepository(db);
    this.limiter = new LoginRateLimiter(db);
  }

  /**
   * Checks the password and opens a session. Unknown user, wrong password, disabled user and
   * closed tenant all fail alike, and every failure counts toward the limits.
   */
  async login(input: LoginBody, client: ClientInfo): Promise<LoginResult> {
    const key = input.userName.toLowerCase();
    const attempt = await this.limiter.admit(key, client.ip);

    const row = await this.accounts.findForLogin(key);
    const passwordOk = await verifyPassword(row?.password_hash ?? null, input.password);
    if (!row || !passwordOk || !maySignIn({ userStatus: row.status, tenantStatus: row.tenant_status })) {
      await this.limiter.prune();
      throw unauthorized(LOGIN_FAILED);
    }
    await this.limiter.forget(attempt);

    const userId = Number(row.id);
    await this.sessions.deleteExpired(row.tenant_id, userId);
    const { token, id } = newSessionToken();
    const expiresAt = new Date(Date.now() + SESSION_IDLE_MS);
    await this.sessions.create({ id, tenantId: row.tenant_id, userId, expiresAt, ip: client.ip, userAgent: client.userAgent });
    await this.accounts.recordSignIn({ tenantId: row.tenant_id, userId, ip: client.ip, userAgent: client.userAgent });
    const user = await this.profile(row.tenant_id, userId);
    return { token, user };
  }

  /** Ends the session the token opened, if it still exists. */
  async logout(token: string | undefined): Promise<void> {
    if (token) await this.sessions.delete(sessionIdOf(token));
  }

  /** The signed-in user and what this request resolved (acting tenant, manage mode, view). */
  async me(auth: Auth): Promise<SessionUser> {
    const user = assertSignedIn(auth);
    return this.profile(user.homeTenantId, user.userId, { actingTenantId: user.tenantId, manage: user.manage, view: user.access.view });
  }

  /** GET /sessionData/{id}: the caller's own data only; any other id is not found. */
  async sessionData(auth: Auth, userId: number): Promise<SessionUser> {
    assertSelf(auth, userId);
    return this.me(auth);
  }

  /** The user's profile; `resolved` comes from the request's session, else it is the user at home. */
  private async profile(tenantId: number, userId: number, resolved?: ResolvedSession): Promise<SessionUser> {
    const row = await this.accounts.findProfile(tenantId, userId);
    if (!row) throw unauthorized('session expired; sign in again');
    return toSessionUser(row, resolved);
  }
}


type ResolvedSession = Pick<SessionUser, 'actingTenantId' | 'manage' | 'view'>;

function toSessionUser(row: ProfileRow, resolved: ResolvedSession | undefined): SessionUser {
  const profile = toProfile(row);
  const home = { actingTenantId: row.tenant_id, manage: false, view: effectiveAccess({ userType: profile.userType, role: profile.role }).view };
  return { ...profile, ...(resolved ?? home) };
}
