import type { CreateReportJob, CreateReportSchedule, ReportJob, ReportSchedule } from '@enviro/contracts/report-catalogue';
import type { ReportFormat } from '@enviro/contracts/reports';
import type { z } from 'zod';
import { assertSignedIn, reportTenant, scopeTenantIds } from '../../platform/access/access.ts';
import type { AccessStores } from '../../platform/access/access-stores.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { backgroundUserAuth } from '../../platform/access/session.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { recordAudit, userActor } from '../../platform/audit/audit-trail.ts';
import { assertTenantHasFeature, tenantsWithFeature } from '../tenants/tenants.queries.ts';
import type { ReportCatalogueService, RunParams } from './report-catalogue.service.ts';
import { reportDefinition } from './report-definitions.ts';
import { ReportJobsRepository, type JobRow } from './report-jobs.repository.ts';
import { quarterLabel } from './quarterly-compliance-report.ts';
import { duePeriod, type Frequency } from './schedule-period.ts';

/** Attempts of a scheduled run before it stays failed; minutes between them. */
export const MAX_RUN_ATTEMPTS = 3;
export const RETRY_MINUTES = 10;

const toJob = (r: JobRow): ReportJob => ({
  id: Number(r.id),
  reportId: r.report_id,
  format: r.format as ReportFormat,
  status: r.status as ReportJob['status'],
  percent: r.percent,
  rows: r.rows_done,
  error: r.error,
  fileName: r.file_name,
  createdAt: r.created_at.toISOString(),
  finishedAt: r.finished_at?.toISOString() ?? null,
});

type ScheduleRow = Awaited<ReturnType<ReportJobsRepository['schedule']>> & {};
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const toSchedule = (s: ScheduleRow, names: ReadonlyMap<number, string>): ReportSchedule => {
  const p = s.params as { entityIds?: number[]; params?: string[] };
  return {
    id: Number(s.id),
    tenantId: s.tenant_id,
    tenantName: names.get(s.tenant_id) ?? `Tenant ${s.tenant_id}`,
    name: s.name,
    reportId: s.report_id,
    format: s.format as ReportFormat,
    entityIds: p.entityIds ?? [],
    params: p.params ?? [],
    frequency: s.frequency as Frequency,
    time: hhmm(s.at_minute),
    recipients: s.recipients,
    enabled: s.enabled,
  };
};

/** Report jobs (long reports in the background) and scheduled e-mail reports (issue 14). */
export class ReportJobsService {
  private readonly repo: ReportJobsRepository;
  constructor(
    private readonly db: Db,
    private readonly catalogue: ReportCatalogueService,
    private readonly mailer: Mailer,
    /** Whose rights a job runs with: the access stores the requests are resolved with. */
    private readonly stores: AccessStores,
  ) {
    this.repo = new ReportJobsRepository(db);
  }

  /** The same service sending its mails through another mailer (the demo seed's, a test's). */
  withMailer(mailer: Mailer): ReportJobsService {
    return new ReportJobsService(this.db, this.catalogue, mailer, this.stores);
  }

  /** Queues a report; the caller polls it. The tenant is checked now so the job cannot fail on access. */
  async createJob(auth: Auth, body: z.output<typeof CreateReportJob>): Promise<ReportJob> {
    const tenantId = reportTenant(auth, body.request.tenantId, 'body.request.tenantId');
    const def = reportDefinition(body.reportId);
    if (!def) throw badRequest('body.reportId', `no report with id ${body.reportId}`);
    // A quarterly report's dates are checked now, so the job cannot fail on them later.
    if (def.period === 'quarter') quarterLabel(body.request.startDate, body.request.endDate);
    // A report over many industries (36) covers those the caller read when it was queued.
    const readTenantIds = body.reportId === 36 && body.request.tenantId === undefined ? scopeTenantIds(auth) : [tenantId];
    const row = await this.repo.createJob({ tenantId, userId: auth.kind === 'user' ? auth.userId : null, reportId: body.reportId, format: body.format, params: { ...body.request, readTenantIds } });
    return toJob(row);
  }

  async job(auth: Auth, id: number): Promise<ReportJob> {
    const readable = scopeTenantIds(auth);
    const row = await this.repo.job(readable, id);
    if (!row) throw notFound(`No report job with id= ${id} exists`);
    return toJob(row);
  }

