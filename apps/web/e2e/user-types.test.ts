import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activeMenuItem, horizontalOverflow, mainMenu, screenshot, settled, type ViewportName } from './portal.ts';
import { browserSuite } from './setup.ts';

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];
const NO_ACCESS = 'You do not have access to this page';

/**
 * The demo accounts of the SPEC 6 user types that look after industries without running one: the
 * CGWA, an investor and a quasi-regulator. Each signs in with its demo password, lands on a
 * dashboard of its own, and every item of its menu opens a screen that works.
 */
describe('the CGWA, an investor and a quasi-regulator in a browser', () => {
  const suite = browserSuite({
    demo: 1,
  });

  /** Opens every item of the main menu in turn: a titled screen, no "no access", no error. */
  async function walkMenu(page: Page, errors: string[]): Promise<string[]> {
    const items = await mainMenu(page);
    for (const item of items) {
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      if (!(await nav.getByRole('link', { name: item, exact: true }).isVisible())) await mainMenu(page);
      await nav.getByRole('link', { name: item, exact: true }).click();
      await expect.poll(() => activeMenuItem(page)).toBe(item);
      // A titled screen (Devices and Calibration title theirs as h2, My account with the user's name).
      await page.getByRole('main').getByRole('heading').first().waitFor();
      await settled(page);
      expect(await page.getByText(NO_ACCESS).count(), item).toBe(0);
      expect(await page.getByRole('heading', { name: 'Page not found' }).count(), item).toBe(0);
      expect(errors, item).toEqual([]);
    }
    return items;
  }

  it.each(VIEWPORTS)('the CGWA lands on its ground-water stations: flow meters and days with two readings (%s)', async (viewport) => {
    const { context, page, errors } = await suite.signIn(viewport, 'cgwa@enviro.demo');
    await page.waitForURL(`${suite.base}/app/dashboard`);
    await page.getByText('Ground-water stations and industries reporting to Central Ground Water Authority').waitFor();
    // A table on a wide screen, a card per station on a phone: whichever shows, every borewell with its meter.
    for (const station of ['Borewell BW-1', 'Borewell BW-2', 'Borewell BW-3', 'Borewell BW-4']) await page.getByRole('link', { name: station }).waitFor();
    // Each meter's cumulative volume and pump hours, read from the demo's borewell meters.
    expect(await page.getByText(/^[\d,.]+ m3$/).filter({ visible: true }).count()).toBe(4);
    expect(await page.getByText(/^[\d,.]+ h$/).filter({ visible: true }).count()).toBe(4);
    expect(await page.getByText(/^\d+ of \d+ days$/).filter({ visible: true }).count()).toBe(4);
    expect(await page.getByText('Chittor Portland Cement Ltd').count()).toBeGreaterThan(0);
    expect(await page.getByText('Aravali Cement Works Ltd').count()).toBe(0);
    await screenshot(page, `user-type-cgwa-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    if (viewport === 'desktop') {
      expect(await walkMenu(page, errors)).toEqual(['Dashboard', 'Dashboards', 'Air quality', 'Data quality', 'Alerts', 'Devices', 'Cameras', 'Calibration', 'Compliance', 'Reports', 'Scheduled reports', 'My account']);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORTS)('an investor lands on the industries it invests in (%s)', async (viewport) => {
    const { context, page, errors } = await suite.signIn(viewport, 'investor@enviro.demo');
    await page.waitForURL(`${suite.base}/app/dashboard`);
    await page.getByText('Industries Thar Infrastructure Fund invests in').waitFor();
    const industries = page.getByRole('table').first();
    for (const name of ['Marudhar Thermal Power Company Ltd', 'Kalisindh Power Generation Ltd', 'Bhilwara Steel & Alloys Pvt Ltd']) {
      await industries.getByRole('link', { name }).waitFor();
    }
    expect(await industries.getByRole('link').count()).toBe(3);
    expect(await activeMenuItem(page)).toBe('Dashboard');
    await screenshot(page, `user-type-investor-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    if (viewport === 'desktop') {
      expect(await walkMenu(page, errors)).toEqual(['Dashboard', 'Dashboards', 'Air quality', 'Data quality', 'Devices', 'Cameras', 'Calibration', 'Compliance', 'Reports', 'Scheduled reports', 'My account']);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORTS)('a quasi-regulator lands on the open alerts across the industries it watches (%s)', async (viewport) => {
    const { context, page, errors } = await suite.signIn(viewport, 'monitoring.committee@enviro.demo');
    await page.waitForURL(`${suite.base}/app/dashboard`);
    await page.getByText('Industries NGT Joint Monitoring Committee, Rajasthan watches').waitFor();
    const panel = page.getByRole('heading', { name: /^Open alerts across your industries: \d+$/ });
    await panel.waitFor();
    expect(Number(/(\d+)$/.exec(await panel.innerText())![1])).toBeGreaterThan(0);
    await page.getByRole('list', { name: 'Newest open alerts' }).getByRole('link').first().waitFor();
    const industries = page.getByRole('table').first();
    await industries.getByRole('link', { name: 'Aravali Cement Works Ltd' }).waitFor();
    expect(await industries.getByRole('link').count()).toBe(5);
    await screenshot(page, `user-type-quasi-regulator-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('link', { name: 'All open alerts →' }).click();
    await page.waitForURL(/\/app\/alerts\?status=OPEN/);
    await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
    if (viewport === 'desktop') {
      expect(await walkMenu(page, errors)).toEqual(['Dashboard', 'Dashboards', 'Air quality', 'Data quality', 'Alerts', 'Devices', 'Cameras', 'Calibration', 'Compliance', 'Reports', 'Scheduled reports', 'My account']);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
