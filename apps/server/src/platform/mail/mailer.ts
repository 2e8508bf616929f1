import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

/** A mail to one address, as plain text with an HTML alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header (`<id@domain>`); a mail sent again with the same one is de-duplicated by receivers that do. */
  messageId?: string;
  /** Files attached to the mail (scheduled and e-mailed reports). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Sends mail; resolves once the SMTP server accepted the message (or the log has it). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
  /** 'smtp' or 'log', for the start-up message. */
  readonly kind: 'smtp' | 'log';
}

/** Where mail goes: an SMTP URL or nodemailer SMTP options; unset, the log. */
export type MailTransport = string | SMTPTransport.Options | undefined;

/** Sender of every mail unless MAIL_FROM says otherwise. */
export const DEFAULT_MAIL_FROM = 'Enviro <no-reply@enviro.localhost>';

/** How long an SMTP server gets to answer before a send fails instead of holding the request. */
const SMTP_TIMEOUT_MS = 15_000;

export function createMailer(transport: MailTransport, from: string, log: FastifyBaseLogger): Mailer {
  if (transport === undefined) return new LogMailer(from, log);
  const options: SMTPTransport.Options =
    typeof transport === 'string' ? { url: transport } : transport;
  const transporter = nodemailer.createTransport({
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    ...options,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, ...message });
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * Without SMTP the mail is written to the log whole (links and codes included), so a developer
 * running `npm start` can still accept an invite or confirm an email.
 */
class LogMailer implements Mailer {
  readonly kind = 'log';
  constructor(
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.log.info({ from: this.from, to: message.to, subject: message.subject }, `mail (not sent: SMTP_URL unset)\n${message.text}`);
  }

  async close(): Promise<void> {}
}
