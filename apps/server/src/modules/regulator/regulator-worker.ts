import type { FastifyBaseLogger } from 'fastify';
import { startPollingWorker, type PollingWorker } from '../../platform/jobs/polling-worker.ts';
import type { RegulatorOutbox } from './outbox.ts';

/**
 * Background job of the server: turns closed slots into outbox records and pushes them. Polls every
 * second when idle (the rollup worker closes slots every 2 s); busy, it goes round without pausing.
 * Everything it knows is in PostgreSQL, so a restart or a second server just carries on.
 */
export function startRegulatorWorker(outbox: RegulatorOutbox, log: Pick<FastifyBaseLogger, 'error' | 'debug'>, idleMs = 1_000): PollingWorker {
  let prunedAt = 0;
  return startPollingWorker(
    async () => {
      // Hourly, history past what the log routes read goes (settled records and attempts).
      if (Date.now() - prunedAt > 3_600_000) {
        prunedAt = Date.now();
        await outbox.prune();
      }
      const slots = await outbox.consume(2000);
      const { claimed, sent, failed } = await outbox.deliver(2000);
      if (claimed > 0) log.debug({ claimed, sent, failed }, 'regulator records pushed');
      return slots > 0 || claimed > 0;
    },
    { idleMs, onError: (error) => log.error({ err: error }, 'regulator outbox round failed; retrying') },
  );
}
