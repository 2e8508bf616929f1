import { describe, expect, it } from 'vitest';
import { horizontalOverflow, screenshot, type ViewportName } from './portal.ts';
import { demoBoardId } from './demo-database.ts';
import { browserSuite, signedInUser } from './setup.ts';

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];

/**
 * The air quality above a single station: a board user sees every CAAQMS station of its
 * industries with its NAQI now (CPCB's colour) and a 30-day strip, narrows to one industry (in
 * the URL) and opens a station's own page.
 */
describe('the air-quality view in a browser', () => {
  let cookie = '';
  const suite = browserSuite({
    demo: 1,
    seed: async (database) => {
      const board = await demoBoardId(database.db);
      cookie = (await signedInUser(database.db, { tenantId: board, userType: 'statutory', role: 'user', name: 'Bala Board', password: undefined })).cookie;
    },
  });

  it.each(VIEWPORTS)("lists the board's CAAQMS stations with NAQI now and 30 days, narrows to an industry, opens a station (%s)", async (viewport) => {
    const { page, errors } = await suite.open(viewport, '/app/air-quality', cookie);
    await page.getByRole('heading', { level: 1, name: 'Air quality' }).waitFor();
    const rows = page.getByTestId('air-quality-station');
    await rows.first().waitFor();
    const all = await rows.count();
    expect(all).toBeGreaterThan(1);
    // Each row: its index now (or why there is none) and 30 day cells.
    const first = rows.first();
    expect(await first.getByTestId('air-quality-now').getAttribute('aria-label')).toMatch(/^Now: (NAQI \d+, (Good|Satisfactory|Moderate|Poor|Very Poor|Severe), prominent .+|no index.*|no data)$/);
    expect(await first.getByRole('listitem').count()).toBe(30);
    // With a day of demo history, some station has an index now.
    const labels = await page.getByTestId('air-quality-now').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(labels.some((l) => /^Now: NAQI \d+/.test(l))).toBe(true);
    await screenshot(page, `air-quality-board-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    // Narrow to the first station's industry: the URL keeps it, fewer (or as many) stations show.
    const industryName = await first.locator('p').first().innerText();
    await page.getByRole('textbox', { name: 'Industry' }).click();
    await page.getByRole('option', { name: industryName, exact: true }).click();
    await page.waitForURL(/\/app\/air-quality\?industry=\d+$/);
    await page.getByText(`CAAQMS): now, and each of the last 30 days`).waitFor();
    await expect.poll(async () => (await rows.count()) <= all && (await rows.first().locator('p').first().innerText()) === industryName).toBe(true);

    await page.locator('label', { hasText: 'By name' }).click();
    await page.waitForURL(/sort=name/);

    const station = rows.first().getByRole('link');
    const stationName = await station.innerText();
    await station.click();
    await page.waitForURL(/\/app\/industries\/\d+\?station=\d+$/);
    await page.getByText(stationName).first().waitFor();
    expect(errors).toEqual([]);
  });
});
