import { describe, expect, it } from 'vitest';
import { horizontalOverflow, screenshot, settled, type ViewportName } from './portal.ts';
import { WALK_TITLE, walkEveryScreen, wrongWords, type Walker } from './screen-words.ts';
import { browserSuite, signedInUser, tenantIdNamed } from './setup.ts';

describe('the words and dates of every screen', () => {
  const suite = browserSuite({ demo: 2 });

  // The industry's and the board's walks are in screen-words-*.test.ts.
  it.each<Walker>([['a site administrator', 'site.admin@enviro.demo', 'desktop']])(WALK_TITLE, (...walker) => walkEveryScreen(suite, ...walker));

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
