import type { MailMessage } from './mailer.ts';

/** The mails of accounts: an invite, a confirmation code, the notice that the login email changed. */

export function inviteMail(to: string, v: { name: string; tenantName: string; link: string; validDays: number }): MailMessage {
  return mail(to, `You are invited to Enviro (${v.tenantName})`, v.name, [
    { text: `You have been given an account on Enviro for ${v.tenantName}. Set your password to start:` },
    { link: v.link },
    { text: `The link works for ${v.validDays} days and only once. If you did not expect this mail, ignore it.` },
  ]);
}

export function emailCodeMail(to: string, v: { name: string; code: string; validMinutes: number }): MailMessage {
  return mail(to, `Your Enviro confirmation code: ${v.code}`, v.name, [
    { text: 'Enter this code on your account page to confirm your email address:' },
    { code: v.code },
    { text: `The code works for ${v.validMinutes} minutes. If you did not ask for it, ignore this mail.` },
  ]);
}

export function emailChangedMail(to: string, v: { name: string; newEmail: string }): MailMessage {
  return mail(to, 'Your Enviro login email was changed', v.name, [
    { text: `The email you sign in to Enviro with was changed to ${v.newEmail}. This address no longer signs in.` },
    { text: 'If you did not make this change, contact your administrator at once.' },
  ]);
}

/** A regulator stopped taking an industry's data for a configuration error (issue 29): what, why, where to fix it. */
export function regulatorStoppedMail(to: string, v: { name: string; industry: string; connection: string; code: string; message: string; meaning: string; device: string | null; link: string }): MailMessage {
  return mail(to, `${v.connection} stopped taking ${v.industry}'s data (${v.code})`, v.name, [
    { text: `${v.connection} answered ${v.code}${v.message ? ` "${v.message}"` : ''}${v.device ? ` for device ${v.device}` : ''}: a configuration error. Nothing of ${v.industry} is sent on it until its mapping (or the connection) is saved again; its records wait meanwhile and expire after the back-fill limit.` },
    { text: v.meaning },
    { link: v.link },
  ]);
}

/** The link that confirms a developer's sign-up for an open data API key (issue 37). */
export function openKeyMail(to: string, v: { link: string; validHours: number; licence: string }): MailMessage {
  return mail(to, 'Confirm your Enviro open data API key', 'developer', [
    { text: `Someone (we hope you) asked for a key to the Enviro open data API with this address. Open this link within ${v.validHours} hours to confirm it and see your key:` },
    { link: v.link },
    { text: 'If it was not you, ignore this mail: no key is made without the link.' },
    { text: `The data are published under the ${v.licence}.` },
  ]);
}

/** A change request moved (issue 35): told to the other party, with who moved it, the comment and the page. */
export function changeRequestMail(to: string, v: { name: string; subject: string; what: string; comment: string; link: string }): MailMessage {
  return mail(to, v.subject, v.name, [{ text: v.what }, ...(v.comment ? [{ text: `Comment: ${v.comment}` }] : []), { link: v.link }]);
}

/** A consent to operate or NOC nears its expiry, or has expired (issue 33): which, when, where to renew it. */
export function consentExpiryMail(to: string, v: { name: string; industry: string; kind: string; number: string; station: string | null; expiresOn: string; daysLeft: number; link: string }): MailMessage {
  const what = `${v.kind} ${v.number}${v.station ? ` of ${v.station}` : ''}`;
  const when = v.daysLeft < 0 ? `expired on ${v.expiresOn}` : v.daysLeft === 0 ? `expires today (${v.expiresOn})` : `expires in ${v.daysLeft} day${v.daysLeft === 1 ? '' : 's'}, on ${v.expiresOn}`;
  return mail(to, `${v.industry}: ${what} ${when}`, v.name, [
    { text: `The ${what} of ${v.industry} ${when}. Apply to the board for its renewal in time, then enter the new consent and upload it on Enviro:` },
    { link: v.link },
  ]);
}

type Part = { text: string } | { link: string } | { code: string };

/** One mail in plain text and the same words as simple HTML (escaped: names come from users). */
/** A subscription's news (issue 34): a status change, a grace reminder, a payment received, a link to pay; what, and where to act. */
export function subscriptionMail(to: string, v: { name: string; subject: string; lines: string[]; link: string }): MailMessage {
  return mail(to, v.subject, v.name, [...v.lines.map((text) => ({ text })), { link: v.link }]);
}

function mail(to: string, subject: string, name: string, parts: Part[]): MailMessage {
  const text = [`Hello ${name},`, ...parts.map((p) => ('text' in p ? p.text : 'link' in p ? p.link : p.code)), '— Enviro'].join('\n\n');
  const body = parts
    .map((p) =>
      'text' in p
        ? `<p>${escapeHtml(p.text)}</p>`
        : 'link' in p
          ? `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>`
          : `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(p.code)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">\n<p>Hello ${escapeHtml(name)},</p>\n${body}\n<p>— Enviro</p>\n</body></html>`;
  return { to, subject, text: `${text}\n`, html };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