  async jobs(auth: Auth): Promise<ReportJob[]> {
    const readable = scopeTenantIds(auth);
    return (await this.repo.jobs(readable, auth.kind === 'user' ? auth.userId : null, 50)).map(toJob);
  }

  async jobFile(auth: Auth, id: number) {
    const readable = scopeTenantIds(auth);
    const row = await this.repo.jobFile(readable, id);
    if (!row) throw notFound(`No report job with id= ${id} exists`);
    if (row.status !== 'done' || !row.content) throw badRequest('params.id', `the report is ${row.status}, not ready to download`);
    return { fileName: row.file_name!, contentType: row.content_type!, content: row.content };
  }

  /**
   * Builds the next queued report (or one a crashed server left), recording progress as it goes;
   * answers whether there was one. Runs with the rights its asker has now (a user limited to some
   * stations gets those only), or of a reader of the job's tenant when an API key asked.
   */
  async runNextJob(): Promise<boolean> {
    const job = await this.repo.claimJob();
    if (!job) return false;
    const { readTenantIds, ...params } = job.params as RunParams & { readTenantIds?: number[] };
    try {
      const auth = await this.runAs(job.user_id === null ? null : Number(job.user_id), job.tenant_id, readTenantIds);
      const file = await this.catalogue.file(auth, job.report_id, job.format as ReportFormat, { ...params, tenantId: params.tenantId ?? (job.report_id === 36 ? undefined : job.tenant_id) }, (rows, share) =>
        this.repo.jobProgress(job, Math.round(share * 100), rows),
      );
      await this.repo.finishJob(job, file);
    } catch (error) {
      await this.repo.finishJob(job, { error: error instanceof Error ? error.message : String(error) });
    }
    return true;
  }

  purgeJobs(days: number): Promise<number> {
    return this.repo.purgeJobs(days);
  }

  // Schedules ---------------------------------------------------------------------------------

  async schedules(auth: Auth): Promise<ReportSchedule[]> {
    const readable = scopeTenantIds(auth);
    const rows = await this.repo.schedules(readable);
    const names = await this.repo.tenantNames(rows.map((r) => r.tenant_id));
    return rows.map((r) => toSchedule(r, names));
  }

  async createSchedule(auth: Auth, body: z.output<typeof CreateReportSchedule>): Promise<ReportSchedule> {
    const user = assertSignedIn(auth);
    const tenantId = reportTenant(auth, body.tenantId, 'body.tenantId');
    const def = reportDefinition(body.reportId);
    if (!def) throw badRequest('body.reportId', `no report with id ${body.reportId}`);
    if (def.period === 'quarter' && body.frequency !== 'quarterly') throw badRequest('body.frequency', `${def.name} covers a calendar quarter: schedule it quarterly`);
    await assertTenantHasFeature(this.db, tenantId, 'scheduledReports');
    const [h, m] = body.time.split(':').map(Number) as [number, number];
    const names = await this.repo.tenantNames([tenantId]);
    return this.db.transaction().execute(async (trx) => {
      const row = await this.repo.in(trx).createSchedule({
        tenantId,
        name: body.name,
        reportId: body.reportId,
        format: body.format,
        // A report over many industries (36) covers those the creator read when it was scheduled.
        params: { entityIds: body.entityIds, params: body.params, ...(body.reportId === 36 ? { readTenantIds: scopeTenantIds(auth) } : {}) },
        frequency: body.frequency,
        atMinute: h * 60 + m,
        recipients: body.recipients,
        enabled: body.enabled,
        createdBy: user.userId,
      });
      await recordAudit(trx, { tenantId, actor: userActor(user).name, actorUserId: user.userId, action: 'report_schedule.create', entity: `report_schedule:${row.id}`, before: null, after: toSchedule(row, names) });
      return toSchedule(row, names);
    });
  }

  async deleteSchedule(auth: Auth, id: number): Promise<void> {
    const user = assertSignedIn(auth);
    const row = await this.repo.schedule(auth.tenantIds, id);
    if (!row) throw notFound(`No scheduled report with id= ${id} exists`);
    const names = await this.repo.tenantNames([row.tenant_id]);
    await this.db.transaction().execute(async (trx) => {
      await this.repo.in(trx).deleteSchedule(row.tenant_id, id);
      await recordAudit(trx, { tenantId: row.tenant_id, actor: userActor(user).name, actorUserId: user.userId, action: 'report_schedule.delete', entity: `report_schedule:${id}`, before: toSchedule(row, names), after: null });
    });
  }

