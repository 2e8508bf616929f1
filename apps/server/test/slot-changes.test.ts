import { describe, expect, it } from 'vitest';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { SlotChangeFeed } from '../src/modules/data/slot-changes.service.ts';
import { isSuppressed, SuppressionWindowService } from '../src/modules/devices/suppression-windows.service.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;
const BUCKET = 15 * MINUTE;

describe('closed-slot feed and suppression windows', () => {
  const ctx = useTestApp();
  const closedBucket = () => Math.floor(Date.now() / BUCKET) * BUCKET - 4 * BUCKET;

  async function send(token: string, entries: { ts: number; values: Record<string, number> }[]) {
    const res = await ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: entries });
    expect(res.statusCode).toBe(200);
  }

  it('hands each consumer every recomputed slot once, again after late readings, and keeps them when the handler fails', async () => {
    await ctx.database.pool.query(`INSERT INTO slot_consumer (name) VALUES ('test-a'), ('test-b') ON CONFLICT DO NOTHING`);
    const d = await ctx.b.newStationDevice({ params: [{ name: 'pm' }] });
    const t = closedBucket();
    await send(d.accessToken, [
      { ts: t + MINUTE, values: { pm: 1 } },
      { ts: t + BUCKET + MINUTE, values: { pm: 2 } },
    ]);
    await drainRollups(ctx.database);
    const feed = new SlotChangeFeed(ctx.db);
    const mine = (slots: readonly { deviceId: string; bucket: Date }[]) =>
      slots.filter((s) => s.deviceId === String(d.id)).map((s) => s.bucket.getTime());

    await expect(
      feed.consume('test-a', 100, async () => {
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');

    let seen: number[] = [];
    const take = async (consumer: string) => {
      seen = [];
      await feed.consume(consumer, 100, async (_trx, slots) => void (seen = mine(slots)));
    };
    await take('test-a');
    expect(seen).toEqual([t, t + BUCKET]);
    await take('test-a');
    expect(seen).toEqual([]);

    // The other consumer still has both; a late reading queues its slot again for both.
    await send(d.accessToken, [{ ts: t + 5 * MINUTE, values: { pm: 9 } }]);
    await drainRollups(ctx.database);
    await take('test-a');
    expect(seen).toEqual([t]);
    await take('test-b');
    expect(seen).toEqual([t, t + BUCKET]);
  });

  it('queues a slot again while a consumer holds it, without waiting for the consumer, and hands it out again after', async () => {
    await ctx.database.pool.query(`INSERT INTO slot_consumer (name) VALUES ('test-held') ON CONFLICT DO NOTHING`);
    const d = await ctx.b.newStationDevice({ params: [{ name: 'pm' }] });
    const t = closedBucket();
    await send(d.accessToken, [{ ts: t + MINUTE, values: { pm: 1 } }]);
    await drainRollups(ctx.database);
    const feed = new SlotChangeFeed(ctx.db);
    const mine = (slots: readonly { deviceId: string; bucket: Date }[]) => slots.filter((s) => s.deviceId === String(d.id)).map((s) => s.bucket.getTime());
    let held: number[] = [];
    let rolledUp: 'done' | 'blocked' | undefined;
    await feed.consume('test-held', 1000, async (_trx, slots) => {
      held = mine(slots);
      // A late reading of the held slot, rolled up on another connection while the pass is open.
      // With one row per slot, the rollup's insert waited for this pass to commit: it never would.
      await send(d.accessToken, [{ ts: t + 2 * MINUTE, values: { pm: 3 } }]);
      let timer: NodeJS.Timeout | undefined;
      rolledUp = await Promise.race([
        drainRollups(ctx.database).then(() => 'done' as const),
        new Promise<'blocked'>((resolve) => (timer = setTimeout(() => resolve('blocked'), 10_000))),
      ]);
      clearTimeout(timer);
    });
    expect(held).toEqual([t]);
    expect(rolledUp).toBe('done');
    let again: number[] = [];
    await feed.consume('test-held', 1000, async (_trx, slots) => void (again = mine(slots)));
    expect(again).toEqual([t]);
  });

  it('finds the windows covering a device directly or through its station', async () => {
    const d = await ctx.b.newStationDevice({ params: [{ name: 'pm' }] });
    const windows = new SuppressionWindowService(ctx.db);
    const t = closedBucket();
    const device = { deviceId: String(d.id), entityId: String(d.entityId) };
    const own = await windows.open({ tenantId: d.tenantId, deviceId: device.deviceId, kind: 'CALIBRATION', startsAt: new Date(t), source: 'calibration:1' });
    await windows.open({ tenantId: d.tenantId, entityId: device.entityId, kind: 'MAINTENANCE', startsAt: new Date(t + 2 * BUCKET), endsAt: new Date(t + 3 * BUCKET) });
    // Another tenant's window on the same ids is not seen.
    const other = await ctx.b.newTenant();
    await windows.open({ tenantId: other.id, deviceId: device.deviceId, kind: 'CALIBRATION', startsAt: new Date(t - BUCKET) });

    let found = await windows.covering(d.tenantId, [device], new Date(t - BUCKET), new Date(t + 4 * BUCKET));
    expect(found.map((w) => w.kind)).toEqual(['CALIBRATION', 'MAINTENANCE']);
    expect(isSuppressed(found, device, new Date(t - MINUTE))).toBeUndefined();
    expect(isSuppressed(found, device, new Date(t + MINUTE))?.kind).toBe('CALIBRATION');

    expect(await windows.close(d.tenantId, own.id, new Date(t + BUCKET))).toBe(true);
    expect(await windows.close(d.tenantId, own.id, new Date(t + BUCKET))).toBe(false);
    found = await windows.covering(d.tenantId, [device], new Date(t - BUCKET), new Date(t + 4 * BUCKET));
    expect(isSuppressed(found, device, new Date(t + BUCKET + MINUTE))).toBeUndefined();
    expect(isSuppressed(found, device, new Date(t + 2 * BUCKET + MINUTE))?.kind).toBe('MAINTENANCE');
    expect(isSuppressed(found, device, new Date(t + 3 * BUCKET))).toBeUndefined();
  });
});
