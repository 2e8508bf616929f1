import type { AcceptInviteBody, CodeSent, EmailChanged, InviteAccepted, InviteInfo, InviteSent, PasswordUpdateBody, PasswordUpdated, VerificationState } from '@enviro/contracts/accounts';
import { APP_PATHS } from '@enviro/domain/app-paths';
import { assertSelf, userScope } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import { hashPassword, verifyPassword } from '../../platform/access/password.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from '../../platform/errors.ts';
import type { Messaging } from '../../platform/mail/mail.plugin.ts';
import { emailChangedMail, emailCodeMail, inviteMail } from '../../platform/mail/templates.ts';
import { recordUserAudit, userActor, type AuditActor } from '../../platform/audit/audit-trail.ts';
import type { UserAccountService, VerifiableUser } from '../users/user-accounts.service.ts';
import { LoginRateLimiter } from './login-rate-limit.ts';
import { inviteTokenHash, maskEmail, maskPhone, newCode, newInviteToken, VERIFICATION_LIMITS, type VerificationLimits } from './one-time-code.ts';
import { SessionRepository } from './sessions.repository.ts';
import { VerificationCodeRepository, type CodePurpose, type CodeRow } from './verification.repository.ts';

/**
 * Invites, email and phone confirmation with one-time codes, login email change and password
 * update. Codes and tokens are stored hashed and never audited; mail and SMS go out after the
 * transaction that stored the code has committed.
 */
export class VerificationService {
  private readonly codes: VerificationCodeRepository;
  private readonly sessions: SessionRepository;
  private readonly limiter: LoginRateLimiter;

  constructor(
    private readonly db: Db,
    private readonly accounts: UserAccountService,
    private readonly messaging: Messaging,
    private readonly limits: VerificationLimits = VERIFICATION_LIMITS,
  ) {
    this.codes = new VerificationCodeRepository(db);
    this.sessions = new SessionRepository(db);
    this.limiter = new LoginRateLimiter(db);
  }

  /** InviteSender: called by user administration once a user without a password is committed. */
  async sendInvite(tenantId: number, userId: number): Promise<void> {
    const user = await this.accounts.findVerifiable([tenantId], userId);
    if (!user) throw notFound(`No user with id= ${userId} exists`);
    await this.invite(user, { name: 'system', userId: null });
  }

  /**
   * POST /users/{id}/resendInvite: whoever may create users in the user's tenant (the user
   * administration scope: site administrators, a tenant's own administrators) may invite again.
   */
  async resendInvite(auth: Auth, userId: number): Promise<InviteSent> {
    const scope = userScope(auth);
    // Outside their scope a user is not found, whether it exists or not.
    const user = scope.write ? await this.accounts.findVerifiable(scope.tenantIds, userId) : undefined;
    if (!user) throw notFound(`No user with id= ${userId} exists`);
    if (user.password_hash !== null) throw new HttpError(409, 'the user has already set a password; an invite is only for a first password');
    if (user.status !== 'ENABLED') throw new HttpError(409, 'the user is disabled; enable them before inviting');
    return this.invite(user, userActor(scope.user), true);
  }

  /** GET /invite/{token}: whom the link is for, or that it expired or was used; an unknown link is not found. */
  async inviteInfo(token: string): Promise<InviteInfo> {
    const found = await this.findInvite(this.db, inviteTokenHash(token));
    if (!found) throw notFound('This invite link is not valid');
    const { code, user } = found;
    if (code.used_at !== null || user.password_hash !== null) return { state: 'USED' };
    if (code.expired || user.status !== 'ENABLED') return { state: 'EXPIRED' };
    return { state: 'VALID', name: user.name, userName: user.user_name, tenantName: user.tenant_name, expiresAt: code.expires_at.toISOString() };
  }

