import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { inviteLinkIn, startMailServer } from './mail-server.ts';
import { useTestApp } from './test-app.ts';

/**
 * Invites end to end: the invite mail arrives at a real SMTP server, the test follows the link's
 * token, sets a password and signs in; used, replaced, expired and unknown links are refused.
 */

const ctx = useTestApp({ mail: { from: 'Enviro <noreply@enviro.test>', publicUrl: 'https://enviro.test/' } });
await ctx.start();

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const tenant = (await ctx.b.newTenant({ name: 'Alpha Cement' })).id;
const other = (await ctx.b.newTenant({ name: 'Bravo Steel' })).id;
const site = (await ctx.b.newTenant({ type: 'site', name: 'Platform' })).id;
const tenantAdmin = await ctx.newUser({ tenantId: tenant, role: 'admin' });
const adminCookie = await ctx.sessionCookie(tenant, tenantAdmin.id);
const siteAdmin = await ctx.newUser({ tenantId: site, userType: 'site', role: 'admin' });
const siteCookie = await ctx.sessionCookie(site, siteAdmin.id);
const NEW_PASSWORD = 'a brand new secret';

/** A user without a password, invited through the seam user administration calls; answers the token of the mailed link. */
async function invited(tenantId = tenant, name = 'Invited Person') {
  const user = await ctx.newUser({ tenantId, name, password: undefined });
  const since = ctx.mail.mails.length;
  await ctx.app.accounts.verification.sendInvite(tenantId, user.id);
  const mail = await ctx.mail.next(user.userName, since);
  return { ...user, mail, token: tokenOf(inviteLinkIn(mail)) };
}

function tokenOf(link: string): string {
  return link.split('/invite/')[1]!;
}

const getInvite = (token: string) => ctx.inject({ method: 'GET', url: `/api/invite/${token}` });
const accept = (token: string, password = NEW_PASSWORD, ip = '10.1.0.1') =>
  ctx.inject({ method: 'POST', url: '/api/invite/accept', headers: XHR, remoteAddress: ip, payload: { token, password } });

