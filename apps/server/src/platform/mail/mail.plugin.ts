import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSmsProvider, type SmsProvider } from '../sms/sms-provider.ts';
import { createMailer, DEFAULT_MAIL_FROM, type Mailer, type MailTransport } from './mailer.ts';

/** How the app reaches people: buildApp's `mail` and `sms` deps (server.ts fills them from the configuration). */
export interface MailOptions {
  /** An SMTP URL or nodemailer SMTP options (tests: an in-process SMTP server); unset: mails go to the log. */
  transport?: MailTransport;
  /** Sender of every mail. */
  from?: string;
  /** Base of links in mails, without a trailing slash. */
  publicUrl?: string;
}

/** Mail, text messages and the base of links in them, as the invites plugin and routes use them. */
export interface Messaging {
  mailer: Mailer;
  sms: SmsProvider;
  /** Base of links in mails, without a trailing slash. */
  publicUrl: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    messaging: Messaging;
  }
}

const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

/** Opens the mailer (closed with the app) and the SMS provider; warns at start when mail only goes to the log. */
export const mailPlugin = fp(
  async function mail(app: FastifyInstance, opts: { mail?: MailOptions | undefined; sms?: SmsProvider | undefined }) {
    const mailer = createMailer(opts.mail?.transport, opts.mail?.from ?? DEFAULT_MAIL_FROM, app.log);
    if (mailer.kind === 'log') {
      app.log.warn('SMTP_URL is not set: mails (invites, confirmation codes) are written to this log instead of being sent');
    }
    app.decorate('messaging', {
      mailer,
      sms: opts.sms ?? createSmsProvider('console', app.log),
      publicUrl: (opts.mail?.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, ''),
    });
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
