import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { tenantRows } from '../tenants/tenants.queries.ts';

/** How long a server holds a claimed job or run before another may take it over (a crash). */
const LEASE = '5 minutes';

export interface JobRow {
  id: string;
  tenant_id: number;
  user_id: string | null;
  report_id: number;
  format: string;
  params: Record<string, unknown>;
  status: string;
  percent: number;
  rows_done: number;
  error: string | null;
  file_name: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** What names one job: its tenant leads the key. */
type JobKey = Pick<JobRow, 'tenant_id' | 'id'>;

const JOB_COLUMNS = ['id', 'tenant_id', 'user_id', 'report_id', 'format', 'params', 'status', 'percent', 'rows_done', 'error', 'file_name', 'created_at', 'finished_at'] as const;

/** Report jobs, schedules and their runs (060_reports.sql). */
export class ReportJobsRepository extends Repository {
  async createJob(j: { tenantId: number; userId: number | null; reportId: number; format: string; params: unknown }): Promise<JobRow> {
    return (await this.db
      .insertInto('report_job')
      .values({ tenant_id: j.tenantId, user_id: j.userId, report_id: j.reportId, format: j.format, params: JSON.stringify(j.params), error: null, file_name: null, content_type: null, content: null, leased_until: null, finished_at: null })
      .returning(JOB_COLUMNS)
      .executeTakeFirstOrThrow()) as JobRow;
  }

  /** A job of one of `tenantIds` (the tenant leads the key: docs/STORAGE.md, "Distribution by tenant"). */
  async job(tenantIds: readonly number[], id: number): Promise<JobRow | undefined> {
    if (tenantIds.length === 0) return undefined;
    return (await this.db.selectFrom('report_job').select(JOB_COLUMNS).where('tenant_id', 'in', [...tenantIds]).where('id', '=', String(id)).executeTakeFirst()) as JobRow | undefined;
  }

  async jobs(tenantIds: readonly number[], userId: number | null, limit: number): Promise<JobRow[]> {
    if (tenantIds.length === 0) return [];
    let q = this.db.selectFrom('report_job').select(JOB_COLUMNS).where('tenant_id', 'in', [...tenantIds]);
    if (userId !== null) q = q.where('user_id', '=', String(userId));
    return (await q.orderBy('id', 'desc').limit(limit).execute()) as JobRow[];
  }

  async jobFile(tenantIds: readonly number[], id: number) {
    if (tenantIds.length === 0) return undefined;
    return this.db.selectFrom('report_job').select(['tenant_id', 'status', 'file_name', 'content_type', 'content']).where('tenant_id', 'in', [...tenantIds]).where('id', '=', String(id)).executeTakeFirst();
  }

  /** Claims the oldest queued job, or a running one whose server stopped renewing its lease. */
  async claimJob(): Promise<JobRow | undefined> {
    const { rows } = await sql<JobRow>`
      UPDATE report_job SET status = 'running', leased_until = now() + ${LEASE}::interval
      WHERE (tenant_id, id) = (
        SELECT tenant_id, id FROM report_job
        WHERE status = 'queued' OR (status = 'running' AND leased_until < now())
        ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, tenant_id, user_id, report_id, format, params, status, percent, rows_done, error, file_name, created_at, finished_at`.execute(this.db);
    return rows[0];
  }

  async jobProgress(job: JobKey, percent: number, rows: number): Promise<void> {
    await this.db.updateTable('report_job').set({ percent, rows_done: rows, leased_until: sql`now() + ${LEASE}::interval` }).where('tenant_id', '=', job.tenant_id).where('id', '=', job.id).execute();
  }

  async finishJob(job: JobKey, r: { fileName: string; contentType: string; content: Buffer; rows: number } | { error: string }): Promise<void> {
    const values =
      'error' in r
        ? { status: 'failed', error: r.error, finished_at: new Date(), leased_until: null }
        : { status: 'done', percent: 100, rows_done: r.rows, file_name: r.fileName, content_type: r.contentType, content: r.content, finished_at: new Date(), leased_until: null };
    await this.db.updateTable('report_job').set(values).where('tenant_id', '=', job.tenant_id).where('id', '=', job.id).execute();
  }

