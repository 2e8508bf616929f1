import { sql } from 'kysely';
import { Repository } from './repository.ts';

/** One table's row counts as PostgreSQL's statistics last reported them. */
export interface TableCounts {
  name: string;
  live: number;
  dead: number;
  /** Rows inserted, updated or deleted since it was last analyzed. */
  changedSinceAnalyze: number;
}

/**
 * PostgreSQL's own upkeep of the current schema's tables: their statistics, VACUUM and ANALYZE.
 * VACUUM cannot run inside a transaction: never bind this repository to one.
 */
export class TableUpkeepRepository extends Repository {
  async autovacuumOn(): Promise<boolean> {
    const { rows } = await sql<{ on: boolean }>`SELECT current_setting('autovacuum')::boolean AS on`.execute(this.db);
    return rows[0]!.on;
  }

  /** The schema's tables that hold rows (a partitioned table holds none; its partitions are listed). */
  async counts(): Promise<TableCounts[]> {
    const { rows } = await sql<{ name: string; live: string; dead: string; changed: string }>`
      SELECT s.relname AS name, s.n_live_tup AS live, s.n_dead_tup AS dead, s.n_mod_since_analyze AS changed
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = current_schema() AND c.relkind = 'r'`.execute(this.db);
    return rows.map((r) => ({ name: r.name, live: Number(r.live), dead: Number(r.dead), changedSinceAnalyze: Number(r.changed) }));
  }

  /** SKIP_LOCKED: a table another server (or autovacuum) is doing is skipped, not waited for. */
  async vacuum(table: string): Promise<void> {
    await sql`VACUUM (SKIP_LOCKED, ANALYZE) ${sql.table(table)}`.execute(this.db);
  }

  async analyze(table: string): Promise<void> {
    await sql`ANALYZE (SKIP_LOCKED) ${sql.table(table)}`.execute(this.db);
  }
}
