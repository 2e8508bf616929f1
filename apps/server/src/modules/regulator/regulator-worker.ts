import type { FastifyBaseLogger } from 'fastify';
import { startPollingWorker, type PollingWorker } from '../../platform/jobs/polling-worker.ts';
import type { Db } from '../../platform/database/database.ts';
import type { CredentialVault } from './credentials.ts';
import { RegulatorOutbox, type OutboxOptions } from './outbox.ts';

export interface RegulatorWorker {
  outbox: RegulatorOutbox;
  /** Finishes the round in progress and stops. */
  stop(): Promise<void>;
}

/**
 * Background job of the server: turns closed slots into outbox records and pushes them. Polls every
 * second when idle (the rollup worker closes slots every 2 s); busy, it goes round without pausing.
 * Everything it knows is in PostgreSQL, so a restart or a second server just carries on.
 */
export function startRegulatorWorker(db: Db, vault: CredentialVault, log: Pick<FastifyBaseLogger, 'error' | 'debug'>, options: OutboxOptions & { idleMs?: number } = {}): RegulatorWorker {
  const idleMs = options.idleMs ?? 1_000;
  const outbox = new RegulatorOutbox(db, vault, options);
  let prunedAt = 0;
  const worker = startPollingWorker(
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
  return { outbox, stop: () => worker.stop() };
}
