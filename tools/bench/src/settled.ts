import type pg from 'pg';
import { round } from './stats.ts';

/**
 * Waits until the server's background work has caught up: no closed 15-minute bucket waiting for
 * its rollup, and no closed slot queued for the feed's consumers (all of them, or those named).
 * Answers the seconds since `since` (performance.now()). A figure taken before this measures the
 * request beside a server still catching up on seeded history, not the request.
 */
export async function settled(pool: pg.Pool, since = performance.now(), consumers?: readonly string[], timeoutMs = 15 * 60_000): Promise<number> {
  for (;;) {
    const { rows } = await pool.query<{ dirty: number; queued: number }>(
      `SELECT (SELECT count(*)::int FROM rollup_dirty WHERE bucket < enviro_bucket15(now())) AS dirty,
              (SELECT count(*)::int FROM slot_change WHERE $1::text[] IS NULL OR consumer = ANY($1::text[])) AS queued`,
      [consumers ? [...consumers] : null],
    );
    if (rows[0]!.dirty === 0 && rows[0]!.queued === 0) return round((performance.now() - since) / 1000);
    if (performance.now() - since > timeoutMs) throw new Error(`background work not caught up after ${timeoutMs / 1000} s: ${rows[0]!.dirty} rollups, ${rows[0]!.queued} slots queued`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
