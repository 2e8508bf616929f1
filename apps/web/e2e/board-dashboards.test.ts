import { describe, expect, it } from 'vitest';
import { horizontalOverflow, screenshot, type ViewportName } from './portal.ts';
import { demoBoardId } from './demo-database.ts';
import { browserSuite, CEMENT, signedInUser, tenantIdNamed } from './setup.ts';

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];

/**
 * A board user opens the dashboards of an industry under its jurisdiction: picks the industry
 * (kept in the URL), opens one of its template dashboards read-only, and its widgets ask for that
 * industry's stations only, without acting for it.
 */
describe("a board reads an industry's dashboards in a browser", () => {
  const ids = { cement: 0 };
  let cookie = '';

  const suite = browserSuite({
    demo: 1,
    seed: async (database) => {
      const board = await demoBoardId(database.db);
      ids.cement = await tenantIdNamed(database.db, CEMENT);
      cookie = (await signedInUser(database.db, { tenantId: board, userType: 'statutory', role: 'admin', name: 'Bala Board', password: undefined })).cookie;
    },
  });

  it.each(VIEWPORTS)('picks the industry, opens its template dashboard read-only (%s)', async (viewport) => {
    const bodies: string[] = [];
    const actedFor: string[] = [];
    const { page, errors } = await suite.open(viewport, '/app/boards', cookie, (p) =>
      p.on('request', (r) => {
        if (r.url().includes('/api/data/entityMetric')) bodies.push(r.postData() ?? '');
        if (r.url().includes('/api/') && r.headers()['tenant-id']) actedFor.push(r.url());
      }),
    );
    await page.getByText('Choose an industry to open its dashboards, read-only').waitFor();
    expect(await page.getByText('No dashboards yet').count()).toBe(0);

    await page.getByRole('textbox', { name: 'Industry' }).click();
    await page.getByRole('option', { name: CEMENT }).click();
    await page.waitForURL(new RegExp(`/app/boards\\?industry=${ids.cement}$`));
    await page.getByText(`The dashboards ${CEMENT} shares with its users, read-only`).waitFor();
    const overviews = page.getByRole('link', { name: /overview$/ });
    await overviews.first().waitFor();
    expect(await overviews.count()).toBeGreaterThanOrEqual(1);
    // Read-only: nothing to make, copy or delete.
    expect(await page.getByRole('button', { name: 'New dashboard' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);
    await screenshot(page, `board-dashboards-list-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    const name = await overviews.first().innerText();
    await overviews.first().click();
    await page.waitForURL(new RegExp(`/app/boards/\\d+\\?industry=${ids.cement}$`));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText(`${CEMENT}, read-only`).waitFor();
    await page.locator('[role="img"] svg').first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Duplicate' }).count()).toBe(0);
    await screenshot(page, `board-dashboard-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    // Its widgets read that industry alone, as the board itself: no manage mode.
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(JSON.parse(body).request.tenantIds).toEqual([ids.cement]);
    expect(actedFor).toEqual([]);

    await page.getByRole('link', { name: `← Dashboards of ${CEMENT}` }).click();
    await page.waitForURL(new RegExp(`/app/boards\\?industry=${ids.cement}$`));
    expect(errors).toEqual([]);
  });
});
