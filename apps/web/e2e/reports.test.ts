import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ReportJobsService } from '../../server/src/modules/reports/report-jobs.service.ts';
import type { Mailer } from '../../server/src/platform/mail/mailer.ts';
import { newUser } from '../../server/test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../server/test/helper.ts';
import { sessionCookie } from '../../server/test/sessions.ts';
import { activeMenuItem, closeAll, horizontalOverflow, launchBrowser, openAt, screenshot, seedDemoData, startServer, type ViewportName } from './portal.ts';

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];
const NO_MAIL: Mailer = { kind: 'log', send: async () => {}, close: async () => {} };

/**
 * The reports screens against the real server and the demo (which schedules two reports on its
 * first industry and runs them once): run a report as a job and download it, and the scheduled
 * reports with their run history.
 */
describe('reports screens in a browser', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let browser: Browser;
  let worker: ReportJobsService;
  let scheduleId = 0;
  let adminCookie = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database, { days: 1 });
    const db = database.db;
    const schedule = await db.selectFrom('report_schedule').select(['id', 'tenant_id']).orderBy('id').executeTakeFirstOrThrow();
    scheduleId = Number(schedule.id);
    const admin = await newUser(db, { tenantId: schedule.tenant_id, name: 'Asha Admin', role: 'admin' });
    adminCookie = await sessionCookie(db, schedule.tenant_id, admin.id);
    // The test server runs no background workers: this one builds the queued jobs.
    ({ app, base } = await startServer(database));
    worker = app.reports.jobs.withMailer(NO_MAIL);
    browser = await launchBrowser();
  });
  afterAll(async () => closeAll({ browser, app, database }));

  it.each(VIEWPORTS)('runs a data-availability report as a job and offers its file (%s)', async (viewport) => {
    const { context, page, errors } = await openAt(browser, base, viewport, '/app/reports?report=35&format=CSV', adminCookie);
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
    const { context, page, errors } = await openAt(browser, base, viewport, '/app/reports?report=6', adminCookie);
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
    const { context, page, errors } = await openAt(browser, base, viewport, '/app/settings', adminCookie);
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
    const { context, page, errors } = await openAt(browser, base, viewport, `/app/reports/scheduled?schedule=${scheduleId}`, adminCookie);
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
