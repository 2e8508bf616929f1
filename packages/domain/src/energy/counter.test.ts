import { describe, expect, it } from 'vitest';
import { energyFromRegister, manualCounterProblems, sumBy } from './counter.ts';

const H = 3_600_000;
const T0 = Date.UTC(2026, 9, 1);
const hours = (registers: readonly (number | null)[]) =>
  registers.flatMap((last, i) => (last === null ? [] : [{ t: T0 + i * H, last }]));
const kwhs = (r: { intervals: { kwh: number }[] }) => r.intervals.map((i) => Math.round(i.kwh * 1000) / 1000);

describe('energy from a cumulative register', () => {
  const opts = { intervalMs: H, ratedKw: 500 };

  it('books the rise of the register bucket by bucket', () => {
    const r = energyFromRegister(hours([1000, 1200, 1450, 1450]), opts, 900);
    expect(kwhs(r)).toEqual([100, 200, 250, 0]);
    expect(r.events).toEqual([]);
    expect(r.reference).toBe(1450);
  });

  it('books last − first for the first bucket when nothing precedes it', () => {
    const r = energyFromRegister([{ t: T0, first: 40, last: 100 }, { t: T0 + H, last: 180 }], opts);
    expect(kwhs(r)).toEqual([60, 80]);
  });

  it('applies the multiplier (CT × PT ratio) before anything else', () => {
    const r = energyFromRegister(hours([10, 12]), { ...opts, multiplier: 100 }, 900);
    expect(kwhs(r)).toEqual([100, 200]);
  });

  it('books a rollover as the rise to the maximum plus the count from zero', () => {
    const r = energyFromRegister(hours([99_999_900, 150]), { ...opts, rolloverAt: 100_000_000 }, 99_999_700);
    expect(kwhs(r)).toEqual([200, 250]);
    expect(r.events).toEqual([{ t: T0 + H, kind: 'rollover', previous: 99_999_900, register: 150, bookedKwh: 250 }]);
  });

  it('books a reset as the rise before it plus the count from zero, never more than rated kW × hours', () => {
    const before = energyFromRegister([{ t: T0, last: 5_000_100 }, { t: T0 + H, last: 120, max: 5_000_300 }], opts, 5_000_000);
    expect(kwhs(before)).toEqual([100, 320]);
    expect(before.events[0]).toMatchObject({ kind: 'reset', bookedKwh: 320 });
    // A register falling to 0 then reporting a large value in the same hour: capped at 500 kWh.
    const capped = energyFromRegister([{ t: T0, last: 5_000_100 }, { t: T0 + H, last: 480, max: 5_000_400 }], opts, 5_000_000);
    expect(kwhs(capped)).toEqual([100, 500]);
  });

  it('does not take a fall without a rollover maximum near it for a rollover', () => {
    const r = energyFromRegister(hours([2_000_000, 300]), { ...opts, rolloverAt: 100_000_000 }, 1_999_900);
    expect(r.events[0]!.kind).toBe('reset');
    expect(kwhs(r)).toEqual([100, 300]);
  });

  it('books nothing for a backstep and does not count the climb back twice', () => {
    const r = energyFromRegister(hours([10_000, 9_990, 10_050]), opts, 9_900);
    expect(kwhs(r)).toEqual([100, 0, 50]);
    expect(r.events.map((e) => e.kind)).toEqual(['backstep']);
  });

  it('caps a jump at rated kW × hours', () => {
    const r = energyFromRegister(hours([1000, 90_000]), opts, 900);
    expect(kwhs(r)).toEqual([100, 500]);
    expect(r.intervals[1]!.flag).toBe('capped');
  });

  it('shares the rise over a gap evenly instead of a spike at its end', () => {
    const r = energyFromRegister(hours([1000, null, null, 1600]), opts, 900);
    expect(kwhs(r)).toEqual([100, 200, 200, 200]);
    expect(r.intervals.map((i) => i.flag)).toEqual(['measured', 'gap', 'gap', 'gap']);
    expect(r.intervals.map((i) => i.t)).toEqual([0, 1, 2, 3].map((i) => T0 + i * H));
  });

  it('allows over a gap what the capacity allows over the whole gap', () => {
    const r = energyFromRegister(hours([1000, null, null, 2400]), opts, 900);
    expect(kwhs(r)).toEqual([100, 466.667, 466.667, 466.667]);
  });

  it('carries the reference from one call to the next', () => {
    const a = energyFromRegister(hours([1000, 1100]), opts, 950);
    const b = energyFromRegister([{ t: T0 + 2 * H, last: 1180 }], opts, a.reference);
    expect(kwhs(b)).toEqual([80]);
  });

  it('sums buckets into days', () => {
    const r = energyFromRegister(hours([10, 20, 30]), opts, 0);
    expect([...sumBy(r.intervals, () => 'd')]).toEqual([['d', 30]]);
  });
});

describe('counter readings entered by hand', () => {
  it('names negative, out-of-order and decreasing readings by index', () => {
    expect(
      manualCounterProblems([
        { at: 1, value: 10 },
        { at: 2, value: -1 },
        { at: 2, value: 12 },
        { at: 4, value: 11 },
      ]).map((p) => p.index),
    ).toEqual([1, 2, 3]);
    expect(manualCounterProblems([{ at: 1, value: 1 }, { at: 2, value: 2 }])).toEqual([]);
  });
});
