import { describe, expect, it } from 'vitest';
import { PASSWORD } from './accounts.ts';
import { codeIn } from './mail-server.ts';
import { useTestApp } from './test-app.ts';

/**
 * Email and phone confirmation with 6-digit codes (mail read from a real SMTP server, SMS from a
 * recording provider), the login email change, and password update.
 */

const ctx = useTestApp({ mail: true });
await ctx.start();

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const tenant = (await ctx.b.newTenant({ name: 'Alpha Cement' })).id;
const other = (await ctx.b.newTenant({ name: 'Bravo Steel' })).id;

async function member(o: { phone?: string; tenantId?: number } = {}) {
  const tenantId = o.tenantId ?? tenant;
  const user = await ctx.newUser({ tenantId, ...(o.phone ? { phone: o.phone } : {}) });
  return { ...user, tenantId, headers: { cookie: await ctx.sessionCookie(tenantId, user.id), ...XHR } };
}

type Member = Awaited<ReturnType<typeof member>>;
const post = (u: Member, path: string, payload?: object) =>
  ctx.inject({ method: 'POST', url: `/api/users/${u.id}/${path}`, headers: u.headers, ...(payload ? { payload } : {}) });

/** Sends a code to the user's email and reads it out of the mail. */
async function emailCode(u: Member): Promise<string> {
  const since = ctx.mail.mails.length;
  const res = await post(u, 'verifyEmail');
  expect(res.statusCode, res.body).toBe(200);
  return codeIn(await ctx.mail.next(u.userName, since));
}

const verifiedFlags = (id: number) =>
  ctx.db.selectFrom('app_user').select(['email_verified', 'phone_verified', 'user_name']).where('id', '=', String(id)).executeTakeFirstOrThrow();
/** Makes the user's codes old enough to ask again (the resend throttle is one a minute). */
const ageCodes = (id: number) => ctx.database.pool.query(`UPDATE verification_code SET created_at = created_at - interval '2 minutes' WHERE user_id = $1`, [id]);
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('email confirmation', () => {
  it('mails a 6-digit code valid 10 minutes; the right code confirms the email, once', async () => {
    const u = await member();
    const since = ctx.mail.mails.length;
    const sent = await post(u, 'verifyEmail');
    expect(sent.statusCode).toBe(200);
    const body = sent.json();
    expect(body.sentTo).toMatch(/^u\*\*\*@example\.in$/);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const mail = await ctx.mail.next(u.userName, since);
    expect(mail.subject).toMatch(/^Your Enviro confirmation code: \d{6}$/);
    const code = codeIn(mail);
    const stored = await ctx.db.selectFrom('verification_code').select(['code_hash', 'target']).where('user_id', '=', String(u.id)).executeTakeFirstOrThrow();
    expect(stored.code_hash).toMatch(/^\$argon2id\$/);
    expect(stored.code_hash).not.toContain(code);

    const ok = await post(u, 'verifyEmailOtp', { otp: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ emailVerified: true, phoneVerified: false });
    expect((await verifiedFlags(u.id)).email_verified).toBe(true);
    expect((await post(u, 'verifyEmailOtp', { otp: code })).json()).toMatchObject({ statusCode: 400, field: 'otp' });
    // Once confirmed there is nothing to send.
    expect((await post(u, 'verifyEmail')).statusCode).toBe(409);

    const audit = await ctx.db.selectFrom('audit_log').select(['action', 'before', 'after']).where('entity', '=', `app_user:${u.id}`).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['user.email.code', 'user.email.verify']));
    expect(JSON.stringify(audit)).not.toContain(code);
  });

  it('refuses an expired code', async () => {
    const u = await member();
    const code = await emailCode(u);
    await ctx.database.pool.query(`UPDATE verification_code SET expires_at = created_at WHERE user_id = $1`, [u.id]);
    const res = await post(u, 'verifyEmailOtp', { otp: code });
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'otp', message: expect.stringContaining('expired') });
    expect((await verifiedFlags(u.id)).email_verified).toBe(false);
  });

  it('allows 5 wrong codes, then needs a new code even for the right one', async () => {
    const u = await member();
    const code = await emailCode(u);
    for (let left = 4; left >= 0; left--) {
      const res = await post(u, 'verifyEmailOtp', { otp: wrong(code) });
      expect(res.json()).toMatchObject({ statusCode: 400, field: 'otp' });
      expect(res.json().message).toContain(left > 0 ? `${left} ${left === 1 ? 'try' : 'tries'} left` : 'ask for a new one');
    }
    const late = await post(u, 'verifyEmailOtp', { otp: code });
    expect(late.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('too many wrong codes') });

    await ageCodes(u.id);
    const fresh = await emailCode(u);
    expect((await post(u, 'verifyEmailOtp', { otp: code === fresh ? wrong(fresh) : code })).statusCode).toBe(400);
    expect((await post(u, 'verifyEmailOtp', { otp: fresh })).statusCode).toBe(200);
  });

  it('throttles resending: once a minute and five an hour; a new code replaces the old one', async () => {
    const u = await member();
    const first = await emailCode(u);
    const soon = await post(u, 'verifyEmail');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(/ask again in \d+ seconds/);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);
    for (let sent = 2; sent <= 5; sent++) {
      await ageCodes(u.id);
      await emailCode(u);
    }
    await ageCodes(u.id);
    const full = await post(u, 'verifyEmail');
    expect(full.json()).toMatchObject({ statusCode: 429, message: expect.stringContaining('last hour') });
    // Five sends aged 2 to 10 minutes: the oldest leaves the hour in 50 minutes.
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(50 * 60 - 10);
    expect(Number(full.headers['retry-after'])).toBeLessThanOrEqual(50 * 60);
    const latest = codeIn(ctx.mail.mails.filter((m) => m.to.includes(u.userName)).at(-1)!);
    if (first !== latest) expect((await post(u, 'verifyEmailOtp', { otp: first })).statusCode).toBe(400);
    expect((await post(u, 'verifyEmailOtp', { otp: latest })).statusCode).toBe(200);
  });

  it('sends one code for a burst of concurrent requests; the rest wait for the throttle', async () => {
    const u = await member();
    const since = ctx.mail.mails.length;
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(u, 'verifyEmail')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
    for (const r of answers.filter((a) => a.statusCode === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    await ctx.mail.next(u.userName, since);
    const { rows } = await ctx.database.pool.query('SELECT count(*)::int AS n FROM verification_code WHERE user_id = $1', [u.id]);
    expect(rows[0].n).toBe(1);
  });

  it('names the field of a bad code', async () => {
    const u = await member();
    for (const otp of ['12345', 'abcdef', '1234567', undefined]) {
      const res = await post(u, 'verifyEmailOtp', otp === undefined ? {} : { otp });
      expect(res.json()).toMatchObject({ statusCode: 400, field: 'body.otp' });
    }
    // No code asked for yet.
    expect((await post(u, 'verifyEmailOtp', { otp: '123456' })).json()).toMatchObject({ statusCode: 400, field: 'otp' });
  });
});

