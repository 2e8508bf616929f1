import { describe, expect, it } from 'vitest';
import { horizontalOverflow, screenshot, seedDemoData, type ViewportName } from './portal.ts';
import { browserSuite, signedInUser, tenantIdNamed } from './setup.ts';

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];

/**
 * Issue 31's demo in a browser: the cement plant's energy app lists every node of its tree with
 * the month's energy, draws the hour × day heatmap, and its month's budget stands past 75 % with
 * both alerts raised.
 */
describe('the energy app in a browser', () => {
  let cookie = '';
  const suite = browserSuite({
    seed: async (database) => {
      await seedDemoData(database, { days: 2 });
      const tenantId = await tenantIdNamed(database.db, 'Aravali Cement Works Ltd');
      cookie = (await signedInUser(database.db, { tenantId, userType: 'tenant', role: 'admin', name: 'Esha Energy', password: undefined })).cookie;
    },
  });

  it.each(VIEWPORTS)('shows the plant tree, its heatmap and a budget past 75 % (%s)', async (viewport) => {
    const { page, errors } = await suite.open(viewport, '/app/energy', cookie);
    await page.getByRole('heading', { level: 1, name: 'Energy' }).waitFor();
    // Every node of the tree is listed, each name a button picking it.
    for (const name of ['Beawar Integrated Cement Plant', 'Main Incomer 132 kV', 'Cement Mill Feeder', 'Rooftop Solar 1 MWp', 'DG Set 1500 kVA', 'Kiln & Pyro Feeder']) await page.getByRole('button', { name, exact: true }).waitFor();
    await page.getByRole('img', { name: 'Energy by hour and day' }).waitFor();
    await screenshot(page, `energy-consumption-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('tab', { name: 'Budgets' }).click();
    await page.waitForURL(/tab=budgets/);
    await page.getByText('Alerts raised at: 50 %, 75 %').waitFor();
    await screenshot(page, `energy-budgets-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
  });
});
