import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_DEAD_ROWS, upkeepOf, upkeepPass } from '../src/platform/database/table-upkeep.ts';
import { createTestDatabase, type TestDatabase } from './helper.ts';

describe('upkeepOf', () => {
  const counts = (name: string, live: number, dead: number, changedSinceAnalyze = 0) => ({ name, live, dead, changedSinceAnalyze });

  it('vacuums a queue table past its dead rows whether autovacuum is on or off', () => {
    for (const autovacuum of [true, false]) {
      expect(upkeepOf(counts('slot_change', 50, QUEUE_DEAD_ROWS + 1), autovacuum)).toBe('vacuum');
      expect(upkeepOf(counts('rollup_dirty', 50, QUEUE_DEAD_ROWS), autovacuum)).toBeNull();
    }
  });

  it("leaves other tables to autovacuum when it is on, and applies autovacuum's rules with a larger base when it is off", () => {
    expect(upkeepOf(counts('reading_15m_2026_11', 100_000, 50_000, 50_000), true)).toBeNull();
    // 1,000 + 20 % of 100,000 = 21,000 dead rows.
    expect(upkeepOf(counts('reading_15m_2026_11', 100_000, 21_001), false)).toBe('vacuum');
    expect(upkeepOf(counts('reading_15m_2026_11', 100_000, 21_000), false)).toBeNull();
    // 1,000 + 10 % of 100,000 = 11,000 changed rows.
    expect(upkeepOf(counts('reading_15m_2026_11', 100_000, 0, 11_001), false)).toBe('analyze');
    expect(upkeepOf(counts('reading_15m_2026_11', 100_000, 0, 11_000), false)).toBeNull();
    // A small table is left alone.
    expect(upkeepOf(counts('alert_rule', 10, 900, 900), false)).toBeNull();
  });
});

describe('upkeepPass', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    // The server's pass is under test, not PostgreSQL's: autovacuum taking the dead rows first (it did
    // on a loaded machine) would leave the pass nothing to do.
    await sql`ALTER TABLE slot_change SET (autovacuum_enabled = false)`.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  /** The statistics of a table as the collector holds them, read outside any transaction. */
  const stats = async (table: string) =>
    (
      await sql<{ dead: string; vacuums: string }>`
        SELECT n_dead_tup AS dead, vacuum_count + autovacuum_count AS vacuums FROM pg_stat_user_tables WHERE relname = ${table}`.execute(database.db)
    ).rows[0]!;

  it('vacuums the slot feed once a queue pass has left more dead rows than its limit, and only then', async () => {
    const consumer = (await sql<{ name: string }>`SELECT name FROM slot_consumer LIMIT 1`.execute(database.db)).rows[0]!.name;
    const churn = (rows: number) =>
      database.db.connection().execute(async (c) => {
        await sql`
          INSERT INTO slot_change (tenant_id, consumer, device_id, bucket)
          SELECT 1, ${consumer}, i, '2026-11-01T00:00:00Z' FROM generate_series(1, ${rows}) i`.execute(c);
        await sql`DELETE FROM slot_change`.execute(c);
        // Else the counts reach the collector only when this connection idles (up to 10 s).
        await sql`SELECT pg_stat_force_next_flush()`.execute(c);
        await sql`SELECT 1`.execute(c);
      });

    await churn(QUEUE_DEAD_ROWS / 2);
    expect((await upkeepPass(database.db)).map((d) => d.table)).not.toContain('slot_change');
    const before = await stats('slot_change');
    // Under its limit.
    expect(Number(before.dead)).toBeLessThanOrEqual(QUEUE_DEAD_ROWS / 2);

    await churn(QUEUE_DEAD_ROWS);
    expect(await upkeepPass(database.db)).toContainEqual({ table: 'slot_change', upkeep: 'vacuum' });
    const after = await stats('slot_change');
    expect(Number(after.vacuums)).toBeGreaterThan(Number(before.vacuums));
    expect(Number(after.dead)).toBe(0);
  });
});
