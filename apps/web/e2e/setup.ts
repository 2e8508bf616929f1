import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../server/src/platform/database/database.ts';
import { newUser, PASSWORD } from '../../server/test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../server/test/helper.ts';
import { sessionCookie } from '../../server/test/sessions.ts';
import { createDemoDatabase, type DemoDays } from './demo-database.ts';
import { addSessionCookie, launchBrowser, openPage, startServer, type OpenedPage, type ViewportName } from './portal.ts';

/** The demo's cement works, the industry most browser tests look at. */
export const CEMENT = 'Aravali Cement Works Ltd';

/** What one browser test file runs against; its parts exist from the file's beforeAll on. */
export interface BrowserSuite {
  readonly database: TestDatabase;
  readonly app: FastifyInstance;
  /** Where the app listens ('http://127.0.0.1:port'). */
  readonly base: string;
  readonly browser: Browser;
  /**
   * A fresh page at `viewport` on `url` (a path of the app), signed in by `cookie` (a session's
   * Cookie header) when given; `before` runs on the page before it navigates (listeners, the clock).
   */
  open(viewport: ViewportName, url: string, cookie?: string, before?: (page: Page) => unknown): Promise<OpenedPage>;
  /** A fresh page that signs in through the login form; `clock` puts the page's timers on Playwright's clock first. */
  signIn(viewport: ViewportName, userName: string, options?: { password?: string; clock?: boolean }): Promise<OpenedPage>;
}

export interface BrowserSuiteOptions {
  /** The test database holds the demo with this many days of history (demo-database.ts). */
  demo?: DemoDays;
  /** Fills the test database before the app starts. */
  seed?: (database: TestDatabase) => Promise<unknown>;
  /** Starts the app another way than startServer (the invite test gives it a mail server). */
  start?: (database: TestDatabase) => Promise<{ app: FastifyInstance; base: string }>;
  /** Runs once the app listens, before the browser starts (seeding that goes through the API). */
  started?: (suite: Pick<BrowserSuite, 'database' | 'app' | 'base'>) => Promise<unknown>;
}

/**
 * The set-up every browser test file shares, registered as its beforeAll and afterAll: a test
 * database (holding the demo when asked, then seeded by `seed`), the whole app on a free port, Chromium; ended after the file,
 * whichever parts had started.
 */
export function browserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  const parts: { database?: TestDatabase; app?: FastifyInstance; base?: string; browser?: Browser } = {};
  const part = <K extends keyof typeof parts>(name: K): NonNullable<(typeof parts)[K]> => {
    const value = parts[name];
    if (value === undefined) throw new Error(`the browser suite's ${name} is not there: it starts in beforeAll`);
    return value;
  };

  const suite: BrowserSuite = {
    get database() {
      return part('database');
    },
    get app() {
      return part('app');
    },
    get base() {
      return part('base');
    },
    get browser() {
      return part('browser');
    },
    async open(viewport, url, cookie, before) {
      const opened = await openPage(suite.browser, viewport);
      if (cookie) await addSessionCookie(opened.context, suite.base, cookie);
      await before?.(opened.page);
      await opened.page.goto(`${suite.base}${url}`);
      return opened;
    },
    async signIn(viewport, userName, { password = PASSWORD, clock = false } = {}) {
      // The page's timers on Playwright's clock: time flows as usual until the test jumps it forward.
      const opened = await suite.open(viewport, '/login', undefined, clock ? (page) => page.clock.install() : undefined);
      await submitSignIn(opened.page, userName, password);
      return opened;
    },
  };

  beforeAll(async () => {
    const database = (parts.database = await (options.demo ? createDemoDatabase(options.demo) : createTestDatabase()));
    await options.seed?.(database);
    ({ app: parts.app, base: parts.base } = await (options.start ?? startServer)(database));
    await options.started?.(suite);
    parts.browser = await workerBrowser();
  });
  afterAll(async () => {
    // The pages this file left open go with it; the browser serves the worker's next file.
    await Promise.all(parts.browser?.contexts().map((context) => context.close()) ?? []);
    await parts.app?.close();
    await parts.database?.close();
  });
  return suite;
}

let browser: Promise<Browser> | undefined;

/**
 * One Chromium for all the files a test worker runs (they share this module: isolate is off), each
 * test opening its own context: a launch cost every file ~1 s of CPU. Playwright ends it with the
 * worker; a browser that crashed is launched again.
 */
async function workerBrowser(): Promise<Browser> {
  const running = await browser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  return (browser = launchBrowser());
}

/** Fills the login form on `page` and sends it. */
export async function submitSignIn(page: Page, userName: string, password = PASSWORD): Promise<void> {
  await page.getByLabel(/^Email/).fill(userName);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A new user (as newUser makes them) with a session: their id, email and the Cookie header that signs a page in as them. */
export async function signedInUser(db: Db, user: Parameters<typeof newUser>[1]): Promise<{ id: number; userName: string; cookie: string }> {
  const { id, userName } = await newUser(db, user);
  return { id, userName, cookie: await sessionCookie(db, user.tenantId, id) };
}

/** The id of the tenant named `name` (the demo's industries are found by name). */
export async function tenantIdNamed(db: Db, name: string): Promise<number> {
  return (await db.selectFrom('tenant').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}
