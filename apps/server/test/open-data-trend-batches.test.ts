import type { TrendResult } from '@enviro/contracts/data/trend';
import { describe, expect, it } from 'vitest';
import type { PublishedBoard } from '../src/modules/open-data/publication.service.ts';
import { TrendBatches, type ReadTrends } from '../src/modules/open-data/trend-batches.ts';

/**
 * How the open API puts concurrent series requests of different stations into one trend request
 * (trend-batches.ts). The trends themselves are the real ones in open-data.test.ts; here the reads
 * are recorded to see which stations went together and who got which answer.
 */
const board = { board: { id: 1 }, auth: { kind: 'public', publicTenantId: 1, tenantIds: [2] } } as unknown as PublishedBoard;
const otherBoard = { board: { id: 9 }, auth: { kind: 'public', publicTenantId: 9, tenantIds: [8] } } as unknown as PublishedBoard;
const day = { from: '2026-10-10', to: '2026-10-10' };
const result = (entityId: number, parameter: string) => ({ entityId, paramName: parameter, data: [{ time: entityId, value: entityId }] }) as unknown as TrendResult;

function recorder(fail: (ids: readonly number[]) => number | undefined = () => undefined) {
  const reads: number[][] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> | undefined;
  const read: ReadTrends = async (_board, ids, parameters) => {
    reads.push([...ids]);
    if (gate) await gate;
    const failing = fail(ids);
    if (failing !== undefined) throw new Error(`station ${failing} failed`);
    return ids.filter((id) => id !== 404).map((id) => result(id, parameters[0]!));
  };
  return {
    reads,
    read,
    hold: () => (gate = new Promise<void>((r) => (release = r))),
    release: () => {
      gate = undefined;
      release();
    },
  };
}

describe('series requests asked together (TrendBatches)', () => {
  it('reads the stations asked in one turn in one request, each getting its own series', async () => {
    const r = recorder();
    const batches = new TrendBatches(r.read);
    const answers = await Promise.all([1, 2, 3].map((id) => batches.one(board, id, 'pm', day, 'minute_15')));
    expect(r.reads).toEqual([[1, 2, 3]]);
    expect(answers.map((a) => a?.entityId)).toEqual([1, 2, 3]);
    // A station without the parameter gets nothing, as alone.
    expect(await batches.one(board, 404, 'pm', day, 'minute_15')).toBeUndefined();
  });

  it('keeps apart other parameters, days, intervals and boards', async () => {
    const r = recorder();
    const batches = new TrendBatches(r.read);
    await Promise.all([
      batches.one(board, 1, 'pm', day, 'minute_15'),
      batches.one(board, 2, 'so2', day, 'minute_15'),
      batches.one(board, 3, 'pm', { from: '2026-10-11', to: '2026-10-11' }, 'minute_15'),
      batches.one(board, 4, 'pm', day, 'hour_1'),
      batches.one(otherBoard, 5, 'pm', day, 'minute_15'),
    ]);
    expect(r.reads.sort((a, b) => a[0]! - b[0]!)).toEqual([[1], [2], [3], [4], [5]]);
  });

  it('gathers what arrives while the previous read of its kind is out, and reads it when that ends', async () => {
    const r = recorder();
    const batches = new TrendBatches(r.read);
    r.hold();
    const first = batches.one(board, 1, 'pm', day, 'minute_15');
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.reads).toEqual([[1]]);
    const later = [2, 3].map((id) => batches.one(board, id, 'pm', day, 'minute_15'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(r.reads).toEqual([[1]]);
    r.release();
    expect((await first)?.entityId).toBe(1);
    expect((await Promise.all(later)).map((a) => a?.entityId)).toEqual([2, 3]);
    expect(r.reads).toEqual([[1], [2, 3]]);
  });

  it("gives a failing station its own error and the others their series, read alone", async () => {
    const r = recorder((ids) => (ids.includes(2) ? 2 : undefined));
    const batches = new TrendBatches(r.read);
    const answers = await Promise.allSettled([1, 2, 3].map((id) => batches.one(board, id, 'pm', day, 'minute_15')));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value?.entityId : (a.reason as Error).message))).toEqual([1, 'station 2 failed', 3]);
    expect(r.reads).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('starts a batch at once when it is full', async () => {
    const r = recorder();
    const batches = new TrendBatches(r.read);
    const ids = Array.from({ length: 120 }, (_, i) => i + 1);
    const answers = await Promise.all(ids.map((id) => batches.one(board, id, 'pm', day, 'minute_15')));
    expect(answers.map((a) => a?.entityId)).toEqual(ids);
    expect(r.reads.map((x) => x.length)).toEqual([50, 50, 20]);
  });
});
