import { addDays, dayOf, DEFAULT_TIME_ZONE } from '@enviro/domain/time-zone';
import { describe, expect, it } from 'vitest';
import { paintPng } from '../../server/src/demo/demo-logo.ts';
import { drainRollups } from '../../server/src/modules/data/rollups.ts';
import { builders } from '../../server/test/builders.ts';
import { chartDrawn, horizontalOverflow, screenshot } from './portal.ts';
import { browserSuite, signedInUser } from './setup.ts';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

/**
 * The documents screen as an industry's administrator uses it: a PDF uploaded to a station, listed
 * and downloaded, a program renamed .pdf refused in words, a new version; the consents with their
 * expiry badges and a new consent whose expiry precedes its issue refused on its field; and the
 * same page on a 375 px phone.
 */
describe('documents screen in a browser', () => {
  let cookie = '';
  let stationId = 0;
  let tenantId = 0;
  let kilnId = 0;

  const suite = browserSuite({
    seed: async (database) => {
      const build = builders(database.db);
      const tenant = await build.newTenant({ name: 'Godavari Sugar Mills' });
      tenantId = tenant.id;
      const station = await build.newEntity({ tenantId: tenant.id, name: 'Boiler Stack', type: 'cems' });
      stationId = station.id;
      cookie = (await signedInUser(database.db, { tenantId: tenant.id, name: 'Arjun Admin', role: 'admin' })).cookie;
      // India's days, as the page counts them (UTC's date is a day behind from 00:00 to 05:30 IST).
      const day = (n: number) => addDays(dayOf(Date.now(), DEFAULT_TIME_ZONE), n);
      await database.db
        .withTables<{ consent: { tenant_id: number; entity_id: number; kind: string; number: string; issued_by: string; issued_on: string; expires_on: string } }>()
        .insertInto('consent')
        .values([
          { tenant_id: tenant.id, entity_id: station.id, kind: 'CTO', number: 'MPCB/CTO/1', issued_by: 'Maharashtra PCB', issued_on: day(-1800), expires_on: day(-10) },
          { tenant_id: tenant.id, entity_id: station.id, kind: 'NOC', number: 'CGWA/NOC/7', issued_by: 'CGWA', issued_on: day(-300), expires_on: day(20) },
        ])
        .execute();
    },
    started: async ({ app, database }) => {
      const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
      const template = await app.inject({ method: 'POST', url: '/api/measure-templates', headers, payload: { name: 'Quarterly stack monitoring', fields: [{ paramName: 'pm', unit: 'mg/Nm3', method: 'USEPA Method 17' }] } });
      expect(template.statusCode).toBe(200);
      const result = await app.inject({ method: 'POST', url: '/api/measure-data', headers, payload: { templateId: template.json().id, entityId: stationId, sampledAt: new Date(Date.now() - 86_400_000).toISOString(), lab: 'EnviroLabs Jaipur', values: [{ paramName: 'pm', value: 31.5 }] } });
      expect(result.statusCode).toBe(200);
      // A second stack with an analyser: its lab result is drawn over its PM trend.
      const kiln = await builders(database.db).newEntity({ tenantId, name: 'Kiln Stack', type: 'cems' });
      kilnId = kiln.id;
      const analyser = await builders(database.db).newDevice({ tenantId, entityId: kiln.id, params: [{ name: 'pm' }] });
      const sampledAt = Math.floor((Date.now() - 6 * 3_600_000) / 60_000) * 60_000;
      const readings = Array.from({ length: 120 }, (_, i) => ({ ts: sampledAt - 60 * 60_000 + i * 60_000, values: { pm: 30 + (i % 3) } }));
      expect((await app.inject({ method: 'POST', url: `/api/v1/${analyser.accessToken}/telemetry`, payload: readings })).statusCode).toBe(200);
      await drainRollups(database);
      const kilnResult = await app.inject({ method: 'POST', url: '/api/measure-data', headers, payload: { templateId: template.json().id, entityId: kiln.id, sampledAt: new Date(sampledAt).toISOString(), durationMinutes: 30, lab: 'EnviroLabs Jaipur', values: [{ paramName: 'pm', value: 44 }] } });
      expect(kilnResult.statusCode, kilnResult.body).toBe(200);
      const logo = paintPng(64, 32, (x) => (x < 32 ? 0x1b7f5a : 0xffffff));
      const uploaded = await app.inject({ method: 'POST', url: `/api/add-logo/tenant/${tenantId}`, headers, payload: { fileName: 'godavari.png', content: logo.toString('base64') } });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    },
  });

  it('uploads, lists, refuses a renamed program and keeps versions; shows consents by their expiry', async () => {
    const { page, errors, context } = await suite.open('desktop', '/app/documents', cookie);
    // The industry's letterhead logo heads the app too, beside its name.
    const logo = page.getByRole('banner').getByRole('img', { name: 'Godavari Sugar Mills logo' });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await page.getByRole('heading', { name: 'Upload a document' }).waitFor();
    await page.getByText('No documents yet.').waitFor();

    await page.locator('input[type="file"]').setInputFiles({ name: 'setup.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]) });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('a Windows program (.exe or .dll), whatever its name says', { exact: false }).waitFor();

    await page.locator('input[type="file"]').setInputFiles({ name: 'stack-test.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByLabel('Title').fill('Stack test Q3');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const table = page.getByRole('table', { name: 'Documents' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.innerText()).toContain('stack-test.pdf');
    const download = page.waitForEvent('download');
    await table.getByRole('link', { name: 'stack-test.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('stack-test.pdf');

    await table.getByRole('button', { name: 'Stack test Q3' }).click();
    await page.waitForURL(/doc=\d+/);
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'stack-test-v2.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF, Buffer.from('% v2\n')]) });
    await dialog.getByRole('button', { name: 'Upload version' }).click();
    await expect.poll(() => dialog.getByRole('table', { name: 'Versions' }).locator('tbody tr').count()).toBe(2);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Consents (CTO, NOC)' }).click();
    await page.waitForURL(/tab=consents/);
    const consents = page.getByRole('table', { name: 'Consents' });
    await expect.poll(() => consents.textContent()).toContain('Expired 10 days ago');
    expect(await consents.textContent()).toContain('Expires in 20 days');
    await screenshot(page, 'documents-consents-desktop');

    await page.getByLabel('Number').fill('MPCB/CTO/2');
    await page.getByLabel('Issued by').fill('Maharashtra PCB');
    await page.getByLabel('Issued on').fill('2026-06-01');
    await page.getByLabel('Valid until').fill('2026-05-01');
    await page.getByRole('button', { name: 'Record' }).click();
    await page.getByText('must not be before the day it was issued').waitFor();
    // Days read in the app's one format, never the browser's mm/dd/yyyy.
    expect(await page.getByLabel('Issued on').inputValue()).toBe('01 Jun 2026');
    await screenshot(page, 'documents-consent-form-desktop');
    // The two refusals above, and nothing else.
    expect(errors).toEqual(Array(2).fill('Failed to load resource: the server responded with a status of 400 (Bad Request)'));
    await context.close();
  });

  it("shows a station's lab results, with no continuous data to compare them with", async () => {
    const { page, errors, context } = await suite.open('desktop', `/app/documents?tab=measurements&station=${stationId}`, cookie);
    const table = page.getByRole('table', { name: 'Manual measurements' });
    await expect.poll(() => table.textContent()).toContain('31.5 mg/Nm3');
    expect(await table.textContent()).toContain('no continuous data');
    await page.getByRole('heading', { name: 'Enter lab results' }).waitFor();
    // The same result beside the station's PM trend.
    await page.goto(`${suite.base}/app/dashboard/details?entityId=${stationId}&paramId=pm`);
    const beside = page.getByRole('table', { name: 'Lab results beside the trend' });
    await expect.poll(() => beside.textContent()).toContain('31.5 mg/Nm3');
    expect(await page.getByRole('link', { name: 'All lab results of this station' }).getAttribute('href')).toBe(`/app/documents?tab=measurements&station=${stationId}`);
    // Over a trend with the analyser's data, the result is a point of its own on the chart, named in the legend.
    await page.goto(`${suite.base}/app/dashboard/details?entityId=${kilnId}&paramId=pm&time=1d-ago`);
    await chartDrawn(page, 'PM at Kiln Stack');
    const chart = page.locator('[role="img"][aria-label="PM at Kiln Stack"]');
    await expect.poll(() => chart.locator('svg text').filter({ hasText: /^Lab results$/ }).count()).toBe(1);
    await screenshot(page, 'lab-result-on-trend-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone', async () => {
    const { page, errors, context } = await suite.open('phone', '/app/documents?tab=consents', cookie);
    await page.getByRole('table', { name: 'Consents' }).waitFor();
    await screenshot(page, 'documents-consents-phone');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
