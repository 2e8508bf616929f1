import { describe, expect, it } from 'vitest';
import { SLOT_MS, type QualitySlot } from './detectors.ts';
import { hasClockDrift, isLate, mergeReceipts, receiptsOf } from './receipts.ts';
import { duplicates, flatLine, futureSlots, partialSlots, rangeChecks, rateOfChange, spikes } from './series-checks.ts';
import { qualityConfigFor } from './quality-config.ts';

const T0 = Date.UTC(2026, 0, 1);
/** Slots from values, one a slot from T0, each with a little spread around its value unless flat. */
const series = (values: readonly number[], spread = 0.5, n = 15): QualitySlot[] =>
  values.map((v, i) => ({ at: T0 + i * SLOT_MS, n, avg: v, min: v - spread, max: v + spread }));
const noisy = (count: number, base: number, amp: number) => Array.from({ length: count }, (_, i) => base + amp * Math.sin(i * 1.7) + (amp / 2) * Math.cos(i * 0.9));

describe('flat line', () => {
  const c = { slots: 8, tolerance: 0.5, runningAbove: 5 };

  it('flags every slot of a run of eight or more slots holding one value while the process runs', () => {
    const values = [...noisy(4, 280, 10), ...Array(10).fill(300), ...noisy(4, 280, 10)];
    const slots = series(values).map((s, i) => (i >= 4 && i < 14 ? { ...s, min: 300, max: 300 } : s));
    expect(flatLine(slots, c)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('leaves a run of seven, a stopped process at zero and a stable but live process alone', () => {
    const seven = series([...noisy(3, 280, 10), ...Array(7).fill(300), 280]).map((s) => (s.avg === 300 ? { ...s, min: 300, max: 300 } : s));
    expect(flatLine(seven, c)).toEqual([]);
    expect(flatLine(series(Array(20).fill(0), 0), c)).toEqual([]);
    expect(flatLine(series(noisy(40, 300, 1.5), 1), c)).toEqual([]);
  });

  it('ends a run at a missing slot', () => {
    const slots = series(Array(12).fill(300), 0).filter((_, i) => i !== 6);
    expect(flatLine(slots, c)).toEqual([]);
  });
});

describe('spike and rate of change', () => {
  const c = { window: 8, factor: 8, minScale: 2 };

  it('flags a slot that leaves and comes back, one or two slots long', () => {
    const one = noisy(20, 100, 2);
    one[12] = 400;
    expect(spikes(series(one), c)).toEqual([12]);
    const two = noisy(20, 100, 2);
    two[12] = 400;
    two[13] = 380;
    expect(spikes(series(two), c)).toEqual([12, 13]);
  });

  it('leaves a start-up step, rain washing dust out and a steady ramp alone', () => {
    expect(spikes(series([...Array(10).fill(0), ...noisy(10, 300, 5)]), c)).toEqual([]);
    expect(spikes(series([...noisy(10, 180, 4), ...noisy(10, 40, 2)]), c)).toEqual([]);
    expect(spikes(series(Array.from({ length: 30 }, (_, i) => 50 + 3 * i)), c)).toEqual([]);
  });

  it('flags a change of the average beyond the largest step between adjacent slots only', () => {
    expect(rateOfChange(series([100, 110, 900, 905]), 500)).toEqual([2]);
    expect(rateOfChange(series([100, 900]).map((s, i) => ({ ...s, at: s.at + i * SLOT_MS })), 500)).toEqual([]);
  });
});

describe('range checks', () => {
  it('makes readings outside the range, negative concentrations and full-scale readings apart', () => {
    const c = qualityConfigFor('so2');
    const slots = series([100, -50, -25, 2000, 2100], 0);
    expect(rangeChecks(slots, c)).toEqual({ outOfRange: [1, 4], negative: [1, 2], fullScale: [3] });
  });

  it('does not call a negative temperature a negative concentration', () => {
    expect(rangeChecks(series([-5], 0), qualityConfigFor('temperature')).negative).toEqual([]);
  });
});

describe('gaps, duplicates and timestamps', () => {
  it('flags slots holding under half the usual readings', () => {
    const slots = series([1, 2, 3, 4]).map((s, i) => (i === 2 ? { ...s, n: 5 } : s));
    expect(partialSlots(slots, 0.5)).toEqual([2]);
  });

  it('flags a copied stretch of slots but not a single coincidence or a flat slot', () => {
    const day = noisy(96, 200, 20);
    const copied = series([...day, ...day.slice(0, 4)]);
    expect(duplicates(copied)).toEqual([96, 97, 98, 99]);
    const once = series([5, 6, 7, 5, 9]);
    expect(duplicates(once)).toEqual([]);
    expect(duplicates(series([5, 5, 5, 5], 0))).toEqual([]);
  });

  it('calls a slot from after now impossible and one first received over a week after it closed late', () => {
    const slots = series([1, 2, 3]);
    expect(futureSlots(slots, slots[1]!.at + 60_000)).toEqual([2]);
    const week = 7 * 86_400_000;
    const [backfilled] = receiptsOf([{ at: slots[1]!.at, receivedAt: slots[1]!.at + 8 * 86_400_000 }]);
    expect(isLate(backfilled!, week)).toBe(true);
    // Live first, resent a month later: the slot was not back-filled.
    const [live] = receiptsOf([
      { at: slots[1]!.at, receivedAt: slots[1]!.at + 2_000 },
      { at: slots[1]!.at, receivedAt: slots[1]!.at + 30 * 86_400_000 },
    ]);
    expect(isLate(live!, week)).toBe(false);
  });

  it('finds a device clock set wrong, not a backlog flushed late nor a resent slot', () => {
    const drifted = Array.from({ length: 15 }, (_, i) => ({ at: T0 + i * 60_000, receivedAt: T0 + i * 60_000 + 10 * 60_000 + 500 * (i % 3) }));
    const ahead = [{ at: T0 + SLOT_MS, receivedAt: T0 + SLOT_MS - 6 * 60_000 }];
    const backlog = Array.from({ length: 15 }, (_, i) => ({ at: T0 + 2 * SLOT_MS + i * 60_000, receivedAt: T0 + 3 * SLOT_MS + 20 * 60_000 }));
    const liveThenResent = Array.from({ length: 15 }, (_, i) => ({ at: T0 + 3 * SLOT_MS + i * 60_000, receivedAt: T0 + 3 * SLOT_MS + i * 60_000 + 1_000 }));
    liveThenResent.push(...liveThenResent.map((r) => ({ at: r.at, receivedAt: r.at + 86_400_000 })));
    const receipts = receiptsOf([...drifted, ...ahead, ...backlog, ...liveThenResent]);
    expect(receipts.filter((r) => hasClockDrift(r, 5 * 60_000)).map((r) => r.at)).toEqual([T0, T0 + SLOT_MS]);
  });

  it('merges receipts batch by batch to what the readings one by one give', () => {
    const readings = Array.from({ length: 30 }, (_, i) => ({ at: T0 + i * 60_000, receivedAt: T0 + i * 60_000 + (i % 7) * 1_000 }));
    const halves = [receiptsOf(readings.slice(0, 20)), receiptsOf(readings.slice(20))];
    const merged = new Map(halves[0]!.map((r) => [r.at, r]));
    for (const r of halves[1]!) merged.set(r.at, merged.has(r.at) ? mergeReceipts(merged.get(r.at)!, r) : r);
    expect([...merged.values()]).toEqual(receiptsOf(readings));
  });
});
