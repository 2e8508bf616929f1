import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_MAIL_FROM } from './mail/mailer.ts';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

const port = z.coerce.number().int().min(0).max(65535);

const EnvSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  MQTT_URL: z
    .string()
    .regex(/^mqtts?:\/\/|^wss?:\/\//, 'must be an mqtt://, mqtts://, ws:// or wss:// URL')
    .optional(),
  MQTT_PORT: port.default(1883),
  /** Names the platform's sessions on an external broker (it, then it with -1 … -7) and their share group. */
  MQTT_CLIENT_ID: z.string().regex(/^[\w-]{1,21}$/, 'letters, digits, _ or -, at most 21').default('enviro-ingest'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data')),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  /** Key sealing regulator credentials at rest: base64 of 32 bytes; unset: DATA_DIR/regulator.key, created on first start. */
  REGULATOR_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be the base64 of 32 bytes')
    .optional(),
  /** The ffmpeg program that reads cameras (live view, snapshots, health); missing: cameras are marked UNAVAILABLE. */
  FFMPEG_PATH: z.string().min(1).max(500).default('ffmpeg'),
  /** With the demo data (SEED_DEMO=auto), the server keeps the demo devices reporting every minute; false: they stay as seeded. */
  DEMO_LIVE: z.enum(['true', 'false'], { message: 'must be true or false' }).default('true').transform((v) => v === 'true'),
  /**
   * With the demo data, the server starts two simulated cameras (tools/camera-sim, ffmpeg encoding
   * a test pattern) on ports 8554 and 8555; false: none (the demo's camera rows stay, offline).
   */
  DEMO_CAMERAS: z.enum(['true', 'false'], { message: 'must be true or false' }).default('true').transform((v) => v === 'true'),
  /** Port of the demo regulator receiver started with the demo data (SEED_DEMO=auto); taken: the next free one; 0: any free port. */
  REGULATOR_DEMO_PORT: port.default(8091),
  /** Password of the demo accounts seeded on first start; unset: a random one, printed once in the log. */
  DEMO_PASSWORD: z.string().min(10, 'must be at least 10 characters').max(256).optional(),
  /** Behind a reverse proxy: trust X-Forwarded-For/-Proto so rate limits see client addresses. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Outgoing mail (invites, codes): smtp://user:pass@host:587 or smtps://…:465; unset: mails go to the log. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL').optional(),
  /** Sender of every mail, `Name <address>` or an address. */
  MAIL_FROM: z
    .string()
    .regex(/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address or Name <address>')
    .default(DEFAULT_MAIL_FROM),
  /** Base of links in mails (invites); unset: http://localhost:PORT. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+(\/[^\s]*)?$/, 'must be an http:// or https:// URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset: only this machine may scrape. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
  /** Where text messages (phone codes, alerts) go: `console` writes them to the log; `http` posts them to SMS_HTTP_URL. */
  SMS_PROVIDER: z.enum(['console', 'http']).default('console'),
  /** The HTTP SMS gateway's URL (SMS_PROVIDER=http). */
  SMS_HTTP_URL: z.string().regex(/^https?:\/\/[^/\s]+/, 'must be an http:// or https:// URL').optional(),
  /** The HTTP SMS gateway's key, sent as a Bearer token. */
  SMS_HTTP_KEY: z.string().min(1).max(500).optional(),
  /** Sender id of the HTTP SMS gateway (DLT header), optional. */
  SMS_HTTP_SENDER: z.string().min(1).max(20).optional(),
  /** Days raw readings stay in `reading` before the server archives them (the back-fill window; docs/STORAGE.md). */
  ARCHIVE_AFTER_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** Days the files of finished report jobs are kept before they are deleted. */
  REPORT_FILE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
}).refine((c) => c.SMS_PROVIDER !== 'http' || (c.SMS_HTTP_URL !== undefined && c.SMS_HTTP_KEY !== undefined), {
  message: 'SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_KEY',
  path: ['SMS_HTTP_URL'],
});

export type Config = z.infer<typeof EnvSchema>;

/** Reads and validates configuration from the environment; throws naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
