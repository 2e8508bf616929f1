import { describe, expect, it } from 'vitest';
import { StationBatches, type ReadStations } from '../src/modules/open-data/station-batches.ts';

/**
 * How the open API puts concurrent requests about different stations that read the same way into
 * one read (station-batches.ts). The reads themselves are the real trends and descriptions in
 * open-data.test.ts; here they are recorded to see which stations went together and who got what.
 */
interface Answer {
  station: number;
  key: string;
}

function recorder(fail: (ids: readonly number[]) => number | undefined = () => undefined) {
  const reads: number[][] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> | undefined;
  const read =
    (key: string): ReadStations<number, Answer> =>
    async (ids) => {
      reads.push([...ids]);
      if (gate) await gate;
      const failing = fail(ids);
      if (failing !== undefined) throw new Error(`station ${failing} failed`);
      // Station 404 has no value, as a station without the parameter has no series.
      return new Map(ids.filter((id) => id !== 404).map((id) => [id, { station: id, key }]));
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

describe('requests about stations asked together (StationBatches)', () => {
  it('reads the stations asked in one turn in one read, each getting its own answer', async () => {
    const r = recorder();
    const batches = new StationBatches<number, Answer>();
    const answers = await Promise.all([1, 2, 3].map((id) => batches.one('pm|day', id, id, r.read('pm|day'))));
    expect(r.reads).toEqual([[1, 2, 3]]);
    expect(answers).toEqual([1, 2, 3].map((station) => ({ station, key: 'pm|day' })));
    expect(await batches.one('pm|day', 404, 404, r.read('pm|day'))).toBeUndefined();
  });

  it('keeps other keys apart', async () => {
    const r = recorder();
    const batches = new StationBatches<number, Answer>();
    const answers = await Promise.all(['pm|day', 'so2|day', 'pm|week'].map((key, i) => batches.one(key, i + 1, i + 1, r.read(key))));
    expect(answers.map((a) => a?.key)).toEqual(['pm|day', 'so2|day', 'pm|week']);
    expect(r.reads).toEqual([[1], [2], [3]]);
  });

  it('gathers what arrives while the previous read of its key is out, and reads it when that ends', async () => {
    const r = recorder();
    const batches = new StationBatches<number, Answer>();
    r.hold();
    const first = batches.one('k', 1, 1, r.read('k'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.reads).toEqual([[1]]);
    const later = [2, 3].map((id) => batches.one('k', id, id, r.read('k')));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(r.reads).toEqual([[1]]);
    r.release();
    expect((await first)?.station).toBe(1);
    expect((await Promise.all(later)).map((a) => a?.station)).toEqual([2, 3]);
    expect(r.reads).toEqual([[1], [2, 3]]);
  });

  it('gives a failing station its own error and the others their answers, read alone', async () => {
    const r = recorder((ids) => (ids.includes(2) ? 2 : undefined));
    const batches = new StationBatches<number, Answer>();
    const answers = await Promise.allSettled([1, 2, 3].map((id) => batches.one('k', id, id, r.read('k'))));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value?.station : (a.reason as Error).message))).toEqual([1, 'station 2 failed', 3]);
    expect(r.reads).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('starts a batch at once when it is full', async () => {
    const r = recorder();
    const batches = new StationBatches<number, Answer>();
    const ids = Array.from({ length: 120 }, (_, i) => i + 1);
    const answers = await Promise.all(ids.map((id) => batches.one('k', id, id, r.read('k'))));
    expect(answers.map((a) => a?.station)).toEqual(ids);
    expect(r.reads.map((x) => x.length)).toEqual([50, 50, 20]);
  });
});
