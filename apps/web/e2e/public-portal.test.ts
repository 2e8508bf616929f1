import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TrendResult } from '@enviro/contracts/data/trend';
import type { EntityNode } from '@enviro/contracts/entities';
import type { AlertCounts } from '@enviro/contracts/alerts';
import type { IndustrySummary } from '@enviro/contracts/public-portal';
import { formatIndian } from '@enviro/domain/format-number';
import { apiCall, chartDrawn, horizontalOverflow, screenshot, type ViewportName } from './portal.ts';
import { demoBoardId } from './demo-database.ts';
import { browserSuite, CEMENT } from './setup.ts';

/** Live statuses as the cards name them. */
const STATUS_WORDS = { LIVE: 'Live', DELAYED: 'Delayed', OFFLINE: 'Offline', UNKNOWN: 'Never reported' } as const;

const VIEWPORT_NAMES: ViewportName[] = ['desktop', 'phone'];

interface Station {
  id: number;
  name: string;
  type: string;
  params: string[];
}

function stationsOf(tree: readonly EntityNode[]): Station[] {
  const out: Station[] = [];
  const walk = (n: EntityNode) => {
    if (n.type !== 'group' && n.type !== 'facility') {
      const params = (n.devices ?? []).flatMap((d) => d.profile?.params ?? []).map((p) => p.stdParam.name);
      out.push({ id: n.id, name: n.name, type: n.type, params: [...new Set(params)].filter((p) => !p.startsWith('device_')) });
    }
    n.children.forEach(walk);
  };
  tree.forEach(walk);
  return out;
}

const values = (t: TrendResult | undefined) => (t?.data ?? []).flatMap((p) => (p.value === null ? [] : [p.value]));

