import type pg from 'pg';
import type { Db } from '../../platform/database/database.ts';
import { SlotChangeRepository, type SlotChange } from './slot-changes.repository.ts';

export type { SlotChange } from './slot-changes.repository.ts';

/**
 * The closed-slot feed other modules react to (alert evaluation, the regulator outbox): every
 * 15-minute slot of a device whose readings the rollup worker (re)computed, once it closed and again
 * after late or back-filled readings changed it. A consumer is a row of `slot_consumer`, inserted by
 * the consumer's own migration, so the rollup writes its rows from then on even while no server runs
 * the consumer. No caller: background jobs use it.
 */
export class SlotChangeFeed {
  private readonly changes: SlotChangeRepository;

  /**
   * `versions`, when given, is a connection of its own for `version`: callers that read it before
   * every answer (the open API's kept answers) then do not wait behind the pool's queue of longer
   * statements to learn that nothing changed.
   */
  constructor(
    private readonly db: Db,
    private readonly versions?: pg.Pool,
  ) {
    this.changes = new SlotChangeRepository(db);
  }

  /**
   * Hands up to `limit` waiting slots of `consumer` to `handle` inside one transaction, and removes
   * them when `handle` returns; when it throws, they stay queued for the next call (of any server).
   * `handle` writes its own effects with `trx` so they commit or roll back with the removal.
   * Answers how many queued changes were taken: `limit` when more may wait. A slot changed twice
   * since the last pass is queued twice and handed to `handle` once.
   */
  async consume(consumer: string, limit: number, handle: (trx: Db, slots: readonly SlotChange[]) => Promise<void>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { slots, taken } = await this.changes.in(trx).take(consumer, limit);
      if (slots.length > 0) await handle(trx, slots);
      return taken;
    });
  }

  /** Grows with every change queued, of any slot of any tenant (`SlotChangeRepository.version`). */
  version(): Promise<string> {
    return this.versions ? SlotChangeRepository.versionOn(this.versions) : this.changes.version();
  }

  /** Changes waiting for `consumer` (for /metrics and tests). */
  backlog(consumer: string): Promise<number> {
    return this.changes.backlog(consumer);
  }
}
