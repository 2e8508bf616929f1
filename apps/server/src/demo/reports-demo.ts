import type { FastifyInstance } from 'fastify';
import { gstinCheckChar } from '@enviro/domain/subscriptions/gst';
import { addDays, dayOf, DEFAULT_TIME_ZONE } from '@enviro/domain/time-zone';
import type { Db } from '../platform/database/database.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { upsertBillingAddress } from '../modules/reports/report-catalogue.repository.ts';

import { ReportJobsRepository } from '../modules/reports/report-jobs.repository.ts';

import { periodContaining } from '../modules/reports/schedule-period.ts';

import { demoLogo } from './demo-logo.ts';

/**
 * Reports of the demo (issue 14): billing addresses printed on the industries' PDF reports, the
 * first industry's letterhead logo, and on it four scheduled reports for its environment officer
 * (daily data availability, monthly averages, weekly exceedances, the quarterly compliance report),
 * each run once for its latest period so the history shows a run, and a finished job of each report
 * built from other modules' records (exceedances, uptime, calibration, this quarter's compliance)
 * queued by its administrator. The demo has no SMTP server: the seed's mailer writes what it
 * would send to the seed log.
 */
export async function seedDemoReports(db: Db, app: Pick<FastifyInstance, 'documents' | 'reports'>, tenantIds: readonly number[], log: (m: string) => void): Promise<{ schedules: number; sent: number; jobs: number }> {
  for (const [i, tenantId] of tenantIds.entries()) {
    // Registered businesses (a Rajasthan GSTIN each): their invoices are B2B, so e-invoiced when the demo runs with the IRP double (EINVOICE_URL).
    const first14 = `08AABC${'ABCDEFGHJK'[i % 10]}${String(1001 + i).slice(-4)}K1Z`;
    await upsertBillingAddress(db, { tenantId, ownerKind: 'tenant', ownerId: tenantId, line1: `Plot ${12 + i}, RIICO Industrial Area`, city: 'Kota', state: 'Rajasthan', pincode: '324007', gstin: `${first14}${gstinCheckChar(first14)}` });
  }
  const first = tenantIds[0];
  if (first === undefined) return { schedules: 0, sent: 0, jobs: 0 };
  await app.documents.logos.putTenantLogo(first, 'letterhead.png', demoLogo());
  const repo = new ReportJobsRepository(db);
  for (const s of [
    { name: 'Daily data availability', reportId: 35, format: 'PDF', frequency: 'daily', atMinute: 7 * 60 },
    { name: 'Monthly averages', reportId: 2, format: 'XLS', frequency: 'monthly', atMinute: 9 * 60 },
    { name: 'Weekly exceedances', reportId: 3, format: 'XLS', frequency: 'weekly', atMinute: 8 * 60 },
    { name: 'Quarterly compliance report', reportId: 6, format: 'PDF', frequency: 'quarterly', atMinute: 10 * 60 },
  ] as const) {
    await repo.createSchedule({ tenantId: first, ...s, params: { entityIds: [], params: [] }, recipients: ['env.officer@demo.example'], enabled: true, createdBy: null });
  }
  const mailer: Mailer = {
    kind: 'log',
    async send(m) {
      log(`scheduled report mail (not sent: demo) to ${m.to}: ${m.subject}, ${m.attachments?.map((a) => `${a.filename} ${a.content.length} bytes`).join(', ')}`);
    },
    async close() {},
  };
  const service = app.reports.jobs.withMailer(mailer);
  const sent = await service.runDueSchedules();
  const admin = await repo.firstUserId(first, 'admin');
  const today = dayOf(Date.now(), DEFAULT_TIME_ZONE);
  // The last 30 IST days to today: the demo's history, with the alerts of its last day.
  const month = { startDate: addDays(today, -29), endDate: today };
  const quarter = periodContaining('quarterly', today);
  for (const [reportId, format, period] of [
    [3, 'PDF', month],
    [4, 'XLS', month],
    [5, 'PDF', month],
    [6, 'PDF', { startDate: quarter.start, endDate: quarter.end }],
  ] as const) {
    await repo.createJob({ tenantId: first, userId: admin, reportId, format, params: { tenantId: first, entityIds: [], params: [], ...period, readTenantIds: [first] } });
  }
  let jobs = 0;
  while (await service.runNextJob()) jobs++;
  for (const f of await repo.failedJobs(first)) log(`report job ${f.report_id} failed: ${f.error}`);
  return { schedules: 4, sent, jobs };
}
