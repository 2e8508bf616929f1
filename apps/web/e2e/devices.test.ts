import { describe, expect, it } from 'vitest';
import { builders } from '../../server/test/builders.ts';
import { horizontalOverflow, screenshot, type ViewportName } from './portal.ts';
import { browserSuite, signedInUser } from './setup.ts';

/** The wavelengths the spectral analyser reads, nm. */
const WAVELENGTHS = [200, 220, 254, 280, 320, 400];

/** The devices screens (issue 13) in Chromium: the fleet list with its URL state, a device's page, the CSV upload. */
describe('devices screens in a browser', () => {
  const session = { admin: '', user: '', site: '' };
  let deviceId = 0;
  let probeId = 0;
  let probeToken = '';

  const suite = browserSuite({
    seed: async (database) => {
      const build = builders(database.db);
      const tenant = await build.newTenant({ name: 'Godavari Sugar Mills' });
      const stack1 = await build.newEntity({ tenantId: tenant.id, type: 'cems', name: 'Boiler Stack 1' });
      await build.newEntity({ tenantId: tenant.id, type: 'cems', name: 'Boiler Stack 2' });
      const d = await build.newDevice({ tenantId: tenant.id, entityId: stack1.id, name: 'SO2 analyser', serialNo: 'GSM-SO2-01', make: 'Thermo Fisher', model: '43i' });
      deviceId = d.id;
      for (let i = 1; i <= 30; i++) await build.newDevice({ tenantId: tenant.id, entityId: stack1.id, name: `Flow meter ${String(i).padStart(2, '0')}`, params: [{ name: 'flow' }] });
      // A spectral analyser with its own temperature, reporting over the last hour: the spectrum and diagnostics charts.
      const etp = await build.newEntity({ tenantId: tenant.id, type: 'eqms', name: 'ETP Outlet' });
      const probe = await build.newDevice({
        tenantId: tenant.id,
        entityId: etp.id,
        name: 'UV-Vis probe',
        params: [...WAVELENGTHS.map((nm) => ({ name: `device_absorbance_${nm}nm` })), { name: 'device_temperature' }],
      });
      probeId = probe.id;
      probeToken = probe.accessToken;
      const partner = await build.newTenant({ name: 'Field Services', type: 'partner' });
      await database.pool.query(`INSERT INTO partner_tenant (tenant_id, partner_id) VALUES ($1, $2)`, [tenant.id, partner.id]);
      const siteTenant = await build.newTenant({ name: 'Operations', type: 'site' });
      session.site = (await signedInUser(database.db, { tenantId: siteTenant.id, name: 'Sita Site', userType: 'site', role: 'operations' })).cookie;
      session.admin = (await signedInUser(database.db, { tenantId: tenant.id, name: 'Arjun Admin', role: 'admin' })).cookie;
      session.user = (await signedInUser(database.db, { tenantId: tenant.id, name: 'Gita User', role: 'user' })).cookie;
    },
    started: async ({ base }) => {
      const now = Date.now();
      const readings = Array.from({ length: 60 }, (_, i) => ({
        ts: now - (59 - i) * 60_000,
        values: { ...Object.fromEntries(WAVELENGTHS.map((nm) => [`device_absorbance_${nm}nm`, Math.round(1600 * Math.exp(-(nm - 200) / 70) + i) / 1000])), device_temperature: 30 + (i % 7) / 2 },
      }));
      expect((await fetch(`${base}/api/v1/${probeToken}/telemetry`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(readings) })).status).toBe(200);
      const gateway = await fetch(`${base}/api/gateways`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.admin, 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ name: 'Plant gateway' }),
      });
      expect(gateway.status).toBe(201);
    },
  });

  it.each<ViewportName>(['desktop', 'phone'])('lists, searches and pages the fleet with the choices in the URL (%s)', async (viewport) => {
    const { page, context, errors } = await suite.open(viewport, '/app/devices', session.admin);
    const rows = page.getByRole('table', { name: 'Devices' }).locator('tbody tr');
    await page.getByRole('link', { name: 'Flow meter 24' }).waitFor();
    expect(await rows.count()).toBe(25);
    await page.getByRole('button', { name: 'New device' }).waitFor();
    await screenshot(page, `devices-list-${viewport}`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('thermo');
    await page.waitForURL(/search=thermo/);
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('link', { name: 'SO2 analyser' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])("shows a device's parameters, token and history to its administrator, and uploads a CSV (%s)", async (viewport) => {
    const { page, context } = await suite.open(viewport, `/app/devices/${deviceId}`, session.admin);
    await page.getByRole('heading', { name: 'SO2 analyser' }).waitFor();
    await page.getByText('Mount history').waitFor();
    const token = await page.getByTestId('access-token').textContent();
    expect(token).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    await page.getByText('Availability, last 14 days').waitFor();
    await screenshot(page, `device-detail-${viewport}`);
    if (viewport === 'desktop') {
      await page.locator('input[type=file]').setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from('ts,pm,so2\n2026-03-01T10:00:00+05:30,12.5,3\nnot-a-time,1,1\n') });
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByText('1 rows stored, 1 new or changed, 1 refused').waitFor();
      await page.getByText('Line 3').waitFor();
      await screenshot(page, 'device-import-desktop');
      await page.getByRole('button', { name: 'New token' }).click();
      await page.getByText('New token issued; the old one no longer works.').waitFor();
      await expect.poll(async () => page.getByTestId('access-token').textContent()).not.toBe(token);
    }
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])('edits the station tree, refusing a station past the licence (%s)', async (viewport) => {
    const { page, context } = await suite.open(viewport, '/app/devices?tab=stations', session.admin);
    await page.getByRole('treeitem', { name: 'Boiler Stack 1' }).waitFor();
    if (viewport === 'desktop') {
      await page.getByRole('button', { name: 'New node' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Boiler Stack 3');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.getByText('the licence of this industry covers 0 cems stations').waitFor();
      await dialog.getByRole('textbox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'group', exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Boiler House');
      await dialog.getByRole('textbox', { name: 'Capacity' }).fill('12 MW');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.getByText('Capacity must be a number').waitFor();
      await dialog.getByRole('textbox', { name: 'Capacity' }).fill('12');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('treeitem', { name: 'Boiler House' }).waitFor();
    }
    await screenshot(page, `stations-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  });

  it('shows an industry user the device without its token or any change button', async () => {
    const { page, context } = await suite.open('desktop', `/app/devices/${deviceId}`, session.user);
    await page.getByRole('heading', { name: 'SO2 analyser' }).waitFor();
    await page.getByText('Mount history').waitFor();
    expect(await page.getByTestId('access-token').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Upload' }).count()).toBe(0);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])("draws a spectral analyser's latest spectrum and its diagnostics (%s)", async (viewport) => {
    const { page, context, errors } = await suite.open(viewport, `/app/devices/${probeId}`, session.user);
    await page.getByRole('heading', { name: 'UV-Vis probe' }).waitFor();
    await page.getByRole('heading', { name: 'Spectrum' }).waitFor();
    await page.getByRole('img', { name: 'Absorbance by wavelength, latest reading' }).locator('svg').waitFor();
    await page.getByRole('heading', { name: 'Diagnostics, last 24 hours' }).waitFor();
    await page.getByRole('img', { name: 'Device Temperature of the device over the last 24 hours' }).locator('svg').waitFor();
    await page.getByText('320 nm').first().waitFor();
    await screenshot(page, `device-spectrum-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])("opens a device's diagnostics over a period from its page: health charts and a wavelength in time (%s)", async (viewport) => {
    const { page, context, errors } = await suite.open(viewport, `/app/devices/${probeId}`, session.user);
    await page.getByRole('link', { name: 'Diagnostic charts over time' }).click();
    await page.waitForURL(new RegExp(`/app/devices/${probeId}/diagnostics$`));
    await page.getByRole('heading', { name: 'Diagnostics of UV-Vis probe' }).waitFor();
    // The SPEC 2 presets, and the period the readings answer at once.
    await page.getByRole('heading', { name: 'Device health' }).waitFor();
    await page.getByRole('img', { name: 'Device Temperature of the device over the period' }).locator('svg').waitFor();
    await page.getByRole('heading', { name: 'Spectrum over time' }).waitFor();
    await page.getByRole('img', { name: 'Absorbance 200 nm of the analyser over the period' }).locator('svg').waitFor();
    await page.getByRole('textbox', { name: 'Wavelength' }).click();
    await page.getByRole('option', { name: '320 nm' }).click();
    await page.getByRole('img', { name: 'Absorbance 320 nm of the analyser over the period' }).locator('svg').waitFor();
    await screenshot(page, `device-diagnostics-${viewport}`);
    if (viewport === 'desktop') {
      // The chart's table holds the hour of readings the probe sent.
      await page.getByText('Table', { exact: true }).last().click();
      await expect.poll(() => page.getByRole('table').last().locator('tbody tr').count()).toBe(60);
    }
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links to diagnostics only from a device that reports some', async () => {
    const { page, context } = await suite.open('desktop', `/app/devices/${deviceId}`, session.user);
    await page.getByText('Mount history').waitFor();
    expect(await page.getByRole('link', { name: 'Diagnostic charts over time' }).count()).toBe(0);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])("counts gateways, by service partner for a site user, the partner in the URL (%s)", async (viewport) => {
    const { page, context, errors } = await suite.open(viewport, '/app/devices?tab=gateways', session.site);
    await page.getByRole('cell', { name: 'Plant gateway', exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('gateway-total').textContent()).toBe('1');
    await page.getByRole('textbox', { name: 'Service partner' }).click();
    await page.getByRole('option', { name: 'Field Services' }).click();
    await page.waitForURL(/partner=\d+/);
    await expect.poll(() => page.getByRole('textbox', { name: 'Service partner' }).inputValue()).toBe('Field Services');
    await expect.poll(() => page.getByTestId('gateway-total').textContent()).toBe('1');
    await screenshot(page, `gateways-site-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
