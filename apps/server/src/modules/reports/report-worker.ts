import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/database/database.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { ReportCatalogueService } from './report-catalogue.service.ts';
import { ReportJobsService } from './report-jobs.service.ts';

export interface ReportWorker {
  stop(): Promise<void>;
}

/**
 * Background job of the server: builds queued report jobs, sends scheduled reports when their
 * period is due (checked every `idleMs`), and deletes job files older than `fileDays` days. Its
 * state is in PostgreSQL (claims with SKIP LOCKED and leases, one run per schedule and period), so
 * any number of servers may run it and a restart loses nothing.
 */
export function startReportWorker(db: Db, mailer: Mailer, log: Pick<FastifyBaseLogger, 'error'>, opts: { fileDays: number; idleMs?: number }): ReportWorker {
  const jobs = new ReportJobsService(db, new ReportCatalogueService(db), mailer);
  const idleMs = opts.idleMs ?? 5_000;
  let stopped = false;
  let wake: (() => void) | undefined;
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, idleMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    while (!stopped) {
      try {
        while (!stopped && (await jobs.runNextJob()));
        await jobs.runDueSchedules();
        await jobs.purgeJobs(opts.fileDays);
      } catch (error) {
        log.error({ err: error }, 'reports: a pass of the report worker failed; it is tried again');
      }
      if (!stopped) await sleep();
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
