import type { FastifyBaseLogger } from 'fastify';
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

export interface OversightWorker {
  stop(): Promise<void>;
}

/** Background job of the server: keeps the day maps in step with the closed-slot feed, every 2 s when idle. */
export function startOversightWorker(db: Db, log: Pick<FastifyBaseLogger, 'error'>, idleMs = 2_000): OversightWorker {
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
        if ((await markClosedSlots(db)) < 2_000) await sleep();
      } catch (error) {
        log.error({ err: error }, 'oversight: marking closed slots failed; they stay queued and are tried again');
        await sleep();
      }
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

/**
 * Rebuilds the day maps of the tenants' devices from the 15-minute rollups since `from`, for
 * history written straight into the rollups (the demo seed), which the closed-slot feed never saw.
 */
export function rebuildDayQuarters(db: Db, tenantIds: readonly number[], from: Date): Promise<void> {
  return new OversightRepository(db).rebuildQuarters(tenantIds, from);
}
