import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builders } from '../../server/test/builders.ts';
import { chartDrawn, horizontalOverflow, screenshot, type ViewportName } from './portal.ts';
import { demoBoardId } from './demo-database.ts';
import { browserSuite, CEMENT, signedInUser, tenantIdNamed } from './setup.ts';

const VIEWPORT_NAMES: ViewportName[] = ['desktop', 'phone'];

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => (await l.boundingBox())!;
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

describe('screens that fit 1280 px and a 375 px phone', () => {
  let board = 0;
  let cementId = 0;
  let siteSession = '';

  const suite = browserSuite({
    demo: 1,
    seed: async (database) => {
      board = await demoBoardId(database.db);
      cementId = await tenantIdNamed(database.db, CEMENT);
      const site = await builders(database.db).newTenant({ name: 'Enviro Operations', type: 'site' });
      siteSession = (await signedInUser(database.db, { tenantId: site.id, userType: 'site', name: 'Sita Site', role: 'admin' })).cookie;
    },
  });

  const viewport = (page: Page): Box => ({ x: 0, y: 0, ...page.viewportSize()! });

  it.each(VIEWPORT_NAMES)('the site dashboard shows the live, delayed and offline counts without scrolling on %s', async (name) => {
    const { context, page, errors } = await suite.open(name, '/app/dashboard', siteSession);
    const table = page.getByRole('table').filter({ hasText: CEMENT });
    await table.getByRole('link', { name: CEMENT }).waitFor();
    await screenshot(page, `fit-site-dashboard-${name}`);
    const header = (text: string) => table.getByRole('columnheader', { name: text, exact: true });
    for (const text of ['Tenant', 'Live', 'Delayed', 'Offline']) expect(inside(await box(header(text)), viewport(page)), text).toBe(true);
    const row = table.locator('tbody tr').filter({ hasText: CEMENT });
    for (const cell of (await row.locator('td').all()).slice(0, 4)) expect(inside(await box(cell), viewport(page))).toBe(true);
    // The rarer unknown count may need the table scrolled on a phone, and is there when it is.
    await table.evaluate((el) => el.closest('.mantine-ScrollArea-viewport')?.scrollBy({ left: 2000 }));
    expect(inside(await box(header('Never reported')), viewport(page))).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORT_NAMES)('the row actions of the tenant list cover no column on %s', async (name) => {
    const { context, page, errors } = await suite.open(name, '/app/admin/tenants', siteSession);
    const table = page.getByRole('table', { name: 'Tenants' });
    await table.getByRole('link').first().waitFor();
    const actions = table.getByRole('columnheader', { name: 'Actions' });
    const type = table.getByRole('columnheader', { name: /^Type/ });
    expect(overlaps(await box(actions), await box(type))).toBe(false);
    const button = table.getByRole('button', { name: /^Actions for / }).first();
    expect(inside(await box(button), viewport(page))).toBe(true);
    // Scrolled to its end, the table still shows the type beside the actions, whole.
    await table.evaluate((el) => el.closest('.mantine-ScrollArea-viewport')?.scrollBy({ left: 2000 }));
    expect(overlaps(await box(actions), await box(type))).toBe(false);
    await screenshot(page, `fit-tenants-${name}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORT_NAMES)('the live status donut names every status whole on %s', async (name) => {
    const { context, page, errors } = await suite.open(name, `/public/dashboard/industries/${board}`);
    const chart = page.locator('[role="img"][aria-label="Stations by live status"]');
    await chartDrawn(page, 'Stations by live status');
    const area = await box(chart);
    for (const status of ['LIVE', 'DELAYED', 'OFFLINE', 'UNKNOWN']) {
      const label = chart.locator('svg text').filter({ hasText: new RegExp(`^${status}$`) });
      expect(await label.count(), status).toBe(1);
      expect(inside(await box(label), area), status).toBe(true);
    }
    await screenshot(page, `fit-donut-${name}`, chart);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORT_NAMES)('a download notice leaves the header free, also after moving on, on %s', async (name) => {
    const { context, page, errors } = await suite.open(name, `/public/dashboard/industry/${cementId}?back=${board}`);
    await page.getByRole('button', { name: 'Download report' }).click();
    const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'Report Generated Succesfully.' });
    await notice.waitFor();
    const header = page.locator('header').first();
    expect(overlaps(await box(notice), await box(header))).toBe(false);
    await page.getByRole('link', { name: 'Compare a parameter across stations' }).click();
    await page.waitForURL(/\/public\/dashboard\/parameter\//);
    expect(await notice.isVisible()).toBe(true);
    expect(overlaps(await box(notice), await box(header))).toBe(false);
    await screenshot(page, `fit-notice-${name}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