  async runs(auth: Auth, id: number) {
    const readable = scopeTenantIds(auth);
    const row = await this.repo.schedule(readable, id);
    if (!row) throw notFound(`No scheduled report with id= ${id} exists`);
    return (await this.repo.runs(row.tenant_id, id, 100)).map((r) => ({
      id: Number(r.id),
      scheduleId: Number(r.schedule_id),
      periodStart: r.period_start,
      periodEnd: r.period_end,
      status: r.status as 'running' | 'sent' | 'failed',
      attempts: r.attempts,
      error: r.error,
      startedAt: r.started_at.toISOString(),
      sentAt: r.sent_at?.toISOString() ?? null,
    }));
  }

  /**
   * Sends every enabled schedule's report for its latest due period that was not sent yet; answers
   * how many were sent. Any number of servers may call it at once: the run's unique key
   * (schedule, period) lets one of them take a period. Schedules of a tenant whose subscription has
   * expired wait unclaimed (a premium feature, docs/SUBSCRIPTIONS.md): once it renews, the period
   * then due is sent.
   */
  async runDueSchedules(now = Date.now()): Promise<number> {
    let sent = 0;
    const schedules = await this.repo.enabledSchedules();
    const names = await this.repo.tenantNames(schedules.map((s) => s.tenant_id));
    const paying = await tenantsWithFeature(this.db, schedules.map((s) => s.tenant_id), 'scheduledReports');
    for (const s of schedules) {
      if (!paying.has(s.tenant_id)) continue;
      const period = duePeriod(s.frequency as Frequency, s.at_minute, now);
      const run = await this.repo.claimRun(s.id, s.tenant_id, period.start, period.end, MAX_RUN_ATTEMPTS);
      if (!run) continue;
      try {
        const p = s.params as { entityIds?: number[]; params?: string[]; readTenantIds?: number[] };
        const auth = await this.runAs(s.created_by === null ? null : Number(s.created_by), s.tenant_id, p.readTenantIds);
        const file = await this.catalogue.file(auth, s.report_id, s.format as ReportFormat, {
          ...(s.report_id === 36 ? {} : { tenantId: s.tenant_id }),
          entityIds: p.entityIds ?? [],
          params: p.params ?? [],
          startDate: period.start,
          endDate: period.end,
        });
        // A board's or partner's desk receives many industries' reports: each names its industry.
        const industry = names.get(s.tenant_id) ?? `Tenant ${s.tenant_id}`;
        const about = s.report_id === 36 ? `the industries of ${industry}` : industry;
        for (const to of s.recipients) {
          await this.mailer.send({
            to,
            subject: `${about}: ${s.name}, ${period.start} to ${period.end}`,
            text: `The scheduled report "${s.name}" of ${about} for ${period.start} to ${period.end} (IST) is attached.`,
            html: `<p>The scheduled report <b>${escapeHtml(s.name)}</b> of <b>${escapeHtml(about)}</b> for ${period.start} to ${period.end} (IST) is attached.</p>`,
            attachments: [{ filename: file.fileName, content: file.content, contentType: file.contentType }],
          });
        }
        await this.repo.finishRun(s.tenant_id, run.id, { sent: true });
        sent++;
      } catch (error) {
        await this.repo.finishRun(s.tenant_id, run.id, { error: error instanceof Error ? error.message : String(error), retryInMinutes: RETRY_MINUTES });
      }
    }
    return sent;
  }

  /**
   * Whose rights a job or a schedule's run has: its user's as they are now, narrowed to the tenants
   * they read when they asked; an API key's job reads its tenant.
   */
  private async runAs(userId: number | null, tenantId: number, readTenantIds: readonly number[] | undefined): Promise<Auth> {
    const narrowTo = readTenantIds ?? [tenantId];
    if (userId === null) return { kind: 'apiKey', tenantId, tenantIds: narrowTo };
    const auth = await backgroundUserAuth(this.stores.sessions, this.stores.directory, userId, tenantId, narrowTo);
    if (!auth) throw new Error('The user who asked for this report may no longer sign in or read this industry.');
    return auth;
  }

  async userEmail(userId: number): Promise<string | null> {
    return this.repo.userEmail(userId);
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
