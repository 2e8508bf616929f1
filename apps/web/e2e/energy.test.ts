import { describe, expect, it } from 'vitest';
import { horizontalOverflow, screenshot, type ViewportName } from './portal.ts';
import { dayOf } from '@enviro/domain/time-zone';
import { builders } from '../../server/test/builders.ts';
import { browserSuite, signedInUser, tenantIdNamed } from './setup.ts';

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];

/**
 * Issue 31's demo in a browser: the cement plant's energy app lists every node of its tree with
 * the month's energy, draws the hour × day heatmap, and its month's budget stands past 75 % with
 * both alerts raised.
 */
describe('the energy app in a browser', () => {
  let cookie = '';
  let siteAdmin = '';
  const suite = browserSuite({
    demo: 2,
    seed: async (database) => {
      const tenantId = await tenantIdNamed(database.db, 'Aravali Cement Works Ltd');
      cookie = (await signedInUser(database.db, { tenantId, userType: 'tenant', role: 'admin', name: 'Esha Energy', password: undefined })).cookie;
      const site = await builders(database.db).newTenant({ name: 'Enviro Energy Desk', type: 'site' });
      siteAdmin = (await signedInUser(database.db, { tenantId: site.id, userType: 'site', role: 'admin', name: 'Sita Site' })).cookie;
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
    // The administrator's forms beside the demo's data: production under SEC, offsets and CEA's factors under emissions.
    await page.getByRole('tab', { name: 'SEC' }).click();
    await page.getByRole('heading', { name: "Enter a day's production" }).waitFor();
    await page.getByText('SEC of the month:').waitFor();
    await screenshot(page, `energy-sec-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('tab', { name: 'Emissions' }).click();
    await page.getByRole('heading', { name: 'Record an offset' }).waitFor();
    await page.getByRole('cell', { name: 'IEX REC trade, non-solar' }).waitFor();
    await page.getByRole('cell', { name: 'CEA CO2 Baseline Database v20' }).waitFor();
    await screenshot(page, `energy-emissions-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    // Meter management: each current meter can be read by hand, replaced or deleted.
    await page.getByRole('tab', { name: 'Meters' }).click();
    await page.getByRole('button', { name: 'Enter a reading' }).first().click();
    await page.getByRole('dialog').getByLabel('Register reading').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
  });

  // Once, on the phone: a second version starting the same day would be refused (versions only follow).
  it('adds a tariff version through its form at 375 px, an overlapping window named under it first', async () => {
    const viewport = 'phone';
    const { page, errors } = await suite.open(viewport, '/app/energy?tab=tariffs', cookie);
    await page.getByText('Tariff versions of Main Incomer 132 kV').first().waitFor();
    await page.getByText('RERC tariff order (revision)').first().waitFor();
    await page.getByRole('button', { name: 'Add a tariff version' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Commission order').fill(`RERC order ${viewport}`);
    // A fifth window 00:00–01:00 at the normal rate lies inside the off-peak night (window 1).
    await dialog.getByRole('button', { name: 'Add a window' }).click();
    await dialog.getByRole('group', { name: 'Window 5' }).getByLabel('Rate (₹/kWh)').fill('7.95');
    await dialog.getByRole('button', { name: 'Add the version' }).click();
    await dialog.getByRole('group', { name: 'Window 5' }).getByText('Overlaps window 1 at 00:00–01:00').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, `energy-tariff-form-${viewport}`);
    await dialog.getByRole('button', { name: 'Remove window 5' }).click();
    await dialog.getByRole('button', { name: 'Add the version' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The new version is the current one; the revision before it now ends the day before.
    await page.getByRole('cell', { name: `RERC order ${viewport}` }).waitFor();
    expect(await page.getByRole('cell', { name: 'current' }).count()).toBe(1);
    expect(page.url()).toContain('tab=tariffs');
    expect(errors).toEqual([]);
  });

  it("lets a site administrator add the current year to CEA's factor table on their own screen, naming the missing year first", async () => {
    const { page, errors } = await suite.open('phone', '/app/admin/grid-factors', siteAdmin);
    await page.getByRole('heading', { level: 1, name: 'Grid emission factors' }).waitFor();
    await page.getByRole('cell', { name: 'CEA CO2 Baseline Database v20' }).waitFor();
    const today = dayOf(Date.now(), 'Asia/Kolkata');
    const start = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) < 4 ? 1 : 0);
    const fy = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
    const previous = `${start - 1}-${String(start % 100).padStart(2, '0')}`;
    // A year before the current one alone leaves the table without the current year.
    await page.getByLabel('Financial year').fill(previous);
    await page.getByLabel('Factor (tCO₂/MWh)').fill('0.716');
    await page.getByRole('button', { name: 'Add the year' }).click();
    await page.getByText(`The table has no factor for the current financial year ${fy}`).waitFor();
    await page.getByLabel('Financial year').fill(fy);
    await page.getByLabel('Source').fill('CEA CO2 Baseline Database v21');
    await page.getByRole('button', { name: 'Add the year' }).click();
    await page.getByRole('cell', { name: 'CEA CO2 Baseline Database v21' }).waitFor();
    expect(await page.getByRole('cell', { name: fy, exact: true }).count()).toBe(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'energy-grid-factors-phone');
    // The industry's energy app shows the table without the form.
    const industry = await suite.open('desktop', '/app/energy?tab=emissions', cookie);
    await industry.page.getByRole('cell', { name: 'CEA CO2 Baseline Database v21' }).waitFor();
    expect(await industry.page.getByRole('button', { name: 'Add the year' }).count()).toBe(0);
    expect([...errors, ...industry.errors]).toEqual([]);
  });
});
