import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { horizontalOverflow, mainMenu, screenshot, settled, type ViewportName } from './portal.ts';
import { browserSuite, signedInUser, tenantIdNamed } from './setup.ts';

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
async function wrongWords(page: Page): Promise<string[]> {
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

describe('the words and dates of every screen', () => {
  const suite = browserSuite({ demo: 2 });

  it.each<[string, string, ViewportName]>([
    ['an industry administrator', 'industry.admin@enviro.demo', 'desktop'],
    ['a board user', 'board@enviro.demo', 'desktop'],
    ['an industry administrator', 'industry.admin@enviro.demo', 'phone'],
    ['a board user', 'board@enviro.demo', 'phone'],
    ['a site administrator', 'site.admin@enviro.demo', 'desktop'],
  ])('%s reads no codes and one date format on each screen of the menu (%s, %s)', async (who, user, viewport) => {
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
  });

  it.each<[string, string, ViewportName]>([
    ['an industry administrator', 'industry.admin@enviro.demo', 'phone'],
    ['a board user', 'board@enviro.demo', 'phone'],
    ['an industry administrator', 'industry.admin@enviro.demo', 'desktop'],
    ['a board user', 'board@enviro.demo', 'desktop'],
  ])('the alert list shows %s each alert\'s station and parameter, and its peak and limit whole (%s, %s)', async (_who, user, viewport) => {
    const { context, page, errors } = await suite.signIn(viewport, user);
    await page.waitForURL(`${suite.base}/app/dashboard`);
    await page.goto(`${suite.base}/app/alerts`);
    const table = page.getByRole('table', { name: 'Alerts' });
    const first = table.locator('tbody tr').first();
    await first.getByRole('link').first().waitFor();
    const screen = page.viewportSize()!;
    // The first row's station and parameter are read on the screen as it opens, without scrolling sideways.
    const about = first.locator('td').filter({ hasText: / at / }).first().getByText(/ at /).first();
    const box = (await about.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(screen.width);
    if (viewport === 'desktop') {
      // On a desktop nothing of the table is cut: it fits its place, and "Peak (limit)" is whole.
      const overflow = await table.evaluate((el) => {
        const area = el.closest('.mantine-ScrollArea-viewport') ?? el.parentElement!;
        return area.scrollWidth - area.clientWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      const header = (await table.getByRole('columnheader', { name: 'Peak (limit)' }).boundingBox())!;
      expect(header.x + header.width).toBeLessThanOrEqual(screen.width);
    }
    await screenshot(page, `alert-list-${user.split('@')[0]}-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a station\'s live note and badge say the same: a delayed station is never "Live" (desktop)', async () => {
    const db = suite.database.db;
    const tenantId = await tenantIdNamed(db, 'Shekhawati Distilleries Pvt Ltd');
    const { id: stationId } = await db.selectFrom('entity').select('id').where('tenant_id', '=', tenantId).where('name', '=', 'Spent Wash ZLD Outlet').executeTakeFirstOrThrow();
    // Its newest reading 40 minutes old: past the 15 minutes of a live station, within the 4 hours of a delayed one.
    await db.updateTable('entity').set({ last_data_at: new Date(Date.now() - 40 * 60_000) }).where('tenant_id', '=', tenantId).where('id', '=', stationId).execute();
    const { cookie } = await signedInUser(db, { tenantId, name: 'Dev Admin', role: 'admin' });
    const { context, page, errors } = await suite.open('desktop', `/app/dashboard?station=${stationId}`, cookie);
    await page.getByRole('heading', { level: 2, name: 'Spent Wash ZLD Outlet', exact: true }).waitFor();
    const badge = page.locator('[data-live-status]').filter({ hasText: /^(Live|Delayed|Offline|Never reported)$/ }).first();
    expect(await badge.getAttribute('data-live-status')).toBe('DELAYED');
    // The live stream opens and the note beside the badge says what the badge says.
    const note = page.getByTestId('live-values');
    await note.waitFor();
    expect(await note.getAttribute('data-live-status')).toBe('DELAYED');
    expect(await note.innerText()).toMatch(/^● Delayed: last reading \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} IST$/);
    await screenshot(page, 'live-note-delayed-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])('the board overview counts stations and regulator sync in labelled pills (%s)', async (viewport) => {
    const { context, page, errors } = await suite.signIn(viewport, 'board@enviro.demo');
    await page.waitForURL(`${suite.base}/app/dashboard`);
    const table = page.getByRole('table', { name: 'Industries, worst first' });
    await table.getByTestId('status-counts').first().waitFor();
    const pills = await table.getByTestId('status-counts').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(pills.length).toBeGreaterThan(0);
    for (const text of pills) expect(text).toMatch(/^(Live \d+ · Delayed \d+ · Offline \d+( · Never reported \d+)?|In sync \d+ · Out of sync \d+ · Delayed \d+)$/);
    // Every pill carries its word: none is a bare number.
    const bare = await table.locator('[data-testid="status-counts"] .mantine-Badge-root').evaluateAll((els) => els.map((e) => e.textContent ?? '').filter((t) => /^\s*[\d,]+\s*$/.test(t)));
    expect(bare).toEqual([]);
    await screenshot(page, `board-overview-pills-${viewport}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])('every range picker offers the SPEC 2 presets, and a preset sets the range in the URL (%s)', async (viewport) => {
    const { context, page, errors } = await suite.signIn(viewport, 'industry.admin@enviro.demo');
    await page.waitForURL(`${suite.base}/app/dashboard`);
    const presets = ['Today', 'Yesterday', 'Last 7 Days', 'Last 30 Days', 'This Month', 'Last Month'];
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    // The reports' days, the regulator's push logs: one picker, the same presets.
    for (const [url, label] of [
      ['/app/reports?report=1', 'Days (IST, both included)'],
      ['/app/regulator', 'Days (IST)'],
    ] as const) {
      await page.goto(`${suite.base}${url}`);
      if (url === '/app/regulator') await page.getByRole('tab', { name: 'Push logs' }).click();
      await page.getByRole('button', { name: label }).click();
      for (const preset of presets) await page.getByRole('button', { name: preset, exact: true }).waitFor();
      if (viewport === 'desktop') await screenshot(page, `range-presets-${url.split('/')[2]!.split('?')[0]}-${viewport}`);
      await page.getByRole('button', { name: 'Today', exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe(today);
      expect(new URL(page.url()).searchParams.get('from')).toBe(today);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])('the public portal reads no codes and one date format either (%s)', async (viewport) => {
    const db = suite.database.db;
    const board = await tenantIdNamed(db, 'Rajasthan State Pollution Control Board');
    const cement = await tenantIdNamed(db, 'Aravali Cement Works Ltd');
    const aqms = await db.selectFrom('entity').select('id').where('tenant_id', '=', cement).where('type', '=', 'caaqms').executeTakeFirstOrThrow();
    const found: string[] = [];
    for (const url of [`/public/dashboard/industries/${board}`, `/public/dashboard/industry/${cement}?station=${aqms.id}&back=${board}`]) {
      const { context, page, errors } = await suite.open(viewport, url);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await settled(page);
      for (const w of await wrongWords(page)) found.push(`${url}: ${w}`);
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
