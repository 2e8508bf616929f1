import { ReportCatalogueService } from '../src/modules/reports/report-catalogue.service.ts';
import { ReportJobsService } from '../src/modules/reports/report-jobs.service.ts';
import { createMailer } from '../src/platform/mail/mailer.ts';
import type { TestApp } from './test-app.ts';

/**
 * Two "servers" running the report jobs and schedules over the test's database, mailing through
 * its in-process SMTP server: what one sends, the other must not send again. Close the mailer.
 */
export function twoReportServers(ctx: TestApp) {
  const mailer = createMailer({ host: '127.0.0.1', port: ctx.mail.port, secure: false, ignoreTLS: true }, 'reports@enviro.example', ctx.app.log);
  const server = () => ctx.app.reports.jobs.withMailer(mailer);
  return { mailer, a: server(), b: server() };
}
