import { describe, expect, it } from 'vitest';
import { formatInZone } from '@enviro/domain/format-date';
import { chartDrawn, horizontalOverflow, screenshot } from './portal.ts';
import { demoBoardId } from './demo-database.ts';
import { browserSuite, CEMENT, signedInUser, tenantIdNamed } from './setup.ts';

const HOUR = 3_600_000;

/**
 * Change and warranty requests in a browser against the demo (its first industry has an approved
 * maintenance window in the last day, one waiting for the board, two corrections and two warranty
 * requests with its service partner): the industry announces maintenance, the board approves it,
 * the approved window's trend, the approved correction's trend with its original values, the
 * warranty thread between industry and partner, and a 375 px phone.
 */
describe('change and warranty requests in a browser', () => {
  const cookies = { industry: '', board: '', partner: '' };

  const suite = browserSuite({
    demo: 1,
    seed: async (database) => {
      const board = await demoBoardId(database.db);
      const db = database.db;
      const tenantId = await tenantIdNamed(db, CEMENT);
      const partner = await tenantIdNamed(db, 'Marudhar Instruments (service partner)');
      cookies.industry = (await signedInUser(db, { tenantId, name: 'Arjun Admin', role: 'admin' })).cookie;
      cookies.board = (await signedInUser(db, { tenantId: board, userType: 'statutory', name: 'Bala Board', role: 'user' })).cookie;
      cookies.partner = (await signedInUser(db, { tenantId: partner, userType: 'partner', name: 'Ravi Engineer', role: 'partner' })).cookie;
    },
  });

  it('lets the industry announce maintenance and shows the approved window with its trend and history', async () => {
    const { page, errors, context } = await suite.open('desktop', '/app/change-requests', cookies.industry);
    const table = page.getByRole('table', { name: 'Change requests' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(4);

    await page.getByRole('button', { name: 'Announce maintenance' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Station' }).click();
    await page.getByRole('option').first().click();
    const start = Date.now() + 30 * HOUR;
    await page.getByLabel('Starts (IST)').fill(formatInZone(start, 'DD MMM YYYY HH:mm'));
    await page.getByLabel('Ends (IST)').fill(formatInZone(start + 4 * HOUR, 'DD MMM YYYY HH:mm'));
    await page.getByLabel('Reason').fill('Cleaning the sample line');
    await page.getByRole('button', { name: 'Send to the board' }).click();
    await page.getByText(/is sent to your board for approval/).waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);

    // A correction of two past hours of one parameter: a wrong unit, rescaled.
    await page.getByRole('button', { name: 'Ask for a correction' }).click();
    const dialog = page.getByRole('dialog');
    for (const label of ['Station', 'Analyser', 'Parameter']) {
      await dialog.getByRole('textbox', { name: label }).click();
      await page.getByRole('option').first().click();
    }
    await dialog.getByLabel('From (IST)').fill(formatInZone(Date.now() - 6 * HOUR, 'DD MMM YYYY HH:mm'));
    await dialog.getByLabel('To (IST)').fill(formatInZone(Date.now() - 4 * HOUR, 'DD MMM YYYY HH:mm'));
    await dialog.getByRole('textbox', { name: 'Multiply by' }).fill('0.8');
    await dialog.getByLabel('Reason').fill('The span was set with a wrong cylinder; readings 25 % high');
    await dialog.getByRole('button', { name: 'Send to the board' }).click();
    await page.getByText(/Correction request \d+ is sent to your board/).waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(6);

    // The approved window: filtered in the URL, opened, its trend drawn and its history listed.
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Approved' }).click();
    await page.waitForURL(/status=APPROVED/);
    // The window and the approved correction.
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await table.getByRole('link', { name: /^Maintenance \d+:/ }).click();
    await page.getByRole('heading', { name: /^Maintenance request \d+:/ }).waitFor();
    await chartDrawn(page, `${await page.locator('dd a').first().innerText()} 15-minute averages around the period`);
    // The history is the page's last table.
    const history = page.getByRole('table').last();
    await expect.poll(() => history.innerText()).toMatch(/Approved/);
    await screenshot(page, 'change-request-approved');

    // The approved correction: its period shaded as corrected on the trend, the original values a switch away (in the URL).
    await page.goBack();
    await table.getByRole('link', { name: /^Correction \d+:/ }).click();
    await page.getByRole('heading', { name: /^Correction request \d+:/ }).waitFor();
    await page.getByText(/Version 1, in force/).waitFor();
    const station = await page.locator('dd a').first().innerText();
    await chartDrawn(page, `${station} 15-minute averages around the period`);
    await page.getByRole('switch', { name: 'Show original values' }).click();
    await page.waitForURL(/original=1/);
    await page.getByText('Shown: the readings as received, before the corrections.').waitFor();
    await screenshot(page, 'correction-original');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets the board approve a waiting window with a comment', async () => {
    const { page, errors, context } = await suite.open('desktop', '/app/change-requests?status=SUBMITTED', cookies.board);
    const table = page.getByRole('table', { name: 'Change requests' });
    await table.getByRole('link', { name: 'Open to decide' }).first().click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Comment' }).fill('Agreed; keep the standby analyser running');
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await page.getByText(/is approved\.$/).waitFor();
    await expect.poll(() => page.getByRole('table').last().innerText()).toMatch(/Agreed; keep the standby analyser running/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('carries the warranty thread between the industry and its partner, the overdue one flagged', async () => {
    const industry = await suite.open('desktop', '/app/warranty-requests', cookies.industry);
    const table = industry.page.getByRole('table', { name: 'Warranty requests' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    expect(await table.locator('tbody tr').first().innerText()).toMatch(/overdue/i);
    // Both clocks of the partner's terms: resolve by, and the response.
    expect(await table.innerText()).toMatch(/Resolve by/);
    await table.getByRole('link').nth(1).click();
    await industry.page.getByRole('heading', { name: /^Warranty request \d+:/ }).waitFor();
    const url = industry.page.url();
    await industry.page.getByRole('textbox', { name: 'Comment' }).fill('The analyser is free from 14:00.');
    await industry.page.getByRole('button', { name: 'Add comment' }).click();
    await industry.page.getByText('The analyser is free from 14:00.').waitFor();
    expect(industry.errors).toEqual([]);
    await industry.context.close();

    const partner = await suite.open('desktop', new URL(url).pathname, cookies.partner);
    await partner.page.getByText('The analyser is free from 14:00.').waitFor();
    await partner.page.getByRole('button', { name: 'Mark resolved' }).click();
    await partner.page.getByRole('dialog').getByRole('textbox', { name: 'Comment' }).fill('Firmware updated, readings follow again');
    await partner.page.getByRole('dialog').getByRole('button', { name: 'Mark resolved' }).click();
    await partner.page.getByText(/made it resolved/).waitFor();
    expect(partner.errors).toEqual([]);
    await partner.context.close();
  });

  it('fits a 375 px phone', async () => {
    for (const url of ['/app/change-requests', '/app/warranty-requests']) {
      const { page, errors, context } = await suite.open('phone', url, cookies.industry);
      await page.getByRole('table').locator('tbody tr').first().waitFor();
      await screenshot(page, `${url.split('/').pop()}-phone`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
