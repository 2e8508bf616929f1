import type { FastifyBaseLogger } from 'fastify';
import { startPollingWorker, type PollingWorker } from '../../platform/jobs/polling-worker.ts';
import type { Db } from '../../platform/database/database.ts';
import type { SuppressionWindowService } from '../devices/suppression-windows.service.ts';
import type { NotifierDeps } from './alert-notifier.ts';
import { AlertNotifier } from './alert-notifier.ts';
import { AlertEvaluator } from './alert-evaluation.ts';

/**
 * Closed slots evaluated in one pass (one transaction). A pass costs a fixed dozen statements (the
 * feed's take, series, mounts, rules, windows) besides its slots: during a flushed backlog, passes of
 * 500 paid them forty times a run of the alerts bench. Live, a pass holds what closed since the last.
 */
const PASS_SLOTS = 2_000;

export interface AlertsWorkerOptions {
  /** Pause between passes when nothing was waiting. */
  idleMs?: number;
  /** How often silent devices are looked for (DATA_LOSS). */
  lossEveryMs?: number;
  /** How often the CPCB default rules and escalations are completed. */
  defaultsEveryMs?: number;
}

/**
 * Background job of the server for alerts: evaluates the closed slots the rollup worker queued
 * ('alerts' consumer), looks for silent devices, completes the CPCB defaults, escalates and sends.
 * Every step keeps its state in PostgreSQL (the feed, episodes, escalation state, outbox) and locks
 * with SKIP LOCKED, so any number of servers may run it and a kill -9 loses nothing.
 */
export function startAlertsWorker(db: Db, windows: SuppressionWindowService, deps: NotifierDeps, log: Pick<FastifyBaseLogger, 'error' | 'debug'>, options: AlertsWorkerOptions = {}): PollingWorker {
  const idleMs = options.idleMs ?? 1_000;
  const lossEveryMs = options.lossEveryMs ?? 60_000;
  const defaultsEveryMs = options.defaultsEveryMs ?? 300_000;
  const evaluator = new AlertEvaluator(db, windows);
  const notifier = new AlertNotifier(db, deps);
  let lastLoss = 0;
  let lastDefaults = 0;
  // Each step on its own: one failing (say the mail server) must not hold back the others.
  const step = async (name: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      log.error({ err: error }, `alerts: ${name} failed; retrying on the next pass`);
    }
  };

  return startPollingWorker(
    async () => {
      let busy = false;
      const now = Date.now();
      if (now - lastDefaults >= defaultsEveryMs) {
        lastDefaults = now;
        await step('CPCB defaults', () => evaluator.ensureDefaults());
      }
      await step('evaluation', async () => {
        busy = (await evaluator.run(PASS_SLOTS)) >= PASS_SLOTS;
      });
      if (now - lastLoss >= lossEveryMs) {
        lastLoss = now;
        await step('data loss', () => evaluator.checkDataLoss());
      }
      await step('notifications', () => notifier.tick());
      return busy;
    },
    { idleMs, onError: (error) => log.error({ err: error }, 'alerts: a pass failed; retrying') },
  );
}
