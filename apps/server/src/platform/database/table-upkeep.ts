import type { FastifyBaseLogger } from 'fastify';
import { startPollingWorker, type PollingWorker } from '../jobs/polling-worker.ts';
import type { Db } from './database.ts';
import { TableUpkeepRepository, type TableCounts } from './table-upkeep.repository.ts';

/**
 * Tables used as queues: each row lives seconds (written by one transaction, deleted by the next), so
 * under load their dead rows outnumber the live ones a hundredfold within minutes, and every take
 * (`ORDER BY ... LIMIT ... SKIP LOCKED`) or conflict check walks the dead index entries. Autovacuum,
 * even when on, looks at a table once a minute (autovacuum_naptime) at best: too seldom for them.
 */
export const QUEUE_TABLES: readonly string[] = ['slot_change', 'rollup_dirty'];

/** Dead rows past which a queue table is vacuumed. */
export const QUEUE_DEAD_ROWS = 10_000;

export type Upkeep = 'vacuum' | 'analyze';

/**
 * What a table needs: queue tables always by QUEUE_DEAD_ROWS; every other table only when the
 * database's autovacuum is off, by autovacuum's own default rules (vacuum past 50 + 20 % of the live
 * rows dead, analyze past 50 + 10 % changed) with a larger base, so that small tables are left alone.
 */
export function upkeepOf(table: TableCounts, autovacuum: boolean): Upkeep | null {
  if (QUEUE_TABLES.includes(table.name)) return table.dead > QUEUE_DEAD_ROWS ? 'vacuum' : null;
  if (autovacuum) return null;
  if (table.dead > 1_000 + 0.2 * table.live) return 'vacuum';
  if (table.changedSinceAnalyze > 1_000 + 0.1 * table.live) return 'analyze';
  return null;
}

/**
 * Vacuums (and analyzes) or analyzes the tables of the current schema that need it, one statement
 * at a time on pool connections; answers what it did. Any number of servers may run it.
 */
export async function upkeepPass(db: Db): Promise<{ table: string; upkeep: Upkeep }[]> {
  const tables = new TableUpkeepRepository(db);
  const autovacuum = await tables.autovacuumOn();
  const done: { table: string; upkeep: Upkeep }[] = [];
  for (const counts of await tables.counts()) {
    const upkeep = upkeepOf(counts, autovacuum);
    if (!upkeep) continue;
    await (upkeep === 'vacuum' ? tables.vacuum(counts.name) : tables.analyze(counts.name));
    done.push({ table: counts.name, upkeep });
  }
  return done;
}

/**
 * Background job of the server: every `idleMs`, keeps the queue tables small and, where the database
 * runs without autovacuum, the other tables vacuumed and their statistics current.
 */
export function startTableUpkeepWorker(db: Db, log: Pick<FastifyBaseLogger, 'error' | 'debug'>, idleMs = 10_000): PollingWorker {
  return startPollingWorker(
    async () => {
      const done = await upkeepPass(db);
      if (done.length > 0) log.debug({ done }, 'table upkeep');
      return false;
    },
    { idleMs, onError: (error) => log.error({ err: error }, 'table upkeep failed; tried again later') },
  );
}

/** Tells the operator, once at start, that the database's autovacuum is off and what the server does about it. */
export async function warnIfAutovacuumOff(db: Db, log: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
  if (!(await new TableUpkeepRepository(db).autovacuumOn())) {
    log.warn('autovacuum is off in this database: the server vacuums and analyzes its own tables every 10 s instead, which PostgreSQL does better; turn it on');
  }
}