  /** Drops finished jobs' files older than `days` days; answers how many. */
  async purgeJobs(days: number): Promise<number> {
    const r = await this.db.deleteFrom('report_job').where('finished_at', '<', sql<Date>`now() - make_interval(days => ${days})`).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  // Schedules ---------------------------------------------------------------------------------

  async createSchedule(s: { tenantId: number; name: string; reportId: number; format: string; params: unknown; frequency: string; atMinute: number; recipients: string[]; enabled: boolean; createdBy: number | null }) {
    return this.db
      .insertInto('report_schedule')
      .values({ tenant_id: s.tenantId, name: s.name, report_id: s.reportId, format: s.format, params: JSON.stringify(s.params), frequency: s.frequency, at_minute: s.atMinute, recipients: s.recipients, enabled: s.enabled, created_by: s.createdBy })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async schedules(tenantIds: readonly number[]) {
    if (tenantIds.length === 0) return [];
    return this.db.selectFrom('report_schedule').selectAll().where('tenant_id', 'in', [...tenantIds]).orderBy('id').execute();
  }

  /** The names of tenants, by id: a schedule names its industry wherever it is shown or sent. */
  async tenantNames(tenantIds: readonly number[]): Promise<Map<number, string>> {
    if (tenantIds.length === 0) return new Map();
    const rows = await this.db.selectFrom(tenantRows(this.db).as('tenant')).select(['id', 'name']).where('id', 'in', [...new Set(tenantIds)]).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async schedule(tenantIds: readonly number[], id: number) {
    if (tenantIds.length === 0) return undefined;
    return this.db.selectFrom('report_schedule').selectAll().where('tenant_id', 'in', [...tenantIds]).where('id', '=', String(id)).executeTakeFirst();
  }

  async deleteSchedule(tenantId: number, id: number): Promise<void> {
    await this.db.deleteFrom('report_schedule').where('tenant_id', '=', tenantId).where('id', '=', String(id)).execute();
  }

  async enabledSchedules() {
    return this.db.selectFrom('report_schedule').selectAll().where('enabled', '=', true).execute();
  }

  /**
   * Starts the run of a schedule for a period, or takes over a failed one due for a retry or a
   * stale running one; answers nothing when the period's run is sent, retried later, or held by
   * another server. The unique (schedule, period) key means a period is never sent twice.
   */
  async claimRun(scheduleId: string, tenantId: number, periodStart: string, periodEnd: string, maxAttempts: number) {
    const { rows } = await sql<{ id: string; attempts: number }>`
      INSERT INTO report_schedule_run (schedule_id, tenant_id, period_start, period_end, status, attempts, leased_until)
      VALUES (${scheduleId}, ${tenantId}, ${periodStart}::date, ${periodEnd}::date, 'running', 1, now() + ${LEASE}::interval)
      ON CONFLICT (tenant_id, schedule_id, period_start) DO UPDATE
        SET status = 'running', attempts = report_schedule_run.attempts + 1, leased_until = now() + ${LEASE}::interval, error = NULL
        WHERE report_schedule_run.attempts < ${maxAttempts}
          AND ((report_schedule_run.status = 'failed' AND report_schedule_run.next_try_at <= now())
            OR (report_schedule_run.status = 'running' AND report_schedule_run.leased_until < now()))
      RETURNING id, attempts`.execute(this.db);
    return rows[0];
  }

  async finishRun(tenantId: number, id: string, r: { sent: true } | { error: string; retryInMinutes: number }): Promise<void> {
    const values =
      'sent' in r
        ? { status: 'sent', sent_at: new Date(), leased_until: null }
        : { status: 'failed', error: r.error, next_try_at: sql<Date>`now() + make_interval(mins => ${r.retryInMinutes})`, leased_until: null };
    await this.db.updateTable('report_schedule_run').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  async runs(tenantId: number, scheduleId: number, limit: number) {
    return this.db
      .selectFrom('report_schedule_run')
      .select(['id', 'schedule_id', sql<string>`to_char(period_start, 'YYYY-MM-DD')`.as('period_start'), sql<string>`to_char(period_end, 'YYYY-MM-DD')`.as('period_end'), 'status', 'attempts', 'error', 'started_at', 'sent_at'])
      .where('tenant_id', '=', tenantId)
      .where('schedule_id', '=', String(scheduleId))
      .orderBy('period_start', 'desc')
      .limit(limit)
      .execute();
  }

  /** The tenant's first user of a role (the demo queues jobs as its administrator). */
  async firstUserId(tenantId: number, role: string): Promise<number | null> {
    const row = await this.db.selectFrom('app_user').select('id').where('tenant_id', '=', tenantId).where('role', '=', role).orderBy('id').executeTakeFirst();
    return row ? Number(row.id) : null;
  }

  async failedJobs(tenantId: number): Promise<{ report_id: number; error: string | null }[]> {
    return this.db.selectFrom('report_job').select(['report_id', 'error']).where('tenant_id', '=', tenantId).where('status', '=', 'failed').execute();
  }

  async userEmail(userId: number): Promise<string | null> {
    const row = await this.db.selectFrom('app_user').select('user_name').where('id', '=', String(userId)).executeTakeFirst();
    return row?.user_name ?? null;
  }
}
