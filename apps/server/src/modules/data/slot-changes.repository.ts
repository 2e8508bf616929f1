import { sql } from 'kysely';
import type pg from 'pg';
import { Repository } from '../../platform/database/repository.ts';

/** A closed 15-minute slot of one device whose readings were (re)computed by the rollup worker. */
export interface SlotChange {
  tenantId: number;
  deviceId: string;
  /** The slot's start; it covers [bucket, bucket + 15 minutes). */
  bucket: Date;
}

/** The queue of closed slots per consumer (019_slot_changes_and_suppression.sql), written by the rollup worker. */
export class SlotChangeRepository extends Repository {
  /**
   * A number that grows whenever a change is queued for any consumer: late readings, corrections,
   * limits and maintenance windows all queue one. It is a sequence's value, taken before the change
   * commits, so a reader may see it a moment early: caches keyed by it also expire by time.
   */
  async version(): Promise<string> {
    const { rows } = await sql<{ v: string }>`SELECT last_value::text AS v FROM slot_change_seq_seq`.execute(this.db);
    return rows[0]?.v ?? '0';
  }

  /** `version`, read on a pool of its own (SlotChangeFeed's `versions`). */
  static async versionOn(pool: pg.Pool): Promise<string> {
    const { rows } = await pool.query<{ v: string }>('SELECT last_value::text AS v FROM slot_change_seq_seq');
    return rows[0]?.v ?? '0';
  }

  /**
   * Takes up to `limit` of the consumer's queued changes, oldest first, locked for the caller's
   * transaction (SKIP LOCKED: another server takes others), and deletes them; the caller's rollback
   * puts them back. A slot queued more than once among them is handed out once. Answers the slots
   * and how many changes were taken (`limit` taken: more may wait).
   */
  async take(consumer: string, limit: number): Promise<{ slots: SlotChange[]; taken: number }> {
    const { rows } = await sql<{ tenant_id: number; device_id: string; bucket: Date }>`
      DELETE FROM slot_change s
      USING (
        SELECT tenant_id, seq FROM slot_change
        WHERE consumer = ${consumer}
        ORDER BY changed_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ) t
      WHERE s.tenant_id = t.tenant_id AND s.seq = t.seq
      RETURNING s.tenant_id, s.device_id::text AS device_id, s.bucket`.execute(this.db);
    const slots = new Map(rows.map((r) => [`${r.tenant_id}:${r.device_id}:${r.bucket.getTime()}`, { tenantId: r.tenant_id, deviceId: r.device_id, bucket: r.bucket }]));
    return { slots: [...slots.values()].sort((a, b) => a.bucket.getTime() - b.bucket.getTime()), taken: rows.length };
  }

  /** Changes waiting for the consumer (a slot changed twice counts twice). */
  async backlog(consumer: string): Promise<number> {
    const row = await this.db
      .selectFrom('slot_change')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('consumer', '=', consumer)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
