import { describe, expect, it } from 'vitest';

import type { ReportJobsService } from '../../server/src/modules/reports/report-jobs.service.ts';
import type { Mailer } from '../../server/src/platform/mail/mailer.ts';
import { activeMenuItem, horizontalOverflow, screenshot, type ViewportName } from './portal.ts';
import { browserSuite, signedInUser } from './setup.ts';

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];
const NO_MAIL: Mailer = { kind: 'log', send: async () => {}, close: async () => {} };

/**
 * The reports screens against the real server and the demo (which schedules two reports on its
 * first industry and runs them once): run a report as a job and download it, and the scheduled
 * reports with their run history.
 */
describe('reports screens in a browser', () => {
  let worker: ReportJobsService;
  let scheduleId = 0;
  let adminCookie = '';

  const suite = browserSuite({
    demo: 1,
    seed: async (database) => {
      const db = database.db;
      const schedule = await db.selectFrom('report_schedule').select(['id', 'tenant_id']).orderBy('id').executeTakeFirstOrThrow();
      scheduleId = Number(schedule.id);
      adminCookie = (await signedInUser(db, { tenantId: schedule.tenant_id, name: 'Asha Admin', role: 'admin' })).cookie;
    },
    // The test server runs no background workers: this one builds the queued jobs.
    started: async ({ app }) => (worker = app.reports.jobs.withMailer(NO_MAIL)),
  });

  it.each(VIEWPORTS)('runs a data-availability report as a job and offers its file (%s)', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/app/reports?report=35&format=CSV', adminCookie);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    if (viewport === 'desktop') expect(await activeMenuItem(page)).toBe('Reports');
    await page.getByRole('button', { name: 'Run report' }).click();
    await page.waitForURL(/job=\d+/);
    await page.getByText(/Waiting to start|Building|Ready/).waitFor();
    expect(await worker.runNextJob()).toBe(true);
    const link = page.getByRole('link', { name: /^Download Data availability report/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/api\/report-jobs\/\d+\/file$/);
    await screenshot(page, `reports-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORTS)('runs the quarterly compliance report of a chosen quarter as a PDF job (%s)', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/app/reports?report=6', adminCookie);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByText(/availability, share within limits, exceedances, calibration checks/).waitFor();
    // A quarterly report asks for a quarter, not days; the stations and parameters come from the industry.
    await page.getByRole('textbox', { name: 'Quarter (IST)' }).waitFor();
    expect(await page.getByLabel('From (IST)').count()).toBe(0);
    await page.getByPlaceholder('All stations').waitFor();
    await page.getByRole('button', { name: 'Run report' }).click();
    await page.waitForURL(/job=\d+/);
    expect(await worker.runNextJob()).toBe(true);
    const link = page.getByRole('link', { name: /^Download Quarterly compliance report .*\.pdf$/ });
    await link.waitFor();
    await screenshot(page, `reports-quarterly-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORTS)("shows the industry's letterhead logo in the settings, with an upload for its administrator (%s)", async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/app/settings', adminCookie);
    await page.getByRole('heading', { name: 'Report letterhead logo' }).waitFor();
    // The demo's first industry has a logo: the image loads from the logo route.
    const img = page.getByRole('img', { name: 'Current logo' });
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(192);
    await page.getByRole('button', { name: 'Upload logo' }).waitFor();
    await screenshot(page, `settings-logo-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORTS)('lists the scheduled reports with the run history of one (%s)', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, `/app/reports/scheduled?schedule=${scheduleId}`, adminCookie);
    await page.getByRole('heading', { name: 'Scheduled reports', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Scheduled reports' }).getByText('Daily data availability').waitFor();
    const history = page.getByRole('region', { name: 'Run history' }).or(page.getByLabel('Run history'));
    await history.getByText('sent').first().waitFor();
    await screenshot(page, `scheduled-reports-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
