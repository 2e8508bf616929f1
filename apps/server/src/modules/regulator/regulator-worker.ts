import type { FastifyBaseLogger } from 'fastify';
import { startPollingWorker, type PollingWorker } from '../../platform/jobs/polling-worker.ts';
import type { RegulatorOutbox } from './outbox.ts';

/**
 * Background job of the server: turns closed slots into outbox records and keeps pushes going. Each
 * pass starts what the connections' free shares allow without waiting for the pushes in flight, so a
 * connection whose endpoint hangs (15 s per request) holds only its own share while the others go on;
 * with every share taken it waits for a push to settle, idle it polls every second (a retry goes out
 * at most a second after its backoff). Everything it knows is in PostgreSQL, so a restart or a second
 * server just carries on.
 */
export function startRegulatorWorker(outbox: RegulatorOutbox, log: Pick<FastifyBaseLogger, 'error' | 'debug'>, idleMs = 1_000): PollingWorker {
  let prunedAt = 0;
  let expiredAt = 0;
  let consumedAt = 0;
  const poller = startPollingWorker(
    async () => {
      // Hourly, history past what the log routes read goes (settled records and attempts).
      if (Date.now() - prunedAt > 3_600_000) {
        prunedAt = Date.now();
        await outbox.prune();
      }
      if (Date.now() - expiredAt > 10_000) {
        expiredAt = Date.now();
        await outbox.expire();
      }
      // The feed is read at most every half second while pushes keep the loop busy: a pass that
      // starts a few freed pushes should not pay for a feed transaction each time.
      let slots = 0;
      if (Date.now() - consumedAt > 500) {
        consumedAt = Date.now();
        slots = await outbox.consume(2000);
      }
      const started = await outbox.dispatch(2000);
      for (const push of started) push.catch((error: unknown) => log.error({ err: error }, 'regulator push outcome not written; the lease runs out and it goes again'));
      if (started.length > 0) log.debug({ started: started.length, inFlight: outbox.inFlight }, 'regulator pushes started');
      if (slots > 0 || started.length > 0) return true;
      if (outbox.inFlight === 0) return false;
      await outbox.anySettled(idleMs);
      // Let the pushes finishing about now settle too, so the next claim takes several at once.
      await new Promise((r) => setTimeout(r, 10));
      return true;
    },
    { idleMs, onError: (error) => log.error({ err: error }, 'regulator outbox round failed; retrying') },
  );
  return {
    async stop() {
      await poller.stop();
      await outbox.stop();
    },
  };
}
