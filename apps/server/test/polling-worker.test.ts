import { describe, expect, it } from 'vitest';
import { startPollingWorker } from '../src/platform/jobs/polling-worker.ts';
import { WorkerRegistry } from '../src/platform/jobs/workers.plugin.ts';

describe('startPollingWorker', () => {
  it('goes straight on while work is waiting, pauses when none is, survives a failing pass and stops at once', async () => {
    const seen: string[] = [];
    const errors: unknown[] = [];
    let calls = 0;
    const worker = startPollingWorker(
      async () => {
        calls++;
        if (calls === 3) throw new Error('database away');
        seen.push(`pass ${calls}`);
        return calls < 2;
      },
      { idleMs: 60_000, onError: (e) => errors.push(e) },
    );
    // Pass 1 said more is waiting, so pass 2 ran at once; pass 2 said none, so the loop sleeps a minute.
    await expect.poll(() => seen.length).toBe(2);
    expect(seen).toEqual(['pass 1', 'pass 2']);
    // stop wakes the sleeping loop instead of waiting out its minute.
    await worker.stop();
    expect(calls).toBe(2);
    expect(errors).toEqual([]);
  });

  it('reports a failing pass and pauses before the next', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const worker = startPollingWorker(
      async () => {
        calls++;
        throw new Error(`failure ${calls}`);
      },
      { idleMs: 20, onError: (e) => errors.push(e) },
    );
    await expect.poll(() => errors.length).toBeGreaterThanOrEqual(2);
    await worker.stop();
    expect(errors.map((e) => (e as Error).message).slice(0, 2)).toEqual(['failure 1', 'failure 2']);
  });

  it('pauses as long as a pass took while ingestion is busy and work is waiting, and not otherwise', async () => {
    let busy = true;
    const starts: number[] = [];
    const worker = startPollingWorker(
      async () => {
        starts.push(performance.now());
        await new Promise((r) => setTimeout(r, 300));
        return true;
      },
      { idleMs: 60_000, onError: () => undefined, yieldTo: () => busy },
    );
    await expect.poll(() => starts.length, { timeout: 5_000 }).toBe(3);
    // Each pass took 300 ms and was followed by a pause of as long: 600 ms from start to start.
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(590);
    busy = false;
    const at = starts.length;
    await expect.poll(() => starts.length, { timeout: 5_000 }).toBe(at + 3);
    // No pause once ingestion is idle: about 300 ms from start to start (the first after the change may still pause).
    expect(starts[at + 2]! - starts[at + 1]!).toBeLessThan(590);
    // stop wakes a pause too.
    busy = true;
    await worker.stop();
  });
});

describe('WorkerRegistry', () => {
  it('gives every worker it starts what tells it that devices are waiting', async () => {
    const registry = new WorkerRegistry();
    let busy = false;
    registry.foreground(() => busy);
    const seen: (boolean | undefined)[] = [];
    registry.add('probe', ({ foregroundBusy }) => {
      seen.push(foregroundBusy?.());
      busy = true;
      seen.push(foregroundBusy?.());
      return undefined;
    });
    const stop = await registry.start({ log: { error: () => undefined } as never });
    await stop();
    expect(seen).toEqual([false, true]);
  });
});
