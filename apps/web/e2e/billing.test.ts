import { describe, expect, it } from 'vitest';
import { activeMenuItem, horizontalOverflow, screenshot } from './portal.ts';
import { browserSuite, CEMENT, signedInUser, tenantIdNamed } from './setup.ts';

/**
 * Issue 34 in a browser, on the demo: an industry's administrator sees its plan and its paid
 * invoice (bought with a coupon), opens the select-plan page (no header, SPEC 2), raises an upgrade
 * and lands on its checkout page (no header) with the prorated amount and GST; the plan page fits a
 * 375 px phone.
 */
describe('billing in a browser', () => {
  let cookie = '';
  let siteCookie = '';
  let tenantId = 0;
  const suite = browserSuite({
    demo: 1,
    seed: async (database) => {
      tenantId = await tenantIdNamed(database.db, CEMENT);
      cookie = (await signedInUser(database.db, { tenantId, userType: 'tenant', role: 'admin', name: 'Asha Admin', password: undefined })).cookie;
      const site = await database.pool.query<{ id: number }>(`SELECT id FROM tenant WHERE type = 'site' ORDER BY id LIMIT 1`);
      siteCookie = (await signedInUser(database.db, { tenantId: site.rows[0]!.id, userType: 'site', role: 'admin', name: 'Ravi Operator', password: undefined })).cookie;
      // The IRP refused the industry's invoice on every try (the demo runs without an IRP, so its state is set here).
      await database.pool.query(
        `UPDATE invoice SET einvoice_status = 'FAILED', einvoice_attempts = 12, einvoice_error = '2150: buyer GSTIN not active' WHERE tenant_id = $1`,
        [tenantId],
      );
    },
  });

  it('shows the plan and invoices, chooses a bigger plan without the header, and checks it out', async () => {
    const { page, errors, context } = await suite.open('desktop', '/app/subscriptions', cookie);
    await page.getByRole('heading', { level: 1, name: `Billing of ${CEMENT}` }).waitFor();
    expect(await activeMenuItem(page)).toBe('Billing');
    await page.getByText('Standard (v1)').waitFor();
    await page.getByRole('tab', { name: /Invoices/ }).click();
    await page.waitForURL(/tab=invoices/);
    const invoice = page.getByRole('link', { name: /^EVI\/\d{4}\/\d{6}$/ });
    await invoice.waitFor();
    expect(await invoice.getAttribute('href')).toMatch(/^\/api\/invoices\/\d+\/pdf$/);
    const pdf = await page.request.get(`${suite.base}${await invoice.getAttribute('href')}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await screenshot(page, 'billing-invoices-desktop');

    await page.getByRole('tab', { name: 'My plan' }).click();
    await page.getByRole('link', { name: 'Change plan' }).click();
    await page.waitForURL(new RegExp(`/billing/selectplan/${tenantId}$`));
    await page.getByRole('heading', { level: 1, name: 'Choose a plan' }).waitFor();
    expect(await page.locator('header').count()).toBe(0);
    await page.getByRole('radio', { name: 'Premium' }).check();
    await page.getByLabel('Add-on stations').fill('1');
    // Premium's year and twelve months of one add-on station, as the demo prices them.
    await page.getByText('Annual price before coupon and GST: ₹1,54,400.00').waitFor();
    expect(await page.getByRole('radio', { name: 'Premium' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(new RegExp(`/billing/checkout/${tenantId}/\\d+$`));
    await page.getByText(/^Plan change: plan PREMIUM v1/).waitFor();
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.getByText(/^Rupees .* Only$/).count()).toBe(1);
    await page.getByText('Online payment is not available yet').waitFor();
    await screenshot(page, 'billing-checkout-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits the plan page on a phone', async () => {
    const { page, errors, context } = await suite.open('phone', '/app/subscriptions', cookie);
    await page.getByRole('heading', { level: 1, name: `Billing of ${CEMENT}` }).waitFor();
    await page.getByText('To pay').waitFor();
    await screenshot(page, 'billing-plan-phone');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists the e-invoices the IRP refused for the platform's administrators, on a phone too", async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, errors, context } = await suite.open(viewport, '/app/subscriptions?tab=einvoices', siteCookie);
      await page.getByRole('tab', { name: 'E-invoices', selected: true }).waitFor();
      await page.getByText('2150: buyer GSTIN not active').waitFor();
      await page.getByRole('link', { name: CEMENT }).first().waitFor();
      await screenshot(page, `billing-einvoices-${viewport}`);
      expect(await horizontalOverflow(page)).toBe(0);
      if (viewport === 'desktop') {
        // This demo server has no IRP: the operator is told so rather than left guessing.
        await page.getByRole('button', { name: 'Register again' }).click();
        await page.getByText(/E-invoicing is off on this server/).waitFor();
      }
      expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
      await context.close();
    }
  });
});
