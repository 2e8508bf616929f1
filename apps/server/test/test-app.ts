import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/platform/database/database.ts';
import type { AppDeps } from '../src/app.ts';
import type { MailOptions } from '../src/platform/mail/mail.plugin.ts';
import { login, newUser } from './accounts.ts';
import { builders } from './builders.ts';
import { buildTestApp, createTestDatabase, type TestDatabase } from './helper.ts';
import { RecordingSms, startMailServer, transportFor, type MailServer } from './mail-server.ts';
import { sessionCookie } from './sessions.ts';

export interface TestAppOptions {
  /** False for tests of services alone: the database and the builders, no app. */
  app?: boolean;
  /**
   * Mail goes to an in-process SMTP server (`ctx.mail`) and text messages to a recording provider
   * (`ctx.sms`); an object gives the app's other mail options (sender, base of links).
   */
  mail?: true | Omit<MailOptions, 'transport'>;
  /** The app's other dependencies (a module's options, e.g. billing's payment gateway double). */
  deps?: Pick<AppDeps, 'subscriptions'>;
}

type NewUser = Parameters<typeof newUser>[1];

/**
 * The set-up of a medium test file: a database cloned from the migrated template, the app over it
 * (called with `ctx.inject`, no port) and builders, made in a `beforeAll` of the enclosing suite and
 * closed in its `afterAll`. A file that builds its data at module level (because an `it.each`
 * needs it while tests are collected) awaits `ctx.start()` first.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const ctx = new TestApp(options);
  beforeAll(() => ctx.start());
  afterAll(() => ctx.close());
  return ctx;
}

export class TestApp {
  #started: Promise<void> | undefined;
  #database: TestDatabase | undefined;
  #app: FastifyInstance | undefined;
  #build: ReturnType<typeof builders> | undefined;
  #mail: MailServer | undefined;
  #sms: RecordingSms | undefined;

  constructor(private readonly options: TestAppOptions) {}

  /** Opens everything once; the suite's `beforeAll` and a module-level caller share the one start. */
  start(): Promise<void> {
    this.#started ??= this.#open();
    return this.#started;
  }

  async #open(): Promise<void> {
    this.#database = await createTestDatabase();
    this.#build = builders(this.#database.db);
    if (this.options.app === false) return;
    const { mail } = this.options;
    if (mail) {
      this.#mail = await startMailServer();
      this.#sms = new RecordingSms();
    }
    const deps = this.#mail
      ? { mail: { ...(mail === true ? {} : mail), transport: transportFor(this.#mail) }, sms: this.#sms }
      : {};
    this.#app = await buildTestApp(this.#database, { ...deps, ...this.options.deps });
  }

  /** Closes what started, even after a failed start. */
  async close(): Promise<void> {
    await this.#app?.close();
    await this.#mail?.close();
    await this.#database?.close();
  }

  get database(): TestDatabase {
    return ready(this.#database, 'database');
  }

  get db(): Db {
    return this.database.db;
  }

  get app(): FastifyInstance {
    return ready(this.#app, 'app');
  }

  /** Builders of tenants, stations, devices and API keys (builders.ts). */
  get b(): ReturnType<typeof builders> {
    return ready(this.#build, 'builders');
  }

  /** The in-process SMTP server, with `mail`. */
  get mail(): MailServer {
    return ready(this.#mail, 'mail server (useTestApp({ mail: true }))');
  }

  /** The recording SMS provider, with `mail`. */
  get sms(): RecordingSms {
    return ready(this.#sms, 'SMS provider (useTestApp({ mail: true }))');
  }

  inject(options: InjectOptions | string): Promise<LightMyRequestResponse> {
    return this.app.inject(options);
  }

  /** A user of the tenant with the password PASSWORD unless told (accounts.ts). */
  newUser(o: NewUser): Promise<{ id: number; userName: string }> {
    return newUser(this.db, o);
  }

  /** Signs in through POST /api/login (hashing, rate-limited by address): the response and its Cookie header. */
  login(userName: string, password?: string, ip?: string): ReturnType<typeof login> {
    return login(this.app, userName, password, ip);
  }

  /** The Cookie header of a new session of an existing user, made without /api/login. */
  sessionCookie(tenantId: number, userId: number): Promise<string> {
    return sessionCookie(this.db, tenantId, userId);
  }

  /** A user without a password (nothing to hash) and the Cookie header of a session of theirs. */
  async signedIn(o: NewUser): Promise<{ id: number; userName: string; cookie: string }> {
    const user = await this.newUser({ password: undefined, ...o });
    return { ...user, cookie: await this.sessionCookie(o.tenantId, user.id) };
  }
}

function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`useTestApp: no ${what} yet; it opens in beforeAll (at module level, await ctx.start() first)`);
  return value;
}