describe('phone confirmation', () => {
  it('texts a code through the SMS provider; the right code confirms the phone', async () => {
    const u = await member({ phone: '+91 98765 43210' });
    const sent = await post(u, 'verifyPhone');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().sentTo).toBe('********3210');
    const code = ctx.sms.lastCode('+91 98765 43210');
    expect((await post(u, 'verifyPhoneOtp', { otp: wrong(code) })).json()).toMatchObject({ field: 'otp', message: expect.stringContaining('4 tries left') });
    const ok = await post(u, 'verifyPhoneOtp', { otp: code });
    expect(ok.json()).toEqual({ emailVerified: false, phoneVerified: true });
    // An email code does not confirm the phone and the other way round.
    expect((await post(u, 'verifyEmailOtp', { otp: code })).statusCode).toBe(400);
  });

  it('asks for a phone number first, and answers 503 when the SMS cannot go out', async () => {
    const none = await member();
    expect((await post(none, 'verifyPhone')).json()).toMatchObject({ statusCode: 400, field: 'phone' });
    const u = await member({ phone: '9876500001' });
    ctx.sms.failing = true;
    try {
      expect((await post(u, 'verifyPhone')).statusCode).toBe(503);
    } finally {
      ctx.sms.failing = false;
    }
    // The failed send took its code with it and does not count toward the throttle.
    expect((await post(u, 'verifyPhone')).statusCode).toBe(200);
  });
});