  /**
   * POST /invite/accept: sets the first password and confirms the email the invite went to.
   * Failed attempts count toward the login limits of the caller's address, so links cannot be guessed.
   */
  async acceptInvite(input: AcceptInviteBody, ip: string): Promise<InviteAccepted> {
    const hash = inviteTokenHash(input.token);
    const attempt = await this.limiter.admit(`invite:${hash.slice(0, 32)}`, ip);
    const passwordHash = await hashPassword(input.password);
    try {
      const accepted = await this.db.transaction().execute(async (trx) => {
        const found = await this.findInvite(trx, hash, true);
        if (!found) throw notFound('This invite link is not valid');
        const { code, user } = found;
        if (code.used_at !== null || user.password_hash !== null) throw conflict('token', 'this invite was already used; sign in');
        if (code.expired || user.status !== 'ENABLED') throw badRequest('token', 'this invite has expired; ask your administrator for a new one');
        const userId = Number(user.id);
        const emailVerified = sameAddress(code.target, user.user_name) || user.email_verified;
        await this.accounts.in(trx).update(user.tenant_id, userId, { password_hash: passwordHash, email_verified: emailVerified });
        await this.codes.in(trx).markUsed(code.tenant_id, code.id);
        await recordUserAudit(
          trx, userActor({ userId }), user.tenant_id, userId, 'invite.accept',
          { hasPassword: false, emailVerified: user.email_verified }, { hasPassword: true, emailVerified },
        );
        return { id: userId, name: user.name, userName: user.user_name };
      });
      await this.limiter.forget(attempt);
      return accepted;
    } catch (error) {
      await this.limiter.prune();
      throw error;
    }
  }

  /** POST /users/{id}/verifyEmail: a 6-digit code to the user's own email. */
  async sendEmailCode(auth: Auth, userId: number): Promise<CodeSent> {
    const caller = assertSelf(auth, userId);
    const user = await this.ownAccount(caller);
    if (user.email_verified) throw new HttpError(409, 'your email is already confirmed');
    return this.sendCode(user, 'email', user.user_name, userActor(caller));
  }

  /** POST /users/{id}/verifyPhone: a 6-digit code by SMS to the user's own phone. */
  async sendPhoneCode(auth: Auth, userId: number): Promise<CodeSent> {
    const caller = assertSelf(auth, userId);
    const user = await this.ownAccount(caller);
    if (user.phone === null) throw badRequest('phone', 'your account has no phone number; add one first');
    if (user.phone_verified) throw new HttpError(409, 'your phone is already confirmed');
    return this.sendCode(user, 'phone', user.phone, userActor(caller));
  }

  /** POST /users/{id}/verifyEmailOtp and /verifyPhoneOtp: checks the code and confirms the address. */
  async checkCode(auth: Auth, userId: number, purpose: 'email' | 'phone', otp: string): Promise<VerificationState> {
    const caller = assertSelf(auth, userId);
    await this.ownAccount(caller);
    const tenantId = caller.homeTenantId;
    const outcome = await this.db.transaction().execute(async (trx) => {
      const user = await this.accounts.in(trx).findVerifiable([tenantId], userId, true);
      const code = await this.codes.in(trx).newest(tenantId, userId, purpose);
      if (!user) throw notFound(`No user with id= ${userId} exists`);
      const address = purpose === 'email' ? user.user_name : user.phone;
      if (!code || code.used_at !== null || address === null || !sameAddress(code.target, address)) {
        throw badRequest('otp', `no code is waiting for your ${purpose}; ask for a new one`);
      }
      if (code.expired) throw badRequest('otp', 'the code has expired; ask for a new one');
      if (code.attempts >= this.limits.maxWrongAttempts) throw badRequest('otp', 'too many wrong codes; ask for a new one');
      if (!(await verifyPassword(code.code_hash, otp))) {
        // Counted in this transaction, which commits: the error is thrown after it.
        const attempts = await this.codes.in(trx).countWrongAttempt(tenantId, code.id);
        return { state: null, triesLeft: this.limits.maxWrongAttempts - attempts };
      }
      const flag = purpose === 'email' ? 'email_verified' : 'phone_verified';
      await this.codes.in(trx).markUsed(tenantId, code.id);
      await this.accounts.in(trx).update(tenantId, userId, { [flag]: true });
      await recordUserAudit(
        trx, userActor(caller), caller.homeTenantId, userId, `user.${purpose}.verify`,
        { [purpose]: address, [camel(flag)]: user[flag] }, { [purpose]: address, [camel(flag)]: true },
      );
      return { state: { emailVerified: user.email_verified || purpose === 'email', phoneVerified: user.phone_verified || purpose === 'phone' }, triesLeft: 0 };
    });
    if (outcome.state) return outcome.state;
    const left = outcome.triesLeft;
    throw badRequest('otp', left > 0 ? `wrong code; ${left} ${left === 1 ? 'try' : 'tries'} left` : 'wrong code; ask for a new one');
  }

