import { describe, expect, it } from 'vitest';
import { newUser } from '../../server/test/accounts.ts';
import { builders } from '../../server/test/builders.ts';
import { activeMenuItem, horizontalOverflow, mainMenu, screenshot, type ViewportName } from './portal.ts';
import { demoBoardId } from './demo-database.ts';
import { browserSuite, CEMENT, signedInUser } from './setup.ts';

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];
const PORTLAND = 'Chittor Portland Cement Ltd';
const BOARD = 'Rajasthan State Pollution Control Board';

/**
 * Users who look after other tenants' industries (a board, the CGWA, a corporate's admin, a
 * partner) open them from their dashboard inside /app, without acting for them; unknown /app
 * paths answer inside the app; the public home page lists the boards.
 */
describe('reading industries in a browser', () => {
  const ids = { board: 0, cement: 0, portland: 0, elsewhere: 0 };
  const cookies = { statutory: '', cgwa: '', corporate: '', partner: '' };
  const own = { statutory: BOARD, cgwa: 'Central Ground Water Authority', corporate: 'Aravali Group head office', partner: '' };

  const suite = browserSuite({
    demo: 1,
    seed: async (database) => {
      const db = database.db;
      ids.board = await demoBoardId(database.db);
      const tenant = (name: string) => db.selectFrom('tenant').select(['id', 'corporate_id']).where('name', '=', name).executeTakeFirstOrThrow();
      ids.cement = (await tenant(CEMENT)).id;
      ids.portland = (await tenant(PORTLAND)).id;
      const build = builders(db);
      await build.newTenant({ name: 'Gujarat Pollution Control Board', type: 'statutory', state: 'Gujarat', city: 'Gandhinagar' });
      ids.elsewhere = (await build.newTenant({ name: 'Sabarmati Textiles' })).id;
      const cgwa = (await build.newTenant({ name: own.cgwa, type: 'cgwa' })).id;
      await db.insertInto('statutory_association').values({ statutory_id: cgwa, tenant_id: ids.portland }).execute();
      const partner = await tenant('Marudhar Instruments (service partner)');
      own.partner = 'Marudhar Instruments (service partner)';
      const headOffice = await tenant(own.corporate);

      const signedIn = async (tenantId: number, o: Omit<Parameters<typeof newUser>[1], 'tenantId'>) =>
        (await signedInUser(db, { tenantId, password: undefined, ...o })).cookie;
      cookies.statutory = await signedIn(ids.board, { userType: 'statutory', role: 'user', name: 'Bala Board' });
      cookies.cgwa = await signedIn(cgwa, { userType: 'cgwa', role: 'user', name: 'Chitra CGWA' });
      cookies.corporate = await signedIn(headOffice.id, { userType: 'corporate_admin', role: 'admin', name: 'Kavya Corporate', corporateId: headOffice.corporate_id ?? undefined });
      cookies.partner = await signedIn(partner.id, { userType: 'partner', role: 'user', name: 'Pavan Partner' });
    },
  });

  /** A page signed in by a session cookie, recording whether any API call named a tenant to act for. */
  async function open(viewport: ViewportName, cookie: string, url: string) {
    const actedFor: string[] = [];
    const opened = await suite.open(viewport, url, cookie, (page) =>
      page.on('request', (r) => {
        const tenantId = r.headers()['tenant-id'];
        if (r.url().includes('/api/') && tenantId) actedFor.push(`${r.url()} TENANT-ID ${tenantId}`);
      }),
    );
    return { ...opened, actedFor };
  }

  it.each(VIEWPORTS)('a board user opens an industry from the dashboard: its stations, a trend, the comparison and its reports (%s)', async (viewport) => {
    const { context, page, errors, actedFor } = await open(viewport, cookies.statutory, '/app/dashboard');
    await page.getByRole('link', { name: CEMENT }).waitFor();
    await screenshot(page, `reading-dashboard-statutory-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('link', { name: CEMENT }).click();
    await page.waitForURL(`${suite.base}/app/industries/${ids.cement}`);
    await page.getByRole('heading', { level: 1, name: CEMENT }).waitFor();
    await page.getByText('Kiln & Raw Mill Stack').first().waitFor();
    // Still the board's own app: no manage mode, the Dashboard item lit.
    expect(await page.getByTestId('acting-tenant').innerText()).toBe(BOARD);
    expect(await page.getByText('managing').count()).toBe(0);
    expect(await activeMenuItem(page)).toBe('Dashboard');
    await screenshot(page, `reading-industry-statutory-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    // The station's reports: the raw data report and the CTO document download.
    const raw = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download report' }).click();
    expect((await raw).suggestedFilename()).toMatch(/\.csv$/i);
    const cto = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CTO document' }).click();
    expect((await cto).suggestedFilename()).toMatch(/\.pdf$/i);

    // A parameter's trend stays under the industry's path.
    await page.getByRole('link', { name: 'PM', exact: true }).first().click();
    await page.waitForURL(new RegExp(`/app/industries/${ids.cement}/details\\?`));
    expect(new URL(page.url()).searchParams.has('publicTenantId')).toBe(false);
    await page.locator('[role="img"][aria-label^="PM at "] svg').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('[data-stat="Avg"] p').nth(1).innerText()).toMatch(/^\d/);
    expect(await activeMenuItem(page)).toBe('Dashboard');
    await screenshot(page, `reading-trend-statutory-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('link', { name: '← Back to the industry' }).click();
    await page.waitForURL(new RegExp(`/app/industries/${ids.cement}\\?station=\\d+$`));
    await page.getByRole('link', { name: 'Compare a parameter across stations' }).click();
    await page.waitForURL(new RegExp(`/app/industries/${ids.cement}/parameter`));
    await page.locator('[role="img"][aria-label$=" by station"] svg').first().waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: '← Back to the industry' }).click();
    await page.waitForURL(`${suite.base}/app/industries/${ids.cement}`);
    await page.getByRole('link', { name: '← Back to the dashboard' }).click();
    await page.waitForURL(`${suite.base}/app/dashboard`);
    await page.getByRole('link', { name: CEMENT }).waitFor();

    expect(actedFor).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['cgwa', PORTLAND],
    ['corporate', CEMENT],
    ['partner', PORTLAND],
  ] as const)('a %s user opens an industry they read from the dashboard, without acting for it', async (who, industry) => {
    for (const viewport of VIEWPORTS) {
      const { context, page, errors, actedFor } = await open(viewport, cookies[who], '/app/dashboard');
      // The CGWA's dashboard names the industry twice (under its borewell and in the industries table): both lead to its page.
      await page.getByRole('link', { name: industry }).first().click();
      await page.waitForURL(new RegExp(`/app/industries/\\d+$`));
      await page.getByRole('heading', { level: 1, name: industry }).waitFor();
      await page.locator('#station-view').getByRole('link').first().waitFor();
      expect(await page.getByTestId('acting-tenant').innerText()).toBe(own[who]);
      expect(await activeMenuItem(page)).toBe('Dashboard');
      await screenshot(page, `reading-industry-${who}-${viewport}`);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(actedFor).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it.each(VIEWPORTS)('an industry the user does not read, and a path that is no page, answer inside the app (%s)', async (viewport) => {
    const { context, page, errors } = await open(viewport, cookies.statutory, `/app/industries/${ids.elsewhere}`);
    await page.getByRole('heading', { name: 'Industry not found' }).waitFor();
    expect(await page.getByText('Sabarmati').count()).toBe(0);
    expect(await mainMenu(page)).toEqual(['Dashboard', 'Dashboards', 'Air quality', 'Data quality', 'Alerts', 'Regulator sync', 'Devices', 'Cameras', 'Calibration', 'Compliance', 'Change requests', 'Reports', 'Scheduled reports', 'My account']);

    for (const path of ['/app/energy-meters', '/app/payments', '/app/no/such/page']) {
      await page.goto(`${suite.base}${path}`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.getByTestId('acting-tenant').innerText()).toBe(BOARD);
    }
    await screenshot(page, `app-not-found-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL(`${suite.base}/app/dashboard`);
    await page.getByRole('link', { name: CEMENT }).waitFor();
    // The one failed call is the unread industry's, answered 404 on purpose.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await context.close();
  });

  it.each(VIEWPORTS)('the public home page lists the boards by name and state, and leads to sign-in (%s)', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/');
    const boards = page.getByRole('list', { name: 'Boards' }).getByRole('listitem');
    await boards.first().waitFor();
    const texts = (await boards.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(texts).toEqual(['Gujarat Pollution Control Board Gujarat · Gandhinagar', `${BOARD} Rajasthan · Jaipur`]);
    await screenshot(page, `home-boards-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByLabel('Search boards').fill('rajasthan');
    await page.waitForURL(/q=rajasthan/);
    await expect.poll(() => boards.count()).toBe(1);
    await page.getByRole('link', { name: BOARD }).click();
    await page.waitForURL(`${suite.base}/public/dashboard/industries/${ids.board}`);
    await page.getByRole('article', { name: CEMENT }).waitFor();

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${suite.base}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORTS)('an industry page opened without ?back leads back to its board (%s)', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, `/public/dashboard/industry/${ids.cement}`);
    await page.getByRole('heading', { level: 1, name: CEMENT }).waitFor();
    await page.getByRole('link', { name: `← Industries of ${BOARD}` }).waitFor();
    await screenshot(page, `public-industry-without-back-${viewport}`);
    await page.getByRole('link', { name: `← Industries of ${BOARD}` }).click();
    await page.waitForURL(`${suite.base}/public/dashboard/industries/${ids.board}`);
    await page.getByRole('article', { name: CEMENT }).waitFor();
    await screenshot(page, `public-industries-from-industry-${viewport}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