describe('changing the login email', () => {
  it('moves the login to the new address unconfirmed, mails it a code and the old address a notice', async () => {
    const u = await member();
    await ctx.database.pool.query('UPDATE app_user SET email_verified = true WHERE id = $1', [u.id]);
    const newEmail = `changed.${u.id}@example.org`;
    const since = ctx.mail.mails.length;
    const res = await post(u, encodeURIComponent(newEmail));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ userName: newEmail, emailVerified: false, sentTo: 'c***@example.org' });
    expect(await verifiedFlags(u.id)).toMatchObject({ user_name: newEmail, email_verified: false });

    const notice = await ctx.mail.next(u.userName, since);
    expect(notice.subject).toBe('Your Enviro login email was changed');
    expect(notice.text).toContain(newEmail);
    const code = codeIn(await ctx.mail.next(newEmail, since));
    expect((await post(u, 'verifyEmailOtp', { otp: code })).json()).toEqual({ emailVerified: true, phoneVerified: false });

    expect((await ctx.login(newEmail, PASSWORD, '10.4.0.1')).res.statusCode).toBe(200);
    expect((await ctx.login(u.userName, PASSWORD, '10.4.0.1')).res.statusCode).toBe(401);
  });

  it("refuses another account's email, the same email and a malformed one, naming the field", async () => {
    const u = await member();
    const taken = await member();
    expect((await post(u, encodeURIComponent(taken.userName.toUpperCase()))).json()).toMatchObject({ statusCode: 409, field: 'email' });
    expect((await post(u, encodeURIComponent(u.userName))).json()).toMatchObject({ statusCode: 400, field: 'email' });
    expect((await post(u, 'not-an-email')).json()).toMatchObject({ statusCode: 400, field: 'params.email' });
    expect((await verifiedFlags(u.id)).user_name).toBe(u.userName);
  });
});

describe('password update', () => {
  it('refuses a wrong current password, naming the field', async () => {
    const u = await member();
    const res = await post(u, 'password/update', { currentPassword: 'not it at all', newPassword: 'a much better one' });
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'currentPassword' });
    expect((await ctx.login(u.userName, PASSWORD, '10.5.0.1')).res.statusCode).toBe(200);
  });

  it('names the field of a bad body', async () => {
    const u = await member();
    expect((await post(u, 'password/update', { currentPassword: PASSWORD, newPassword: 'short' })).json()).toMatchObject({ field: 'body.newPassword' });
    expect((await post(u, 'password/update', { newPassword: 'long enough now' })).json()).toMatchObject({ field: 'body.currentPassword' });
    expect((await post(u, 'password/update', { currentPassword: PASSWORD, newPassword: PASSWORD })).json()).toMatchObject({ field: 'newPassword' });
  });

  it('sets the new password and ends the other sessions, keeping this one', async () => {
    const u = await member();
    const elsewhere = (await ctx.login(u.userName, PASSWORD, '10.6.0.1')).cookie;
    const res = await post(u, 'password/update', { currentPassword: PASSWORD, newPassword: 'the next password' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: true, sessionsEnded: 1 });
    expect((await ctx.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: elsewhere } })).statusCode).toBe(401);
    expect((await ctx.inject({ method: 'GET', url: '/api/users/me', headers: u.headers })).statusCode).toBe(200);
    expect((await ctx.login(u.userName, PASSWORD, '10.6.0.2')).res.statusCode).toBe(401);
    expect((await ctx.login(u.userName, 'the next password', '10.6.0.3')).res.statusCode).toBe(200);
    const audit = await ctx.db.selectFrom('audit_log').select(['action', 'after']).where('entity', '=', `app_user:${u.id}`).where('action', '=', 'user.password.update').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('the next password');
  });

  it('counts wrong current passwords toward the login limit', async () => {
    const u = await member();
    for (let i = 0; i < 5; i++) await post(u, 'password/update', { currentPassword: `guess number ${i}`, newPassword: 'a much better one' });
    const res = await post(u, 'password/update', { currentPassword: PASSWORD, newPassword: 'a much better one' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe("another user's ids", () => {
  it.each([
    ['verifyEmail', undefined],
    ['verifyPhone', undefined],
    ['verifyEmailOtp', { otp: '123456' }],
    ['verifyPhoneOtp', { otp: '123456' }],
    ['password/update', { currentPassword: PASSWORD, newPassword: 'taken over now' }],
    ['someone.else@example.org', undefined],
  ])('%s on a user of another tenant, or another user of the same tenant, is not found', async (path, payload) => {
    const me = await member();
    const stranger = await member({ tenantId: other, phone: '9876500002' });
    const neighbour = await member({ phone: '9876500003' });
    for (const target of [stranger, neighbour]) {
      const res = await ctx.inject({ method: 'POST', url: `/api/users/${target.id}/${path}`, headers: me.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(target.userName);
    }
    expect(await verifiedFlags(stranger.id)).toMatchObject({ user_name: stranger.userName });
    expect((await ctx.login(stranger.userName, PASSWORD, '10.7.0.1')).res.statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const u = await member();
    expect((await ctx.inject({ method: 'POST', url: `/api/users/${u.id}/verifyEmail` })).statusCode).toBe(401);
  });
});