describe('invites', () => {
  it('mails a link to PUBLIC_URL/invite/{token}; following it sets the password, confirms the email and lets the user sign in', async () => {
    const user = await invited(tenant, 'Asha <Rao>');
    expect(user.mail.from).toBe('noreply@enviro.test');
    expect(user.mail.subject).toBe('You are invited to Enviro (Alpha Cement)');
    expect(inviteLinkIn(user.mail)).toMatch(/^https:\/\/enviro\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(user.mail.text).toContain('7 days');
    // The name is the user's words: escaped in the HTML part.
    expect(user.mail.html).toContain('Asha &lt;Rao&gt;');
    expect(user.mail.html).toContain(`href="${inviteLinkIn(user.mail)}"`);

    const info = await getInvite(user.token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ state: 'VALID', name: 'Asha <Rao>', userName: user.userName, tenantName: 'Alpha Cement' });

    const res = await accept(user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: user.id, name: 'Asha <Rao>', userName: user.userName });

    const signedIn = await ctx.login(user.userName, NEW_PASSWORD);
    expect(signedIn.res.statusCode).toBe(200);
    expect(signedIn.res.json()).toMatchObject({ id: user.id, emailVerified: true });

    const audit = await ctx.db.selectFrom('audit_log').select(['action', 'actor', 'after']).where('entity', '=', `app_user:${user.id}`).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'invite.send', 'invite.accept']));
    // Neither the token nor the password reaches the audit log or the code table.
    const stored = JSON.stringify(audit) + JSON.stringify(await ctx.db.selectFrom('verification_code').selectAll().execute());
    expect(stored).not.toContain(user.token);
    expect(stored).not.toContain(NEW_PASSWORD);
  });

  it('refuses a used link, and says it was used', async () => {
    const user = await invited();
    expect((await accept(user.token)).statusCode).toBe(200);
    const again = await accept(user.token, 'another password here');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'token' });
    expect((await getInvite(user.token)).json()).toEqual({ state: 'USED' });
    // The first password still signs in; the second never took.
    expect((await ctx.login(user.userName, NEW_PASSWORD, '10.9.0.1')).res.statusCode).toBe(200);
  });

  it('refuses an expired link and a link replaced by a newer invite', async () => {
    const user = await invited();
    await ctx.database.pool.query(`UPDATE verification_code SET expires_at = created_at WHERE user_id = $1 AND purpose = 'invite'`, [user.id]);
    expect((await getInvite(user.token)).json()).toEqual({ state: 'EXPIRED' });
    const res = await accept(user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'token', message: expect.stringContaining('expired') });

    const second = await invited();
    const since = ctx.mail.mails.length;
    await ctx.app.accounts.verification.sendInvite(tenant, second.id);
    const newer = tokenOf(inviteLinkIn(await ctx.mail.next(second.userName, since)));
    expect(newer).not.toBe(second.token);
    expect((await getInvite(second.token)).json()).toEqual({ state: 'EXPIRED' });
    expect((await accept(second.token)).statusCode).toBe(400);
    expect((await accept(newer)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown link, and names the field of a bad body', async () => {
    expect((await getInvite('x'.repeat(43))).statusCode).toBe(404);
    expect((await getInvite('12')).statusCode).toBe(404);
    expect((await accept('y'.repeat(43), NEW_PASSWORD, '10.2.0.1')).statusCode).toBe(404);
    const user = await invited();
    const short = await accept(user.token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'body.password' });
    const noToken = await ctx.inject({ method: 'POST', url: '/api/invite/accept', headers: XHR, payload: { password: NEW_PASSWORD } });
    expect(noToken.json()).toMatchObject({ statusCode: 400, field: 'body.token' });
  });

  it('needs the CSRF header to accept', async () => {
    const user = await invited();
    const res = await ctx.inject({ method: 'POST', url: '/api/invite/accept', payload: { token: user.token, password: NEW_PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect((await getInvite(user.token)).json()).toMatchObject({ state: 'VALID' });
  });

  it('limits failed accepts per address, like logins', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 20; i++) expect((await accept(`guess${String(i).padStart(40, '0')}`, NEW_PASSWORD, ip)).statusCode).toBe(404);
    const user = await invited();
    const limited = await accept(user.token, NEW_PASSWORD, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/try again in \d+ minutes?/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back, and the link still works.
    expect((await accept(user.token, NEW_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });
});

describe('resendInvite', () => {
  const resend = (id: number, cookie: string) => ctx.inject({ method: 'POST', url: `/api/users/${id}/resendInvite`, headers: { cookie, ...XHR } });

  it("lets the user's tenant admin and a site admin send a new link that replaces the old one", async () => {
    const user = await invited();
    const ageInvites = () =>
      ctx.database.pool.query(`UPDATE verification_code SET created_at = created_at - interval '2 minutes' WHERE user_id = $1`, [user.id]);
    // Resending is throttled: once a minute per user, the first invite included.
    const soon = await resend(user.id, adminCookie);
    expect(soon.json()).toMatchObject({ statusCode: 429, message: expect.stringContaining('an invite was just sent') });
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    await ageInvites();
    const since = ctx.mail.mails.length;
    const res = await resend(user.id, adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sentTo: user.userName });
    const link = tokenOf(inviteLinkIn(await ctx.mail.next(user.userName, since)));
    expect((await getInvite(user.token)).json()).toEqual({ state: 'EXPIRED' });
    expect((await getInvite(link)).json()).toMatchObject({ state: 'VALID' });

    expect((await resend(user.id, siteCookie)).statusCode).toBe(429);
    await ageInvites();
    expect((await resend(user.id, siteCookie)).statusCode).toBe(200);
    const audit = await ctx.db.selectFrom('audit_log').select(['actor']).where('entity', '=', `app_user:${user.id}`).where('action', '=', 'invite.send').execute();
    expect(audit.map((a) => a.actor)).toEqual(['system', `user:${tenantAdmin.id}`, `user:${siteAdmin.id}`]);
  });

  it('refuses once the user has a password, and for users of another tenant', async () => {
    const withPassword = await ctx.newUser({ tenantId: tenant });
    const res = await resend(withPassword.id, adminCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('already set a password');

    const stranger = await invited(other, 'Bravo Person');
    const since = ctx.mail.mails.length;
    expect((await resend(stranger.id, adminCookie)).statusCode).toBe(404);
    expect(ctx.mail.mails.length).toBe(since);
  });

  it('is for administrators only', async () => {
    const plain = await ctx.newUser({ tenantId: tenant, role: 'user' });
    const user = await invited();
    const res = await resend(user.id, await ctx.sessionCookie(tenant, plain.id));
    expect(res.statusCode).toBe(403);
  });
});

describe('mail over an SMTP URL with credentials', () => {
  it('signs in to the SMTP server with the user and password of the URL', async () => {
    const secured = await startMailServer({ user: 'mailer', pass: 's3cret' });
    const other = await buildApp({ database: ctx.database, mail: { transport: secured.url, publicUrl: 'http://localhost:8080' } }, { logger: false });
    try {
      await other.ready();
      const user = await ctx.newUser({ tenantId: tenant, password: undefined });
      await other.accounts.verification.sendInvite(tenant, user.id);
      expect(inviteLinkIn(await secured.next(user.userName))).toMatch(/^http:\/\/localhost:8080\/invite\//);
    } finally {
      await other.close();
      await secured.close();
    }
  });
});
