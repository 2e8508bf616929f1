import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { emailCodeMail, inviteMail } from '../src/platform/mail/templates.ts';
import { maskEmail, maskPhone, newCode } from '../src/modules/accounts/one-time-code.ts';

describe('mail and SMS configuration', () => {
  it('works with nothing set: mails to the log, console SMS, links to localhost', () => {
    const c = loadConfig({});
    expect(c.SMTP_URL).toBeUndefined();
    expect(c.PUBLIC_URL).toBeUndefined();
    expect(c.MAIL_FROM).toBe('Enviro <no-reply@enviro.localhost>');
    expect(c.SMS_PROVIDER).toBe('console');
  });

  it('takes an SMTP URL with credentials, a sender and a public URL without its trailing slash', () => {
    const c = loadConfig({ SMTP_URL: 'smtps://user:p%40ss@mail.example.in:465', MAIL_FROM: 'alerts@example.in', PUBLIC_URL: 'https://enviro.example.in/' });
    expect(c).toMatchObject({ SMTP_URL: 'smtps://user:p%40ss@mail.example.in:465', MAIL_FROM: 'alerts@example.in', PUBLIC_URL: 'https://enviro.example.in' });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.in' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM: must be an address or Name <address>'],
    [{ PUBLIC_URL: 'enviro.example.in' }, 'PUBLIC_URL: must be an http:// or https:// URL'],
    [{ SMS_PROVIDER: 'twilio' }, 'SMS_PROVIDER'],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('one-time codes and mails', () => {
  it('draws 6-digit codes, leading zeros kept', () => {
    const codes = Array.from({ length: 200 }, newCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it.each([
    ['asha.rao@example.in', 'a***@example.in'],
    ['x@y.in', 'x***@y.in'],
    ['broken', '***'],
  ])('masks the email %s as %s', (email, masked) => expect(maskEmail(email)).toBe(masked));

  it.each([
    ['+91 98765 43210', '********3210'],
    ['98765-43210', '******3210'],
    ['123', '123'],
  ])('masks the phone %s as %s', (phone, masked) => expect(maskPhone(phone)).toBe(masked));

  it('writes each mail as text and escaped HTML', () => {
    const invite = inviteMail('a@b.in', { name: '<b>Asha</b> & co', tenantName: 'Alpha "Cement"', link: 'https://e.in/invite/abc', validDays: 7 });
    expect(invite.subject).toBe('You are invited to Enviro (Alpha "Cement")');
    expect(invite.text).toContain('Hello <b>Asha</b> & co,');
    expect(invite.text).toContain('https://e.in/invite/abc');
    expect(invite.html).toContain('Hello &lt;b&gt;Asha&lt;/b&gt; &amp; co,');
    expect(invite.html).toContain('for Alpha &quot;Cement&quot;');
    expect(invite.html).not.toContain('<b>Asha');
    const code = emailCodeMail('a@b.in', { name: 'Asha', code: '012345', validMinutes: 10 });
    expect(code.text).toMatch(/^012345$/m);
    expect(code.text).toContain('10 minutes');
  });
});