describe('public portal in a browser', () => {
  let board: number;
  let industries: IndustrySummary[];
  let cement: IndustrySummary;
  let stations: Station[];
  let kiln: Station;
  let ctoContent: Buffer;

  const suite = browserSuite({
    demo: 2,
    seed: async (database) => {
      board = await demoBoardId(database.db);
    },
    started: async ({ database, base }) => {
      industries = await apiCall<IndustrySummary[]>(base, board, `/stateDashboard/industyList/${board}`);
      cement = industries.find((i) => i.name === CEMENT)!;
      stations = stationsOf(await apiCall<EntityNode[]>(base, cement.id, `/entities?tenantId=${cement.id}&getDevices=true&params=true`));
      kiln = stations.find((s) => s.name === 'Kiln & Raw Mill Stack')!;
      // The demo issues every station a CTO; the download must be exactly the stored file.
      const stored = await database.pool.query<{ content: Buffer }>(
        `SELECT content FROM document WHERE tenant_id = $1 AND entity_id = $2 AND type = 'CTO'`,
        [cement.id, kiln.id],
      );
      ctoContent = stored.rows[0]!.content;
    },
  });

  const cardNames = (page: Page) => page.getByRole('article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

  it.each(VIEWPORT_NAMES)('lists every public industry of the board, searchable, on %s', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, `/public/dashboard/industries/${board}`);
    await page.getByRole('article').first().waitFor();
    expect(await cardNames(page)).toEqual(industries.map((i) => i.name));
    const card = page.getByRole('article', { name: cement.name });
    for (const status of ['LIVE', 'DELAYED', 'OFFLINE', 'UNKNOWN'] as const) {
      expect(await card.locator(`[data-live-status="${status}"]`).innerText()).toBe(`${STATUS_WORDS[status]} ${cement.liveStatus[status]}`);
    }
    await chartDrawn(page, 'Stations by live status');
    await screenshot(page, `industries-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByLabel('Search industries').fill('cement');
    await page.waitForURL(/q=cement/);
    const cements = industries.filter((i) => `${i.name} ${i.industryCategory}`.toLowerCase().includes('cement')).map((i) => i.name);
    await expect.poll(() => cardNames(page)).toEqual(cements);

    await card.getByRole('link', { name: cement.name }).click();
    await page.waitForURL(`${suite.base}/public/dashboard/industry/${cement.id}?back=${board}`);
    await page.getByRole('heading', { level: 1, name: cement.name }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORT_NAMES)('shows the industry summary and a station view that match the API on %s', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, `/public/dashboard/industry/${cement.id}?back=${board}`);
    await page.getByRole('heading', { level: 1, name: cement.name }).waitFor();
    const stat = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').first().innerText();
    expect(await stat('Stations')).toBe(String(stations.length));

    // Picking a station rewrites the query without reloading the page.
    await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
    // The station's 24 h alert counts are compared over the very window the page asked for: asked
    // again a moment later, an alert at the window's edge may have left it.
    // The latest values are compared with the API's answer to the page's own request: asked again a
    // moment later, a live reading may have opened or changed the newest bucket.
    const stationHours = page.waitForResponse((res) => {
      const r = res.request();
      return r.url().includes('/data/entityMetric') && (r.postDataJSON() as { request?: { entityIds?: number[] } } | null)?.request?.entityIds?.includes(kiln.id) === true;
    });
    // The 24 h counts (dated), not the month's readings outside a limit below (the same station, no dates).
    const stationAlerts = page.waitForRequest((r) => {
      const body = r.url().includes('/alertData') ? (r.postDataJSON() as { nodeId?: number; startDate?: string } | null) : null;
      return body?.nodeId === kiln.id && body.startDate !== undefined;
    });
    const button = page.getByRole('button', { name: new RegExp(`^${kiln.name}`) });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`station=${kiln.id}`));
    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    await page.getByRole('heading', { level: 2, name: kiln.name, exact: true }).waitFor();

    // Latest 15-minute values (the API's answer to the page's 4 hours of 15-minute buckets) and 24 h
    // alert counts, as the API gives them.
    const hours = await stationHours;
    expect(hours.status()).toBe(200);
    const recent = (await hours.json()) as TrendResult[];
    const asked = (await stationAlerts).postDataJSON() as { startDate: string; endDate: string; nodeId: number };
    expect(Date.parse(asked.endDate) - Date.parse(asked.startDate)).toBe(86_400_000);
    const alerts = await apiCall<AlertCounts>(suite.base, cement.id, `/tenants/${cement.id}/alertData?isGroupByParameter=true`, asked);
    const table = page.getByRole('table').filter({ hasText: 'Latest value' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(kiln.params.length);
    for (const trend of recent) {
      const latest = values(trend).at(-1);
      const row = table.locator('tbody tr').filter({ has: page.getByRole('link', { name: trend.paramLabel, exact: true }) });
      const cells = await row.locator('td').allInnerTexts();
      expect(cells[1]).toBe(latest === undefined ? '-' : formatIndian(latest, 2));
      const count = alerts.groupBy === 'parameter' ? (alerts.groups.find((g) => g.paramName === trend.paramName)?.count ?? 0) : -1;
      expect(cells[6]).toBe(String(count));
    }
    await chartDrawn(page, `${recent[0]!.paramLabel} over the last 4 hours`);
    // The station's readings outside a limit this month, named as such (not "alerts", not the industry's).
    await chartDrawn(page, `Readings outside a limit per day this month at ${kiln.name}`);
    await screenshot(page, `industry-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('downloads the raw data report as CSV and XLS, and the CTO document', async () => {
    const { context, page, errors } = await suite.open('desktop', `/public/dashboard/industry/${cement.id}?back=${board}&station=${kiln.id}`);
    await page.getByRole('heading', { level: 2, name: kiln.name, exact: true }).waitFor();

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^Raw data report \d{4}-\d\d-\d\d \d\d-\d\d-\d\d\.csv$/);
    const lines = (await readFile((await csv.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Time,Station,Device,PM \(mg\/Nm3\),/);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[1]!.split(',')[1]).toBe(kiln.name);
    await page.getByText('Report Generated Succesfully.').first().waitFor();

    await page.getByRole('textbox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'XLS' }).click();
    const [xls] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report' }).click()]);
    expect(xls.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await readFile((await xls.path())!)).subarray(0, 2).toString()).toBe('PK');

    const [cto] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CTO document' }).click()]);
    expect(cto.suggestedFilename()).toBe('CTO Kiln & Raw Mill Stack.pdf');
    expect((await readFile((await cto.path())!)).equals(ctoContent)).toBe(true);
    await screenshot(page, 'report-notice-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORT_NAMES)('shows a parameter trend whose figures match the API, and changes duration and averaging on %s', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, `/public/dashboard/industry/${cement.id}?back=${board}&station=${kiln.id}`);
    await page.getByRole('link', { name: 'PM', exact: true }).click();
    await page.waitForURL(/\/public\/dashboard\/details\//);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      entityType: 'cems',
      entityId: String(kiln.id),
      paramId: 'pm',
      time: '15d-ago',
      publicTenantId: String(cement.id),
    });
    await chartDrawn(page, `PM at ${kiln.name}`);

    const tile = (label: string) => page.locator(`[data-stat="${label}"] p`).nth(1).innerText();
    const expectTiles = async (duration: string, interval: string) => {
      const trends = await apiCall<TrendResult[]>(suite.base, cement.id, '/data/entityMetric', {
        request: { entityIds: [kiln.id], params: ['avg', 'min', 'max'].map((dsAgg) => ({ name: 'pm', dsAgg })), duration, interval },
      });
      const avg = values(trends.find((t) => t.dsAgg === 'avg'));
      const expected = {
        Min: formatIndian(Math.min(...values(trends.find((t) => t.dsAgg === 'min'))), 2),
        Max: formatIndian(Math.max(...values(trends.find((t) => t.dsAgg === 'max'))), 2),
        Avg: formatIndian(avg.reduce((a, b) => a + b, 0) / avg.length, 2),
      };
      for (const [label, text] of Object.entries(expected)) await expect.poll(() => tile(label)).toMatch(new RegExp(`^${text}`));
    };
    await expectTiles('15d-ago', 'minute_15');
    await screenshot(page, `details-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('textbox', { name: 'Duration' }).click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await page.waitForURL(/time=7d-ago/);
    await page.getByRole('textbox', { name: 'Averaging' }).click();
    await page.getByRole('option', { name: '1 hour' }).click();
    await page.waitForURL(/avgDuration=hour_1/);
    await chartDrawn(page, `PM at ${kiln.name}`);
    await expectTiles('7d-ago', 'hour_1');

    await page.getByRole('link', { name: '← Back to the industry' }).click();
    await page.waitForURL(new RegExp(`/public/dashboard/industry/${cement.id}\\?back=${board}&station=${kiln.id}$`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORT_NAMES)('compares one parameter across stations and downloads it on %s', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, `/public/dashboard/industry/${cement.id}?back=${board}`);
    await page.getByRole('link', { name: 'Compare a parameter across stations' }).click();
    await page.waitForURL(/\/public\/dashboard\/parameter\//);
    const cems = stations.filter((s) => s.type === 'cems');
    await chartDrawn(page, 'PM by station');
    const table = page.getByRole('table').filter({ hasText: 'Latest' });
    await expect.poll(() => table.locator('tbody tr td:first-child').allInnerTexts()).toEqual(cems.map((s) => s.name).sort());
    await screenshot(page, `parameter-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    const [report] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report' }).click()]);
    expect(report.suggestedFilename()).toMatch(/^PM report .*\.csv$/);
    const header = (await readFile((await report.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n')[0]!;
    expect(header.split(',').slice(1).sort()).toEqual(cems.map((s) => s.name.replace(/,/g, '')).sort());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so when a station has no data for the parameter', async () => {
    const { context, page, errors } = await suite.open(
      'desktop',
      `/public/dashboard/details/${cement.id}?entityType=cems&entityId=${kiln.id}&paramId=hg&publicTenantId=${cement.id}`,
    );
    await page.getByText('No data found for selected criteria.').waitFor();
    expect(await page.locator('[data-stat="Min"] p').nth(1).innerText()).toBe('-');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends unknown paths home and unreadable tenants to the error page', async () => {
    const { context, page } = await suite.open('desktop', '/no/such/page');
    await page.waitForURL(`${suite.base}/`);
    await page.getByRole('heading', { name: 'Enviro public portal' }).waitFor();
    await page.goto(`${suite.base}/public/dashboard/industry/999999`);
    await page.waitForURL(`${suite.base}/error`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await screenshot(page, 'error-desktop');
    await context.close();
  });
});
