import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mainMenu, screenshot, settled, type ViewportName } from './portal.ts';
import { browserSuite, type BrowserSuite } from './setup.ts';

/**
 * What a person reads on every screen of their menu, as an industry's administrator and as a board
 * user, on the demo: no internal codes (parameter and station type keys, "no unit"), no spec
 * references, no raw JSON, and dates only in the app's one format per period ('28 Nov 2026 01:45',
 * '28 Nov 2026', 'Nov 2026'), never '11/28/2026 01:53:00 AM' or '2026-11-27 17:45:00'.
 */
const WRONG_WORDS: [string, RegExp][] = [
  ['a parameter key', /\b(pm2_5|pm10|pm2\.5|no2|so2|nox|co2|nh3|o3|PM2_5|PM10_|NOX|SO2_|flow_emission)\b/],
  ['a snake_case code', /\b[a-z]+[0-9]*_[a-z0-9_]+\b/],
  ['a station type key', /\b(caaqms|cems|eqms|wfm|stp|etp)\b/],
  ['"no unit"', /no unit/i],
  ['a spec reference', /\bSPEC \d/],
  ['raw JSON', /\{"/],
  ['a US date', /\b\d{2}\/\d{2}\/\d{4}\b/],
  ['an ISO date and time', /\b\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/],
];

/** The phrases of a page's visible text that a person should not read there. */
export async function wrongWords(page: Page): Promise<string[]> {
  // A file format's column names and example (marked data-technical) are written as the file writes them.
  const text = await page.evaluate(() => {
    const hidden = Array.from(document.querySelectorAll<HTMLElement>('[data-technical]'));
    for (const e of hidden) e.style.display = 'none';
    const all = document.body.innerText;
    for (const e of hidden) e.style.display = '';
    return all;
  });
  return WRONG_WORDS.flatMap(([what, pattern]) => {
    const m = new RegExp(pattern.source, `${pattern.flags}g`);
    return [...text.matchAll(m)].map((hit) => `${what}: "${text.slice(Math.max(0, hit.index - 40), hit.index + hit[0].length + 20).replace(/\s+/g, ' ')}"`);
  });
}

/** Who walks their menu: as the test names them, their demo account, the screen's width. */
export type Walker = [who: string, user: string, viewport: ViewportName];

export const WALK_TITLE = '%s reads no codes and one date format on each screen of the menu (%s, %s)';

/** Every screen of the walker's menu, then one page of each kind those link to: none shows a wrong word or has an error. */
export async function walkEveryScreen(suite: BrowserSuite, ...[who, user, viewport]: Walker): Promise<void> {
  const { context, page, errors } = await suite.signIn(viewport, user);
  await page.waitForURL(`${suite.base}/app/dashboard`);
  const found: string[] = [];
  await mainMenu(page);
  // Each screen of the menu, opened by its address (a phone's menu is a drawer over the page).
  const screens = await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link')
    .evaluateAll((links) => links.map((l) => [l.textContent?.trim() ?? '', l.getAttribute('href') ?? ''] as const));
  // Then one page of each kind the menu's screens link to (an industry, a station, an alert, a device…).
  const deeper = new Map<string, string>();
  const visit = async (item: string, href: string) => {
    await page.goto(`${suite.base}${href}`);
    await page.getByRole('main').getByRole('heading').first().waitFor();
    await settled(page);
    await screenshot(page, `words-${user.split('@')[0]}-${item.toLowerCase().replace(/\W+/g, '-')}-${viewport}`);
    for (const w of await wrongWords(page)) found.push(`${item}: ${w}`);
    const links = await page.getByRole('main').locator('a[href^="/app/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    for (const link of links) {
      const kind = link.split('?')[0]!.replace(/\d+/g, ':id');
      if (/\d/.test(link) && !deeper.has(kind)) deeper.set(kind, link);
    }
  };
  for (const [item, href] of screens) await visit(item, href);
  // A phone reads the same words in narrower boxes: the desktop walks open the deeper pages.
  for (const [kind, href] of [...deeper].slice(0, viewport === 'desktop' ? 12 : 4)) await visit(kind, href);
  expect(found, who).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}

/**
 * The walks of `walkers`, in a test file of their own: a walk takes a minute or more on a busy
 * machine, and the test workers run files side by side, not the tests of one file.
 */
export function menuWalks(walkers: Walker[]): void {
  describe('the words and dates of every screen', () => {
    const suite = browserSuite({ demo: 2 });
    it.each<Walker>(walkers)(WALK_TITLE, (...walker) => walkEveryScreen(suite, ...walker));
  });
}
