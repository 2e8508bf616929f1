import type { FastifyBaseLogger } from 'fastify';
import { startPollingWorker, type PollingWorker } from '../../platform/jobs/polling-worker.ts';
import type { Db } from '../../platform/database/database.ts';
import { SlotChangeFeed } from '../data/slot-changes.service.ts';
import { OversightRepository } from './oversight.repository.ts';

/** The oversight overview's name in `slot_consumer` (055_oversight.sql). */
export const OVERSIGHT_CONSUMER = 'oversight';

/**
 * Marks up to `limit` closed slots of the feed in their devices' day maps of quarters with data, in
 * the transaction that takes them off the feed; answers how many it took. Any number of servers may
 * run it (the feed hands each slot to one), and a crash leaves the slots queued.
 */
export async function markClosedSlots(db: Db, limit = 2_000): Promise<number> {
  const feed = new SlotChangeFeed(db);
  return feed.consume(OVERSIGHT_CONSUMER, limit, (trx, slots) => new OversightRepository(trx).markQuarters(slots));
}

/** Background job of the server: keeps the day maps in step with the closed-slot feed, every 2 s when idle. */
export function startOversightWorker(db: Db, log: Pick<FastifyBaseLogger, 'error'>, idleMs = 2_000, yieldTo?: () => boolean): PollingWorker {
  return startPollingWorker(async () => (await markClosedSlots(db)) >= 2_000, {
    idleMs,
    yieldTo,
    onError: (error) => log.error({ err: error }, 'oversight: marking closed slots failed; they stay queued and are tried again'),
  });
}

/**
 * Rebuilds the day maps of the tenants' devices from the 15-minute rollups since `from`, for
 * history written straight into the rollups (the demo seed), which the closed-slot feed never saw.
 */
export function rebuildDayQuarters(db: Db, tenantIds: readonly number[], from: Date): Promise<void> {
  return new OversightRepository(db).rebuildQuarters(tenantIds, from);
}
