import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { SmsProvider } from '../src/platform/sms/sms-provider.ts';

/** A mail as the in-process SMTP server received it, with its plain-text part decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The whole message as received (attachments included, still encoded). */
  raw: string;
}

export interface MailServer {
  port: number;
  /** Every mail received so far, oldest first. */
  mails: ReceivedMail[];
  /** smtp:// URL of the server, with the credentials it requires when started with `auth`. */
  url: string;
  /** The newest mail to `to` received after `since` mails (waits up to 5 s for it). */
  next(to: string, since?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port, for the mailer to talk to as it would to a provider.
 * With `auth` it requires that user name and password (AUTH PLAIN/LOGIN without TLS, for tests only).
 */
export async function startMailServer(auth?: { user: string; pass: string }): Promise<MailServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: auth === undefined,
    allowInsecureAuth: true,
    logger: false,
    onAuth(credentials, _session, callback) {
      if (auth && credentials.username === auth.user && credentials.password === auth.pass) callback(null, { user: auth.user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    url: auth ? `smtp://${auth.user}:${auth.pass}@127.0.0.1:${port}` : `smtp://127.0.0.1:${port}`,
    async next(to, since = 0) {
      for (let waited = 0; waited < 5_000; waited += 20) {
        const found = mails.slice(since).filter((m) => m.to.includes(to.toLowerCase()));
        if (found.length > 0) return found[found.length - 1]!;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no mail to ${to}; received: ${mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ')}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The nodemailer transport options for a server without authentication. */
export function transportFor(server: MailServer) {
  return { host: '127.0.0.1', port: server.port, secure: false, ignoreTLS: true } as const;
}

/** An SMS provider that keeps what it was asked to send. */
export class RecordingSms implements SmsProvider {
  readonly sent: { to: string; text: string }[] = [];
  failing = false;

  async send(to: string, text: string): Promise<void> {
    if (this.failing) throw new Error('gateway down');
    this.sent.push({ to, text });
  }

  /** The code in the newest message to `to`. */
  lastCode(to: string): string {
    const message = this.sent.filter((s) => s.to === to).at(-1);
    const code = message && /\b(\d{6})\b/.exec(message.text)?.[1];
    if (!code) throw new Error(`no code sent to ${to}`);
    return code;
  }
}

/** The 6-digit code in a mail's text. */
export function codeIn(mail: ReceivedMail): string {
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}

/** The invite link in a mail's text. */
export function inviteLinkIn(mail: ReceivedMail): string {
  const link = /(https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no invite link in mail: ${mail.text}`);
  return link;
}

/** Headers and the text and HTML parts of a MIME message (quoted-printable or base64). */
function parseMail(raw: string, envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] }): ReceivedMail {
  const [head = ''] = raw.split(/\r?\n\r?\n/, 1);
  const subject = decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '');
  return {
    from: envelope.mailFrom ? envelope.mailFrom.address : '',
    to: envelope.rcptTo.map((r) => r.address.toLowerCase()),
    subject,
    text: part(raw, 'text/plain'),
    html: part(raw, 'text/html'),
    raw,
  };
}

function part(raw: string, type: string): string {
  const start = raw.search(new RegExp(`^Content-Type: ${type.replace('/', '\\/')}`, 'im'));
  if (start < 0) return '';
  const rest = raw.slice(start);
  const split = /\r?\n\r?\n/.exec(rest);
  if (!split) return '';
  const headers = rest.slice(0, split.index);
  let body = rest.slice(split.index + split[0].length);
  const boundary = body.search(/^--/m);
  if (boundary >= 0) body = body.slice(0, boundary);
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(body: string): string {
  // Literal % first, then each =XX byte as %XX: percent-decoding turns the bytes back into UTF-8 text.
  const escaped = body.replace(/=\r?\n/g, '').replace(/%/g, '%25').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(escaped);
}

function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n[ \t]/g, ' ')
    // RFC 2047: white space between two encoded words is not part of the text (long subjects are split into several).
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}
