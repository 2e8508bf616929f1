import { describe, expect, it } from 'vitest';
import { storedReadings } from './readings.ts';
import { useTestApp } from './test-app.ts';

/**
 * The writer keeps two commits in flight (batch-writer.ts): a batch held up in PostgreSQL (here a
 * device row locked by another transaction) does not hold up the next batch, and is still
 * acknowledged only once it commits.
 */
describe('ingestion commits in flight', () => {
  const ctx = useTestApp();
  const post = (token: string, payload: unknown) => ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: payload as object });

  it('commits another batch while one waits on a lock, and answers the waiting one after its commit', async () => {
    const held = await ctx.b.newStationDevice();
    const free = await ctx.b.newStationDevice();
    const locker = await ctx.database.pool.connect();
    try {
      await locker.query('BEGIN');
      // The batch raises the device's last_data_at, so it waits for this lock.
      await locker.query('SELECT 1 FROM device WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [held.tenantId, held.id]);
      let heldAnswered = false;
      const waiting = post(held.accessToken, { pm: 1 }).then((res) => {
        heldAnswered = true;
        return res;
      });
      await new Promise((r) => setTimeout(r, 300));
      const res = await post(free.accessToken, { pm: 2 });
      expect(res.statusCode).toBe(200);
      expect((await storedReadings(ctx.database.pool, free.id)).map((r) => r.vals)).toEqual([[2, null]]);
      expect(heldAnswered).toBe(false);
      expect(await storedReadings(ctx.database.pool, held.id)).toEqual([]);
      await locker.query('ROLLBACK');
      expect((await waiting).statusCode).toBe(200);
      expect((await storedReadings(ctx.database.pool, held.id)).map((r) => r.vals)).toEqual([[1, null]]);
    } finally {
      locker.release();
    }
  });
});
