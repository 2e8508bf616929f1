import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import type { DatabaseHandle } from '../../server/src/platform/database/database.ts';

export const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/e2e/', import.meta.url));

/** Desktop and the 375 px phone the portal must serve. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 375, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** The machine's Chromium (Debian's, as the developers' guide sets); browsers are never downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The whole app (API and built web app) on a free local port. */
export async function startServer(database: DatabaseHandle): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp({ database }, { logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: address };
}

/** A fresh page: its browser context, the page, and every console error and uncaught exception it has had. */
export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A page that records every console error and uncaught exception, for the no-errors check. */
export async function openPage(browser: Browser, viewport: ViewportName): Promise<OpenedPage> {
  // Reduced motion: charts draw at once, so screenshots show them whole.
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], acceptDownloads: true, timezoneId: 'UTC', reducedMotion: 'reduce' });
  // Counts the page's API calls in flight, for `settled` (EventSource streams are not fetches).
  await context.addInitScript(() => {
    const w = window as unknown as { __inflight: number; fetch: typeof fetch };
    w.__inflight = 0;
    const original = w.fetch.bind(window);
    w.fetch = async (...args: Parameters<typeof fetch>) => {
      w.__inflight += 1;
      try {
        return await original(...args);
      } finally {
        w.__inflight -= 1;
      }
    };
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/**
 * Waits until the page has had no API call in flight for `quietMs`: its screen shows what it
 * loaded. Playwright's 'networkidle' waits a fixed 500 ms of silence, which the screen walks paid
 * some 160 times.
 */
export async function settled(page: Page, quietMs = 150): Promise<void> {
  for (;;) {
    await page.waitForFunction(() => (window as unknown as { __inflight?: number }).__inflight === 0);
    await page.waitForTimeout(quietMs);
    if (await page.evaluate(() => (window as unknown as { __inflight?: number }).__inflight === 0)) return;
  }
}

/** Signs the page's browser context in with a session's Cookie header (no login form: that has its own test). */
export async function addSessionCookie(context: BrowserContext, base: string, cookie: string): Promise<void> {
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: base }]);
}

/** The labels of the signed-in app's main menu (opening it with the burger first on a phone, and closing it after). */
export async function mainMenu(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const burger = page.getByRole('button', { name: 'Toggle menu' });
  if ((await burger.isVisible()) && (await burger.getAttribute('aria-expanded')) !== 'true') await burger.click();
  await nav.getByRole('link').first().waitFor();
  await expect.poll(() => nav.getByRole('link').first().evaluate((e) => e.getBoundingClientRect().left)).toBeGreaterThanOrEqual(0);
  return nav.getByRole('link').allInnerTexts();
}

/** The main menu's active item. */
export const activeMenuItem = (page: Page): Promise<string> =>
  page.getByRole('navigation', { name: 'Main menu' }).locator('[aria-current="page"]').innerText();

/**
 * Pictures for a person to look at, under test-artifacts/e2e/, when SCREENSHOTS=1 (`npm run
 * screenshots`). Nothing asserts on them, and a full-page PNG costs the browser a second or more
 * on a busy machine (the screen walks take ~160), so `npm test` leaves them out.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

export async function screenshot(page: Page, name: string, of?: Locator): Promise<void> {
  if (!SCREENSHOTS) return;
  await mkdir(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await (of ? of.screenshot({ path: file }) : page.screenshot({ path: file, fullPage: true }));
}

/** GET or POST the API as the public portal of `tenantId` does. */
export async function apiCall<T>(base: string, tenantId: number, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { portal: 'PUBLIC', 'public-tenant-id': String(tenantId), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Waits until a chart widget has drawn its SVG. */
export async function chartDrawn(page: Page, label: string): Promise<void> {
  await page.locator(`[role="img"][aria-label="${label}"] svg`).first().waitFor({ timeout: 30_000 });
}

/** The page is no wider than its viewport (nothing spills sideways on a phone). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
