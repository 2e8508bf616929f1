import { describe, expect, it } from 'vitest';
import { builders } from '../../server/test/builders.ts';
import { activeMenuItem, horizontalOverflow, screenshot, type ViewportName } from './portal.ts';
import { demoBoardId } from './demo-database.ts';
import { browserSuite, CEMENT, signedInUser, tenantIdNamed } from './setup.ts';

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];

/**
 * The compliance screens against the real server and the demo's industries: the board's overview
 * sorted through the URL, an industry's scorecard and timeline, and the site statistics page.
 */
describe('compliance screens in a browser', () => {
  let cementId = 0;
  const cookies = { board: '', siteAdmin: '', tenant: '' };

  const suite = browserSuite({
    demo: 1,
    seed: async (database) => {
      const boardId = await demoBoardId(database.db);
      const db = database.db;
      cementId = await tenantIdNamed(db, CEMENT);
      const site = await builders(db).newTenant({ name: 'Enviro Operations', type: 'site' });
      cookies.siteAdmin = (await signedInUser(db, { tenantId: site.id, userType: 'site', name: 'Sita Site', role: 'admin' })).cookie;
      cookies.board = (await signedInUser(db, { tenantId: boardId, userType: 'statutory', name: 'Bala Board', role: 'user' })).cookie;
      cookies.tenant = (await signedInUser(db, { tenantId: cementId, name: 'Tara Tenant', role: 'user' })).cookie;
    },
  });

  it.each(VIEWPORTS)("the board's industries, sorted by the worst figure, open an industry's scorecard (%s)", async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/app/compliance', cookies.board);
    await page.getByRole('cell', { name: CEMENT }).waitFor();
    if (viewport === 'desktop') expect(await activeMenuItem(page)).toBe('Compliance');
    await page.getByRole('textbox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Most exceedances' }).click();
    await page.waitForURL(/sort=exceedances/);
    await screenshot(page, `compliance-board-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('link', { name: CEMENT }).click();
    await page.waitForURL(new RegExp(`/app/compliance/${cementId}\\?period=`));
    await page.getByRole('heading', { name: `Compliance of ${CEMENT}` }).waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    expect(await page.getByRole('table').first().locator('tbody tr').count()).toBeGreaterThan(0);
    // The demo set a stack under maintenance when it was seeded: the change is on the timeline.
    await page.getByText('Working status Working → Maintenance').first().waitFor();
    await page.getByText(/Calibration on time/).first().waitFor();
    await screenshot(page, `compliance-industry-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the tenant app opens its own scorecard; a period is kept in the URL', async () => {
    const { context, page, errors } = await suite.open('desktop', '/app/compliance', cookies.tenant);
    await page.waitForURL(new RegExp(`/app/compliance/${cementId}`));
    await page.getByRole('heading', { name: `Compliance of ${CEMENT}` }).waitFor();
    await page.getByRole('textbox', { name: 'Month or quarter (IST)' }).click();
    await page.getByRole('option').filter({ hasText: /^Q/ }).first().click();
    await page.waitForURL(/period=\d{4}-Q[1-4]/);
    await page.getByRole('heading', { name: `Compliance of ${CEMENT}` }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORTS)('a site admin reads the statistics (%s)', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/app/statistics', cookies.siteAdmin);
    await page.getByRole('heading', { name: 'Statistics' }).waitFor();
    await page.getByText('Industries, worst first').waitFor();
    await page.getByText('By status').first().waitFor();
    await page.getByText(/^Data availability/).waitFor();
    await screenshot(page, `statistics-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
