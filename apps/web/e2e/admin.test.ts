import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUser } from '../../server/test/accounts.ts';
import { builders } from '../../server/test/builders.ts';
import { horizontalOverflow, screenshot, type ViewportName } from './portal.ts';
import { browserSuite, signedInUser } from './setup.ts';

const NO_ACCESS = 'You do not have access to this page';
/** More tenants than one page of 20 holds. */
const SEEDED = 27;

describe('admin screens in a browser', () => {
  const session = { siteAdmin: '', tenantAdmin: '' };
  let homeName = '';
  let otherUserName = '';

  const suite = browserSuite({
    seed: async (database) => {
      const db = database.db;
      const build = builders(db);
      const site = await build.newTenant({ name: 'Enviro Operations', type: 'site' });
      for (let i = 1; i <= SEEDED; i++) await build.newTenant({ name: `Paged Industry ${String(i).padStart(2, '0')}` });
      const home = await build.newTenant({ name: 'Godavari Sugar Mills' });
      homeName = 'Godavari Sugar Mills';
      const other = await build.newTenant({ name: 'Narmada Steel Works' });
      session.siteAdmin = (await signedInUser(db, { tenantId: site.id, userType: 'site', name: 'Sita Site', role: 'admin' })).cookie;
      session.tenantAdmin = (await signedInUser(db, { tenantId: home.id, name: 'Arjun Admin', role: 'admin' })).cookie;
      await newUser(db, { tenantId: home.id, name: 'Gita Godavari', role: 'user', phone: '9876543210' });
      otherUserName = (await newUser(db, { tenantId: other.id, name: 'Nikhil Narmada', role: 'user' })).userName;
    },
  });

  const rows = (page: Page, table: string) => page.getByRole('table', { name: table }).locator('tbody tr');
  const dialog = (page: Page) => page.getByRole('dialog');

  /**
   * How far the table's own scroll area overflows sideways (0: it fits, no scrolling) and the badges whose word is cut
   * short ('DI…').
   */
  async function tableFit(page: Page, table: string): Promise<{ overflow: number; clipped: string[] }> {
    return page.getByRole('table', { name: table }).evaluate((el) => {
      let box: HTMLElement | null = el.parentElement;
      while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      const clipped = Array.from(el.querySelectorAll<HTMLElement>('.mantine-Badge-root, .mantine-Badge-label'))
        .filter((b) => b.scrollWidth > b.clientWidth)
        .map((b) => b.textContent ?? '');
      return { overflow: box ? box.scrollWidth - box.clientWidth : -1, clipped };
    });
  }

  /** The first row's action button is on screen without scrolling the table sideways, and opens its menu (`item`). */
  async function actionsReachable(page: Page, table: string, name: RegExp, item?: string) {
    const button = page.getByRole('table', { name: table }).getByRole('button', { name }).first();
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    if (item === undefined) return;
    await button.click();
    await page.getByRole('menuitem', { name: item }).waitFor();
    await page.keyboard.press('Escape');
  }

  /** Picks an option of a Mantine Select by its label inside `scope`. */
  async function choose(page: Page, scope: ReturnType<Page['getByRole']> | Page, label: string, option: string) {
    await scope.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('a site admin searches, pages and sorts the tenants, creates one, changes its status and opens it', async () => {
    const { context, page, errors } = await suite.open('desktop', '/app/admin/tenants', session.siteAdmin);
    const table = page.getByRole('table', { name: 'Tenants' });
    await table.getByRole('link', { name: 'Enviro Operations' }).waitFor().catch(async (e: unknown) => {
      await screenshot(page, 'admin-debug-start');
      throw e;
    });
    expect(await rows(page, 'Tenants').count()).toBe(20);
    await page.getByText(`${SEEDED + 3} rows`).waitFor();
    expect(await tableFit(page, 'Tenants')).toEqual({ overflow: 0, clipped: [] });

    // Page 2 holds the rest, and the URL keeps it across a reload.
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL(/page=1/);
    await table.getByRole('link', { name: 'Paged Industry 20' }).waitFor();
    expect(await rows(page, 'Tenants').count()).toBe(SEEDED + 3 - 20);
    await page.reload();
    await table.getByRole('link', { name: 'Paged Industry 20' }).waitFor();

    // Sorting by name descending puts the last name first.
    await table.getByRole('button', { name: /^Name/ }).click();
    await page.waitForURL(/sort=name&order=desc|order=desc/);
    await table.locator('tbody tr').first().getByRole('link', { name: 'Paged Industry 27' }).waitFor();
    await table.getByRole('button', { name: /^Name/ }).click();
    await page.waitForURL(/order=asc/);

    // The search goes to the server (debounced) and into the URL; back and refresh keep it.
    await page.getByRole('searchbox', { name: 'Search' }).fill('Godavari');
    await page.waitForURL(/searchString=Godavari/);
    await table.getByRole('link', { name: homeName }).waitFor();
    await expect.poll(() => rows(page, 'Tenants').count()).toBe(1);
    await page.reload();
    await table.getByRole('link', { name: homeName }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('Godavari');
    await screenshot(page, 'admin-tenants-desktop');

    // Create: a missing name is said under its input, in words, and nothing is sent.
    await page.getByRole('button', { name: 'New tenant' }).click();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await dialog(page).getByText('Name is required').waitFor();
    await dialog(page).getByRole('textbox', { name: 'Name' }).fill('Kaveri Paper Mills');
    await dialog(page).getByRole('textbox', { name: 'City' }).fill('Erode');
    await dialog(page).getByRole('textbox', { name: 'State' }).fill('Tamil Nadu');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await page.getByText('Tenant Kaveri Paper Mills created.').waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Kaveri');
    await table.getByRole('link', { name: 'Kaveri Paper Mills' }).waitFor();

    // Status change by PATCH, after a confirmation.
    await page.getByRole('button', { name: 'Actions for Kaveri Paper Mills' }).click();
    await page.getByRole('menuitem', { name: 'Change status' }).click();
    await choose(page, dialog(page), 'New status', 'GRACE');
    await dialog(page).getByRole('button', { name: 'Change status' }).click();
    await page.getByText('Kaveri Paper Mills is now in its grace period.').waitFor();
    await rows(page, 'Tenants').first().getByText('GRACE').waitFor();

    // Its detail page: fields, live status, licence counts and statutory bodies.
    await table.getByRole('link', { name: 'Kaveri Paper Mills' }).click();
    await page.waitForURL(/\/app\/admin\/tenants\/\d+$/);
    await page.getByRole('heading', { name: 'Kaveri Paper Mills', level: 2 }).waitFor().catch(async (e: unknown) => {
      await screenshot(page, 'admin-debug');
      throw e;
    });
    await page.getByText('Stations by live status').waitFor();
    await page.getByRole('heading', { name: 'Licence counts' }).waitFor();
    await page.getByRole('heading', { name: 'Reports to' }).waitFor();
    await page.getByText('Erode').waitFor();
    await screenshot(page, 'admin-tenant-detail-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a site admin creates a corporate, then a user of the new tenant, and disables the user', async () => {
    const { context, page, errors } = await suite.open('desktop', '/app/admin/corporates', session.siteAdmin);
    await page.getByRole('heading', { name: 'Corporates' }).waitFor();
    await page.getByRole('button', { name: 'New corporate' }).click();
    await dialog(page).getByRole('textbox', { name: 'Name' }).fill('Kaveri Group');
    await dialog(page).getByRole('textbox', { name: 'Contact phone' }).fill('9845012345');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await page.getByText('Corporate Kaveri Group created.').waitFor();
    const corporates = page.getByRole('table', { name: 'Corporates' });
    await corporates.getByText('Kaveri Group').waitFor();
    await corporates.getByText('+91 9845 012 345').waitFor();
    await screenshot(page, 'admin-corporates-desktop');
    expect(await tableFit(page, 'Corporates')).toEqual({ overflow: 0, clipped: [] });

    await page.goto(`${suite.base}/app/admin/users`);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    // Site users filter by corporate (SPEC 6).
    await page.getByRole('textbox', { name: 'Corporate' }).waitFor();
    await page.getByRole('button', { name: 'New user' }).click();
    await dialog(page).getByRole('textbox', { name: 'Tenant' }).fill('Kaveri');
    await page.getByRole('option', { name: 'Kaveri Paper Mills' }).click();
    await dialog(page).getByRole('textbox', { name: 'Name' }).fill('Meera Mills');
    await dialog(page).getByRole('textbox', { name: 'Email' }).fill('meera@kaveri.example.in');
    await dialog(page).getByRole('textbox', { name: 'Phone' }).fill('9123456780');
    await dialog(page).getByLabel('Password').fill('a long enough password');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await page.getByText('Meera Mills created.').waitFor();

    const users = page.getByRole('table', { name: 'Users' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('meera@');
    await page.waitForURL(/searchString=meera/);
    await expect.poll(() => rows(page, 'Users').count()).toBe(1);
    const row = rows(page, 'Users').first();
    await row.getByText('+91 9123 456 780').waitFor();
    expect(await row.getByText(/^U-\d{6}$/).count()).toBe(1);
    await row.getByText('ENABLED').waitFor();

    await page.getByRole('button', { name: 'Actions for meera@kaveri.example.in' }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await dialog(page).getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Meera Mills is now disabled: they can no longer sign in.').waitFor();
    await users.getByText('DISABLED').waitFor();
    await screenshot(page, 'admin-users-desktop');
    // At 1280 px the list fits: no sideways scrolling, and the status badge keeps its whole word.
    expect(await tableFit(page, 'Users')).toEqual({ overflow: 0, clipped: [] });
    expect((await rows(page, 'Users').first().innerText()).replace(/\s+/g, ' ')).toMatch(/Meera Mills meera@kaveri\.example\.in U-\d{6}/);

    // Every tenant's users, with the long generated emails, fit as well.
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.waitForURL((url) => !url.search.includes('searchString'));
    await expect.poll(() => rows(page, 'Users').count()).toBe(5);
    await screenshot(page, 'admin-users-all-desktop');
    expect(await tableFit(page, 'Users')).toEqual({ overflow: 0, clipped: [] });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the audit log shows who changed what by name, picks a tenant by name and shows the before/after of the status change', async () => {
    const { context, page, errors } = await suite.open('desktop', '/app/admin/audit-log', session.siteAdmin);
    const table = page.getByRole('table', { name: 'Audit log' });
    await table.locator('tbody tr').first().getByRole('button', { name: /^Before and after/ }).waitFor();
    const text = await table.innerText();
    expect(text).toMatch(/Sita Site\s+status\s+Tenant Kaveri Paper Mills\s+Kaveri Paper Mills/);
    expect(text).toMatch(/create\s+Tenant Kaveri Paper Mills/);
    expect(text).toMatch(/create\s+Corporate Kaveri Group/);
    expect(text).toMatch(/\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}/);
    // No raw ids: names, or display ids for what the reader may not see.
    expect(text).not.toMatch(/(tenant|app_user|corporate):\d+|user:\d+/);

    await screenshot(page, 'admin-audit-log-desktop');
    expect(await tableFit(page, 'Audit log')).toEqual({ overflow: 0, clipped: [] });

    // A tenant is picked by name; the URL keeps it across a reload, and every row is that tenant's.
    await page.getByRole('textbox', { name: 'Tenant' }).fill('Kaveri');
    await page.getByRole('option', { name: 'Kaveri Paper Mills', exact: true }).click();
    await page.waitForURL(/tenantId=\d+/);
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Tenant' }).inputValue()).toBe('Kaveri Paper Mills');
    const tenants = await table.locator('tbody tr td:nth-child(5)').allInnerTexts();
    expect(new Set(tenants)).toEqual(new Set(['Kaveri Paper Mills']));
    // A record's name narrows the log to its changes.
    await table.getByRole('button', { name: 'Tenant Kaveri Paper Mills', exact: true }).first().click();
    await page.waitForURL(/entity=tenant%3A\d+/);
    await page.getByText('Only the changes of Tenant Kaveri Paper Mills').waitFor();
    // The notice follows the URL at once; the rows follow the answer. Wait until every row is the
    // tenant's own, or the newest status row may still be a user's (ENABLED → DISABLED above).
    await expect
      .poll(async () => (await table.locator('tbody tr').allInnerTexts()).every((row) => row.includes('Tenant Kaveri Paper Mills')))
      .toBe(true);
    await screenshot(page, 'admin-audit-log-filtered-desktop');

    const statusRow = table.locator('tbody tr').filter({ hasText: /status/ }).first();
    await statusRow.getByRole('button', { name: /Before and after/ }).click();
    const diff = dialog(page).getByRole('table', { name: 'Before and after' });
    const changed = diff.locator('tr[data-changed]').filter({ hasText: 'status' });
    expect(await changed.innerText()).toMatch(/status\s+ENABLED\s+GRACE/);
    await screenshot(page, 'admin-audit-log-diff-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])('a tenant admin sees only their own tenant users and no tenant screen (%s)', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/app/admin/users', session.tenantAdmin);
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByText('Gita Godavari').waitFor();
    const tenants = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(tenants.length).toBe(2);
    for (const t of tenants) expect(t).toContain(homeName);
    expect(await table.innerText()).not.toContain(otherUserName);
    expect(await table.innerText()).toContain('+91 9876 543 210');
    // The corporate filter is for site users only (SPEC 6).
    expect(await page.getByRole('textbox', { name: 'Corporate' }).count()).toBe(0);
    await screenshot(page, `admin-users-tenant-admin-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    // The desktop list fits without scrolling; on a phone the table may scroll, but the actions stay on screen.
    if (viewport === 'desktop') expect(await tableFit(page, 'Users')).toEqual({ overflow: 0, clipped: [] });
    await actionsReachable(page, 'Users', /^Actions for /, 'Edit');

    await page.goto(`${suite.base}/app/admin/tenants`);
    await page.getByRole('heading', { name: NO_ACCESS }).waitFor();
    expect(await page.getByRole('table', { name: 'Tenants' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the tenant list and audit log fit a 375 px phone', async () => {
    const { context, page, errors } = await suite.open('phone', '/app/admin/tenants', session.siteAdmin);
    await page.getByRole('table', { name: 'Tenants' }).getByRole('link').first().waitFor();
    expect(await rows(page, 'Tenants').count()).toBe(20);
    await screenshot(page, 'admin-tenants-phone');
    expect(await horizontalOverflow(page)).toBe(0);
    await actionsReachable(page, 'Tenants', /^Actions for /, 'Change status');
    await page.goto(`${suite.base}/app/admin/audit-log`);
    await page.getByRole('table', { name: 'Audit log' }).locator('tbody tr').first().getByRole('button', { name: /^Before and after/ }).waitFor();
    await screenshot(page, 'admin-audit-log-phone');
    expect(await horizontalOverflow(page)).toBe(0);
    await actionsReachable(page, 'Audit log', /^Before and after/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])('a tenant admin turns on dashboard auto-refresh in the settings (%s)', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/app/settings', session.tenantAdmin);
    const refresh = page.getByRole('switch', { name: 'Refresh dashboards automatically' });
    const minutes = page.getByRole('textbox', { name: 'Refresh interval (minutes)' });
    await page.getByRole('button', { name: 'Save' }).and(page.locator(':not([disabled])')).waitFor();
    if (viewport === 'desktop') {
      expect(await refresh.isChecked()).toBe(false);
      await refresh.click({ force: true });
      await minutes.fill('5');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Settings saved.').waitFor();
      await page.reload();
    }
    // Saved on the server: a fresh page (and the phone, later) shows them.
    await expect.poll(() => refresh.isChecked()).toBe(true);
    expect(await minutes.inputValue()).toBe('5');
    await screenshot(page, `admin-settings-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
