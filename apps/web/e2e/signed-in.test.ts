import { describe, expect, it } from 'vitest';
import { newUser, PASSWORD } from '../../server/test/accounts.ts';
import { builders } from '../../server/test/builders.ts';
import { activeMenuItem, horizontalOverflow, mainMenu, screenshot, type ViewportName } from './portal.ts';
import { demoBoardId } from './demo-database.ts';
import { browserSuite, CEMENT, submitSignIn, tenantIdNamed } from './setup.ts';

const NO_ACCESS = 'You do not have access to this page';
/** How long a notice stays (SPEC 4; NOTIFICATION_MS of src/lib/notify.ts). */
const NOTICE_MS = 4_000;

describe('the signed-in app in a browser', () => {
  let cementId: number;
  const users = { tenantUser: '', tenantAdmin: '', siteAdmin: '', statutory: '', expiring: '' };
  let expiringId = 0;

  const suite = browserSuite({
    demo: 1,
    seed: async (database) => {
      const board = await demoBoardId(database.db);
      cementId = await tenantIdNamed(database.db, CEMENT);
      const site = await builders(database.db).newTenant({ name: 'Enviro Operations', type: 'site' });
      const db = database.db;
      users.tenantUser = (await newUser(db, { tenantId: cementId, name: 'Tara Tenant', role: 'user' })).userName;
      users.tenantAdmin = (await newUser(db, { tenantId: cementId, name: 'Arjun Admin', role: 'admin' })).userName;
      users.siteAdmin = (await newUser(db, { tenantId: site.id, userType: 'site', name: 'Sita Site', role: 'admin' })).userName;
      users.statutory = (await newUser(db, { tenantId: board, userType: 'statutory', name: 'Bala Board', role: 'user' })).userName;
      const expiring = await newUser(db, { tenantId: cementId, name: 'Esha Expiring', role: 'user' });
      users.expiring = expiring.userName;
      expiringId = expiring.id;
    },
  });

  it.each<ViewportName>(['desktop', 'phone'])('a tenant user lands on their industry, sees the tenant menu and no admin page (%s)', async (viewport) => {
    const { context, page, errors } = await suite.signIn(viewport, users.tenantUser);
    await page.waitForURL(`${suite.base}/app/dashboard`);
    await page.getByRole('heading', { level: 1, name: CEMENT }).waitFor();
    await page.getByText('Kiln & Raw Mill Stack').first().waitFor();
    expect(await page.getByTestId('acting-tenant').innerText()).toBe(CEMENT);
    expect(await mainMenu(page)).toEqual(['Dashboard', 'Dashboards', 'Air quality', 'Data quality', 'Alerts', 'Regulator sync', 'Devices', 'Cameras', 'Calibration', 'Documents', 'Energy', 'Compliance', 'Change requests', 'Warranty', 'Reports', 'Scheduled reports', 'Billing', 'Settings', 'My account']);
    expect(await activeMenuItem(page)).toBe('Dashboard');
    await screenshot(page, `signed-in-tenant-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.goto(`${suite.base}/app/admin/users`);
    await page.getByRole('heading', { name: NO_ACCESS }).waitFor();
    await page.goto(`${suite.base}/app/admin/tenants/${cementId}`);
    await page.getByRole('heading', { name: NO_ACCESS }).waitFor();
    if (viewport === 'phone') await screenshot(page, 'signed-in-no-access-phone');
    expect(errors.filter((e) => !e.includes('403'))).toEqual([]);
    await context.close();
  });

  it('a tenant admin also has users and the audit log, but not the platform tenants', async () => {
    const { context, page } = await suite.signIn('desktop', users.tenantAdmin);
    await page.getByRole('heading', { level: 1, name: CEMENT }).waitFor();
    const items = await mainMenu(page);
    expect(items).toEqual(expect.arrayContaining(['Dashboard', 'Users', 'Audit log', 'Settings', 'My account']));
    expect(items).not.toContain('Tenants');
    await page.goto(`${suite.base}/app/admin/tenants`);
    await page.getByRole('heading', { name: NO_ACCESS }).waitFor();
    await page.goto(`${suite.base}/app/admin/audit-log`);
    expect(await activeMenuItem(page)).toBe('Audit log');
    expect(await page.getByText(NO_ACCESS).count()).toBe(0);

    // SPEC 4: auto-refresh follows the preferences (the browser's own session saves them).
    const saved = await page.request.post(`${suite.base}/api/preferences`, {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      data: { REFRESH_DASHBOARD: { value: '1' }, REFRESH_INTERVAL: { value: '2' } },
    });
    expect(saved.status()).toBe(200);
    await page.goto(`${suite.base}/app/dashboard`);
    await page.getByText('Dashboard refreshes every 2 min').waitFor();
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])('a site admin sees every industry, switches to one and back (%s)', async (viewport) => {
    const { context, page, errors } = await suite.signIn(viewport, users.siteAdmin, { clock: true });
    await page.waitForURL(`${suite.base}/app/dashboard`);
    await page.getByRole('cell', { name: CEMENT }).waitFor();
    const siteMenu = await mainMenu(page);
    expect(siteMenu).toEqual(expect.arrayContaining(['Dashboard', 'Tenants', 'Corporates', 'Users', 'Audit log', 'My account']));
    await screenshot(page, `signed-in-site-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    // Manage mode: the switcher searches on the server; choosing sends TENANT-ID from then on.
    const switcher = page.getByRole('textbox', { name: 'Act for an industry' });
    await switcher.click();
    await switcher.fill('aravali');
    await page.getByRole('option', { name: new RegExp(CEMENT) }).click();
    await page.getByRole('heading', { level: 1, name: CEMENT }).waitFor();
    // The notice of the switch (SPEC 4: info shown as success) fades after 4 seconds (of the page's
    // clock, moved on instead of waiting them out).
    const notice = page.getByText(`Now acting for ${CEMENT}`);
    await notice.waitFor();
    await page.clock.fastForward(NOTICE_MS);
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.getByTestId('acting-tenant').innerText()).toBe(CEMENT);
    const tenantMenu = await mainMenu(page);
    expect(tenantMenu).toEqual(expect.arrayContaining(['Dashboard', 'Settings', 'My account']));
    expect(tenantMenu).not.toContain('Tenants');
    await screenshot(page, `signed-in-site-managing-${viewport}`);

    await page.getByRole('button', { name: 'Back to my site app' }).click();
    await page.getByRole('cell', { name: CEMENT }).waitFor();
    // So does the notice of the way back, which covers a phone's menu button until it has gone.
    const back = page.getByText('Back in your own app');
    await back.waitFor();
    await page.clock.fastForward(NOTICE_MS);
    await back.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await mainMenu(page)).toContain('Tenants');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])('a tenant user opens a parameter trend and the comparison from the dashboard, staying in /app (%s)', async (viewport) => {
    const { context, page, errors } = await suite.signIn(viewport, users.tenantUser);
    await page.getByRole('heading', { level: 1, name: CEMENT }).waitFor();
    await page.getByRole('link', { name: 'PM', exact: true }).first().click();
    await page.waitForURL(/\/app\/dashboard\/details\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ paramId: 'pm', time: '15d-ago', avgDuration: 'minute_15' });
    expect(url.searchParams.has('publicTenantId')).toBe(false);
    const station = url.searchParams.get('entityId');
    // The chart is drawn (no "No data found") and the tiles carry figures from the signed-in calls.
    await page.locator('[role="img"][aria-label^="PM at "] svg').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('[data-stat="Avg"] p').nth(1).innerText()).toMatch(/^\d/);
    expect(await page.getByText('No data found for selected criteria.').count()).toBe(0);
    expect(await activeMenuItem(page)).toBe('Dashboard');
    await screenshot(page, `signed-in-trend-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('link', { name: '← Back to the industry' }).click();
    await page.waitForURL(`${suite.base}/app/dashboard?station=${station}`);
    await page.getByRole('link', { name: 'Compare a parameter across stations' }).click();
    await page.waitForURL(/\/app\/dashboard\/parameter/);
    await page.locator('[role="img"][aria-label$=" by station"] svg').first().waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: '← Back to the industry' }).click();
    await page.waitForURL(`${suite.base}/app/dashboard`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the link of the invite page fills the email in and puts the focus on the password', async () => {
    const { context, page } = await suite.open('desktop', `/login?userName=${encodeURIComponent(users.tenantUser)}`);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(users.tenantUser);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.base}/app/dashboard`);
    await context.close();
  });

  it('a statutory user sees the industries reporting to the board, and no admin page', async () => {
    const { context, page } = await suite.signIn('desktop', users.statutory);
    await page.waitForURL(`${suite.base}/app/dashboard`);
    await page.getByRole('cell', { name: CEMENT }).waitFor();
    expect(await mainMenu(page)).toEqual(['Dashboard', 'Dashboards', 'Air quality', 'Data quality', 'Alerts', 'Regulator sync', 'Devices', 'Cameras', 'Calibration', 'Compliance', 'Change requests', 'Reports', 'Scheduled reports', 'My account']);
    await screenshot(page, 'signed-in-statutory-desktop');
    await page.goto(`${suite.base}/app/admin/audit-log`);
    await page.getByRole('heading', { name: NO_ACCESS }).waitFor();
    await context.close();
  });

  it('a wrong password shows the server message and does not say whether the account exists', async () => {
    const { context, page } = await suite.signIn('desktop', users.tenantUser, { password: 'not the password' });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Invalid user name or password');
    expect(page.url()).toBe(`${suite.base}/login`);
    await screenshot(page, 'signed-in-wrong-password-desktop');

    await page.getByLabel('Email').fill('nobody@example.in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => alert.innerText()).toContain('Invalid user name or password');
    await context.close();
  });

  it('signing out returns to /login, and /app then asks to sign in again', async () => {
    const { context, page } = await suite.signIn('desktop', users.tenantUser);
    await page.getByRole('heading', { level: 1, name: CEMENT }).waitFor();
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${suite.base}/login`);
    await page.goto(`${suite.base}/app/settings`);
    await page.waitForURL(`${suite.base}/login?next=%2Fapp%2Fsettings`);
    // Signing in again goes back to the page asked for.
    await submitSignIn(page, users.tenantUser);
    await page.waitForURL(`${suite.base}/app/settings`);
    await context.close();
  });

  it('an expired session sends the next call to /login', async () => {
    const { context, page } = await suite.signIn('desktop', users.expiring);
    await page.getByRole('heading', { level: 1, name: CEMENT }).waitFor();
    await suite.database.pool.query('DELETE FROM user_session WHERE user_id = $1', [expiringId]);
    await page.reload();
    await page.waitForURL(`${suite.base}/login?next=%2Fapp%2Fdashboard`);
    expect((await context.cookies()).find((c) => c.name === 'info')).toBeUndefined();
    await context.close();
  });
});
