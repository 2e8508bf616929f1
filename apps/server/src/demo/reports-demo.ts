import type { Db } from '../platform/database/database.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { upsertBillingAddress } from '../modules/reports/report-catalogue.repository.ts';
import { ReportCatalogueService } from '../modules/reports/report-catalogue.service.ts';
import { ReportJobsRepository } from '../modules/reports/report-jobs.repository.ts';
import { ReportJobsService } from '../modules/reports/report-jobs.service.ts';

/**
 * Reports of the demo (issue 14): billing addresses printed on the industries' PDF reports, and on
 * the first industry a daily data-availability report and a monthly averages report scheduled for
 * its environment officer, each run once for its latest period so the history shows a run. The
 * demo has no SMTP server: the seed's mailer writes what it would send to the seed log.
 */
export async function seedDemoReports(db: Db, tenantIds: readonly number[], log: (m: string) => void): Promise<number> {
  for (const [i, tenantId] of tenantIds.entries()) {
    await upsertBillingAddress(db, { tenantId, ownerKind: 'tenant', ownerId: tenantId, line1: `Plot ${12 + i}, RIICO Industrial Area`, city: 'Kota', state: 'Rajasthan', pincode: '324007' });
  }
  const first = tenantIds[0];
  if (first === undefined) return 0;
  const repo = new ReportJobsRepository(db);
  for (const s of [
    { name: 'Daily data availability', reportId: 35, format: 'PDF', frequency: 'daily', atMinute: 7 * 60 },
    { name: 'Monthly averages', reportId: 2, format: 'XLS', frequency: 'monthly', atMinute: 9 * 60 },
  ]) {
    await repo.createSchedule({ tenantId: first, ...s, params: { entityIds: [], params: [] }, recipients: ['env.officer@demo.example'], enabled: true, createdBy: null });
  }
  const mailer: Mailer = {
    kind: 'log',
    async send(m) {
      log(`scheduled report mail (not sent: demo) to ${m.to}: ${m.subject}, ${m.attachments?.map((a) => `${a.filename} ${a.content.length} bytes`).join(', ')}`);
    },
    async close() {},
  };
  return new ReportJobsService(db, new ReportCatalogueService(db), mailer).runDueSchedules();
}
