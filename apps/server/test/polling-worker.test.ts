import { describe, expect, it } from 'vitest';
import { startPollingWorker } from '../src/platform/jobs/polling-worker.ts';

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
});
