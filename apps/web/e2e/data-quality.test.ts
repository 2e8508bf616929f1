import { describe, expect, it } from 'vitest';
import { QUALITY_STORIES } from '@enviro/server/demo/quality-demo';
import { horizontalOverflow, screenshot, type ViewportName } from './portal.ts';
import { demoBoardId } from './demo-database.ts';
import { browserSuite, signedInUser } from './setup.ts';

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];

/**
 * Issue 36's demo in a browser: the board's dashboard names Kalisindh's boiler stack (SO2 stuck for
 * six hours yesterday) and Bhilwara's furnace stack (PM bunched under its limit) among the worst
 * stations by data quality, and one click opens the flagged slots with their values and why.
 */
describe('data quality in a browser', () => {
  let cookie = '';
  let adminCookie = '';
  const suite = browserSuite({
    demo: 2,
    seed: async (database) => {
      // Two days: yesterday's stuck hours are in them whatever the hour of the run.
      const board = await demoBoardId(database.db);
      cookie = (await signedInUser(database.db, { tenantId: board, userType: 'statutory', role: 'user', name: 'Bala Board', password: undefined })).cookie;
      adminCookie = (await signedInUser(database.db, { tenantId: board, userType: 'statutory', role: 'admin', name: 'Asha Admin', password: undefined })).cookie;
    },
  });
  const { flatLine, bunching } = QUALITY_STORIES;

  it.each(VIEWPORTS)("shows the board both misbehaving stacks with their evidence one click away (%s)", async (viewport) => {
    const { page, errors } = await suite.open(viewport, '/app/dashboard', cookie);
    const card = page.getByLabel('Data quality', { exact: true });
    await card.getByTestId('quality-watch-station').first().waitFor();
    const named = await card.getByTestId('quality-watch-station').allInnerTexts();
    expect(named.some((t) => t.includes(flatLine.station) && t.includes('Flat line (stuck value)'))).toBe(true);
    expect(named.some((t) => t.includes(bunching.station) && t.includes('Bunched just under the limit'))).toBe(true);

    await card.getByTestId('quality-watch-station').filter({ hasText: flatLine.station }).getByRole('link', { name: 'Flagged slots' }).click();
    await page.waitForURL(/\/app\/data-quality\/stations\/\d+\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    await page.getByRole('heading', { level: 1, name: `${flatLine.station}: data quality` }).waitFor();
    const rows = page.getByRole('table', { name: 'Flagged 15-minute slots' }).locator('tbody tr');
    await rows.first().waitFor();
    const texts = await rows.allInnerTexts();
    const stuck = texts.filter((t) => t.includes('Flat line (stuck value)'));
    expect(stuck.length).toBeGreaterThanOrEqual(20);
    // One value, shown beside its flag, unchanged.
    expect(new Set(stuck.map((t) => t.split('\t')[2])).size).toBe(1);
    await screenshot(page, `station-quality-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    // The full list, worst first: the bunching stack is there too, its worst day one click away.
    await page.getByRole('link', { name: 'Data quality of all stations' }).click();
    await page.waitForURL(/\/app\/data-quality$/);
    const station = page.getByTestId('quality-station').filter({ hasText: bunching.station });
    await station.waitFor();
    expect(await station.innerText()).toContain('Bunched just under the limit');
    await screenshot(page, `data-quality-board-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    await station.getByRole('link', { name: /^\d+ \w+ \d{4}, \d+\.\d %$/ }).click();
    await page.waitForURL(/\/app\/data-quality\/stations\/\d+\?from=(\d{4}-\d{2}-\d{2})&to=\1$/);
    await page.getByRole('table', { name: 'Flagged 15-minute slots' }).getByText('Bunched just under the limit').first().waitFor();
    expect(errors).toEqual([]);
  });

  it("lets the board's administrator tune a parameter's flat line, naming a wrong field, and shows it as the station's own", async () => {
    const { page, errors } = await suite.open('desktop', '/app/data-quality', adminCookie);
    await page.getByTestId('quality-station').filter({ hasText: flatLine.station }).getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: `${flatLine.station}: data quality` }).waitFor();
    const table = page.getByRole('table', { name: 'Detector settings' });
    const so2 = table.locator('tbody tr').filter({ hasText: 'SO2' }).first();
    await so2.waitFor();
    expect(await so2.innerText()).toContain('8 slots within');
    await so2.getByRole('button', { name: /^Change the settings of SO2/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Flat line after (15-minute slots)').fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Flat line after (15-minute slots) must be 2 or more').waitFor();
    await dialog.getByLabel('Flat line after (15-minute slots)').fill('16');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await so2.getByText('16 slots within').waitFor();
    expect(await so2.innerText()).toContain('own setting');
    expect(errors).toEqual([]);
  });
});