  /**
   * POST /users/{id}/{email}: the new email becomes the login name at once, unconfirmed; a code
   * goes to it and a notice to the old address.
   */
  async changeEmail(auth: Auth, userId: number, email: string): Promise<EmailChanged> {
    const caller = assertSelf(auth, userId);
    const user = await this.ownAccount(caller);
    if (sameAddress(user.user_name, email)) throw badRequest('email', 'is already your email');
    const code = newCode();
    const codeHash = await hashPassword(code);
    let stored: { id: string; expiresAt: Date };
    try {
      stored = await this.db.transaction().execute(async (trx) => {
        await this.assertMaySend(trx, user, 'email');
        await this.accounts.in(trx).changeLoginName(user.tenant_id, userId, email);
        await recordUserAudit(
          trx, userActor(caller), caller.homeTenantId, userId, 'user.email.change',
          { userName: user.user_name, emailVerified: user.email_verified }, { userName: email, emailVerified: false },
        );
        return this.codes.in(trx).replace({ tenantId: user.tenant_id, userId, purpose: 'email', codeHash, target: email, validMs: this.limits.codeValidMs });
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw conflict('email', 'already used by another account');
      throw error;
    }
    await this.deliver(user.tenant_id, stored.id, () =>
      this.messaging.mailer.send(emailCodeMail(email, { name: user.name, code, validMinutes: this.limits.codeValidMs / 60_000 })),
    );
    // The notice is a courtesy: the change stands even if the old mailbox no longer takes mail.
    await this.messaging.mailer.send(emailChangedMail(user.user_name, { name: user.name, newEmail: email })).catch(() => undefined);
    return { userName: email, emailVerified: false, ...this.codeSent(maskEmail(email), stored.expiresAt) };
  }

  /** POST /users/{id}/password/update: the user's own password; their other sessions end. */
  async updatePassword(auth: Auth, userId: number, input: PasswordUpdateBody, ip: string): Promise<PasswordUpdated> {
    const caller = assertSelf(auth, userId);
    const user = await this.ownAccount(caller);
    // A wrong current password counts like a failed login, so this route cannot be used to guess it.
    const attempt = await this.limiter.admit(user.user_name.toLowerCase(), ip);
    if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
      await this.limiter.prune();
      throw badRequest('currentPassword', 'is not your current password');
    }
    await this.limiter.forget(attempt);
    if (input.newPassword === input.currentPassword) throw badRequest('newPassword', 'must differ from the current password');
    const passwordHash = await hashPassword(input.newPassword);
    const sessionsEnded = await this.db.transaction().execute(async (trx) => {
      await this.accounts.in(trx).update(user.tenant_id, userId, { password_hash: passwordHash });
      const ended = await this.sessions.in(trx).endAll(user.tenant_id, userId, caller.sessionId);
      await recordUserAudit(trx, userActor(caller), caller.homeTenantId, userId, 'user.password.update', null, { passwordChanged: true, sessionsEnded: ended });
      return ended;
    });
    return { updated: true, sessionsEnded };
  }

  /** Stores a new invite (ending earlier ones; within the resend throttle when `throttle`), then mails the link. */
  private async invite(user: VerifiableUser, actor: AuditActor, throttle = false): Promise<InviteSent> {
    const { token, hash } = newInviteToken();
    const userId = Number(user.id);
    const stored = await this.db.transaction().execute(async (trx) => {
      if (throttle) await this.assertMaySend(trx, user, 'invite');
      const codes = this.codes.in(trx);
      const code = await codes.replace({
        tenantId: user.tenant_id, userId, purpose: 'invite', codeHash: hash, target: user.user_name, validMs: this.limits.inviteValidMs,
      });
      await codes.addInviteToken(hash, user.tenant_id, code.id);
      await recordUserAudit(trx, actor, user.tenant_id, userId, 'invite.send', null, { sentTo: user.user_name, expiresAt: code.expiresAt.toISOString() });
      return code;
    });
    const link = `${this.messaging.publicUrl}${APP_PATHS.invite.replace(':token', token)}`;
    const validDays = Math.round(this.limits.inviteValidMs / 86_400_000);
    await this.deliver(user.tenant_id, stored.id, () =>
      this.messaging.mailer.send(inviteMail(user.user_name, { name: user.name, tenantName: user.tenant_name, link, validDays })),
    );
    return { sentTo: user.user_name, expiresAt: stored.expiresAt.toISOString() };
  }

  private async sendCode(user: VerifiableUser, purpose: 'email' | 'phone', target: string, actor: AuditActor): Promise<CodeSent> {
    const code = newCode();
    const codeHash = await hashPassword(code);
    const userId = Number(user.id);
    const stored = await this.db.transaction().execute(async (trx) => {
      await this.assertMaySend(trx, user, purpose);
      const row = await this.codes.in(trx).replace({ tenantId: user.tenant_id, userId, purpose, codeHash, target, validMs: this.limits.codeValidMs });
      await recordUserAudit(trx, actor, user.tenant_id, userId, `user.${purpose}.code`, null, {
        sentTo: purpose === 'email' ? maskEmail(target) : maskPhone(target),
      });
      return row;
    });
    const minutes = this.limits.codeValidMs / 60_000;
    await this.deliver(user.tenant_id, stored.id, () =>
      purpose === 'email'
        ? this.messaging.mailer.send(emailCodeMail(target, { name: user.name, code, validMinutes: minutes }))
        : this.messaging.sms.send(target, `${code} is your Enviro confirmation code. It works for ${minutes} minutes.`),
    );
    return this.codeSent(purpose === 'email' ? maskEmail(target) : maskPhone(target), stored.expiresAt);
  }

  /** Sends; a message that could not go out takes its code with it and answers 503. */
  private async deliver(tenantId: number, codeId: string, send: () => Promise<void>): Promise<void> {
    try {
      await send();
    } catch {
      await this.codes.delete(tenantId, codeId);
      throw new HttpError(503, 'the message could not be sent; try again later');
    }
  }

  /**
   * Resend throttle per user and purpose: one a minute, five an hour. Checked inside the
   * transaction storing the code, under the user's row lock, so concurrent requests cannot all
   * pass the check before any of them has stored its code.
   */
  private async assertMaySend(trx: Db, user: VerifiableUser, purpose: CodePurpose): Promise<void> {
    const l = this.limits;
    await this.accounts.in(trx).findVerifiable([user.tenant_id], Number(user.id), true);
    const agesMs = await this.codes.in(trx).recentSends(user.tenant_id, Number(user.id), purpose, l.resendWindowMs);
    const lastAgoMs = agesMs[0];
    if (lastAgoMs !== undefined && lastAgoMs < l.resendIntervalMs) {
      const waitMs = l.resendIntervalMs - lastAgoMs;
      const seconds = Math.ceil(waitMs / 1000);
      throw tooManyRequests(`${purpose === 'invite' ? 'an invite' : 'a code'} was just sent; ask again in ${seconds} second${seconds === 1 ? '' : 's'}`, waitMs);
    }
    if (agesMs.length >= l.resendPerWindow) {
      // Until the send that fills the window leaves it.
      const waitMs = l.resendWindowMs - agesMs[l.resendPerWindow - 1]!;
      throw tooManyRequests(`${agesMs.length} ${purpose === 'invite' ? 'invites' : 'codes'} were sent in the last hour; ask again later`, waitMs);
    }
  }

  private codeSent(sentTo: string, expiresAt: Date): CodeSent {
    return { sentTo, expiresAt: expiresAt.toISOString(), resendAfterSeconds: Math.ceil(this.limits.resendIntervalMs / 1000) };
  }

  /**
   * The invite an invite link's token opens, with its user. `lock` (in a transaction that will
   * change them) locks the user's row before the code's, the order every other path here takes.
   */
  private async findInvite(db: Db, tokenHash: string, lock = false): Promise<{ code: CodeRow; user: VerifiableUser } | undefined> {
    const codes = this.codes.in(db);
    const invite = await codes.findInvite(tokenHash);
    const user = invite && (await this.accounts.in(db).findVerifiable([invite.tenant_id], Number(invite.user_id), lock));
    const code = user && lock ? await codes.findInvite(tokenHash, true) : invite;
    return user && code ? { code, user } : undefined;
  }

  /** The caller's own account, at home. */
  private async ownAccount(caller: UserAuth): Promise<VerifiableUser> {
    const user = await this.accounts.findVerifiable([caller.homeTenantId], caller.userId);
    if (!user) throw notFound(`No user with id= ${caller.userId} exists`);
    return user;
  }
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function camel(column: string): string {
  return column.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
}

