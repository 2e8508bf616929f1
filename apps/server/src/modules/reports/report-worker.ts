import type { FastifyBaseLogger } from 'fastify';
import { startPollingWorker, type PollingWorker } from '../../platform/jobs/polling-worker.ts';
import type { ReportJobsService } from './report-jobs.service.ts';

/**
 * Background job of the server: builds queued report jobs, sends scheduled reports when their
 * period is due (checked every `idleMs`), and deletes job files older than `fileDays` days. Its
 * state is in PostgreSQL (claims with SKIP LOCKED and leases, one run per schedule and period), so
 * any number of servers may run it and a restart loses nothing.
 */
export function startReportWorker(jobs: ReportJobsService, log: Pick<FastifyBaseLogger, 'error'>, opts: { fileDays: number; idleMs?: number }): PollingWorker {
  return startPollingWorker(
    async () => {
      // A job at a time, so a stop waits for one job only; schedules and purges once none waits.
      if (await jobs.runNextJob()) return true;
      await jobs.runDueSchedules();
      await jobs.purgeJobs(opts.fileDays);
      return false;
    },
    { idleMs: opts.idleMs ?? 5_000, onError: (error) => log.error({ err: error }, 'reports: a pass of the report worker failed; it is tried again') },
  );
}
