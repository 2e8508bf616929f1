import { describe, expect, it } from 'vitest';
import { builders } from '../../server/test/builders.ts';
import { chartDrawn, horizontalOverflow, screenshot } from './portal.ts';
import { browserSuite, signedInUser } from './setup.ts';

/**
 * The calibration screen as an industry's administrator uses it: what is due, a device's start
 * with the certificate upload, its progress, finishing with the analyser's reads, aborting, the
 * history and the deviation charts; and the same page on a 375 px phone.
 */
describe('calibration screen in a browser', () => {
  let cookie = '';
  let deviceId = 0;

  const suite = browserSuite({
    seed: async (database) => {
      const build = builders(database.db);
      const tenant = await build.newTenant({ name: 'Godavari Sugar Mills' });
      const station = await build.newEntity({ tenantId: tenant.id, name: 'Boiler Stack', type: 'cems' });
      deviceId = (await build.newDevice({ tenantId: tenant.id, entityId: station.id, name: 'Thermo 43i', params: [{ name: 'so2', unit: 'ppm' }, { name: 'pm' }] })).id;
      await database.db.updateTable('device').set({ created_at: new Date(Date.now() - 100 * 86_400_000) } as never).execute();
      cookie = (await signedInUser(database.db, { tenantId: tenant.id, name: 'Arjun Admin', role: 'admin' })).cookie;
    },
    started: async ({ app }) => {
      // A span check three days ago that read 4 % low, so the history and the span chart have a point.
      const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
      const past = await app.inject({
        method: 'POST',
        url: '/api/startCalibration',
        headers,
        payload: { deviceId, type: 'SPAN', startedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(), params: [{ name: 'so2', points: [{ kind: 'SPAN', expected: 400, measured: 384 }] }] },
      });
      expect(past.statusCode).toBe(200);
      await app.inject({ method: 'POST', url: `/api/calibrate/${past.json().id}`, headers, payload: { endedAt: new Date(Date.now() - 3 * 86_400_000 + 20 * 60_000).toISOString() } });
    },
  });

  it('starts a calibration with a certificate, shows its progress, finishes and aborts one', async () => {
    const { page, errors, context } = await suite.open('desktop', '/app/calibration', cookie);
    await page.getByTestId('calibration-figures').waitFor();
    // PM was never checked and its quarterly date has passed: listed as due, its device a link.
    const due = page.getByRole('table').first();
    await expect.poll(() => due.locator('tbody tr').count()).toBeGreaterThan(0);
    await expect.poll(() => due.innerText()).toMatch(/never done/i);
    await due.getByRole('button', { name: 'Thermo 43i' }).first().click();
    await page.waitForURL(/device=/);
    // The device's name leads to its page.
    expect(await page.getByRole('link', { name: 'Thermo 43i' }).getAttribute('href')).toBe(`/app/devices/${deviceId}`);

    await page.getByRole('heading', { name: 'Start a calibration' }).waitFor();
    await page.getByText('Span', { exact: true }).first().click();
    await page.getByLabel('SO2 (ppm)').check();
    await page.getByLabel('Span gas value of SO2').fill('400');
    await page.locator('input[type="file"]').setInputFiles({ name: 'span-certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 cylinder 7741') });
    await page.getByRole('button', { name: 'Start' }).click();

    const progress = page.getByTestId('calibration-progress');
    await progress.waitFor();
    await expect.poll(() => progress.innerText()).toContain('Span calibration in progress');
    await screenshot(page, 'calibration-progress-desktop');
    await page.getByLabel('SO2 span read').fill('396');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('heading', { name: 'Start a calibration' }).waitFor();

    const history = page.getByRole('table', { name: 'Calibrations' });
    await expect.poll(() => history.locator('tbody tr').count()).toBe(2);
    await expect.poll(() => history.locator('tbody tr').first().innerText()).toContain('SO2 span -1%');
    // The certificate uploaded with the start comes back.
    const download = page.waitForEvent('download');
    await history.getByRole('button', { name: 'Download' }).first().click();
    expect((await download).suggestedFilename()).toBe('span-certificate.pdf');
    await chartDrawn(page, "Span deviation of the device's calibrations");

    // Another start, aborted.
    await page.getByLabel('SO2 (ppm)').check();
    await page.getByRole('button', { name: 'Start' }).click();
    await progress.waitFor();
    await page.getByRole('button', { name: 'Abort' }).click();
    await page.getByRole('dialog').getByLabel('Why').fill('zero gas cylinder empty');
    await page.getByRole('dialog').getByRole('button', { name: 'Abort' }).click();
    await expect.poll(() => history.locator('tbody tr').first().innerText()).toMatch(/aborted/i);
    // The tenant's own schedule: SO2's zero and span check every 7 days instead of 15.
    await page.getByLabel('so2 Zero and span every').fill('7');
    await page.getByRole('button', { name: 'Save schedules' }).click();
    await expect.poll(() => page.getByText('Zero and span every 7 d').count()).toBe(1);
    await screenshot(page, 'calibration-device-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone', async () => {
    const { page, errors, context } = await suite.open('phone', `/app/calibration?device=${deviceId}`, cookie);
    await page.getByRole('table', { name: 'Calibrations' }).locator('tbody tr').first().waitFor();
    // The test before recorded span checks only: the span chart is the one with bars.
    await chartDrawn(page, "Span deviation of the device's calibrations");
    await screenshot(page, 'calibration-device-phone');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
