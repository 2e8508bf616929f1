/**
 * Energy from a cumulative kWh register (REGULATORY "Energy": counters roll over and reset; a reset
 * must never book more energy than the meter could physically pass in that interval).
 *
 * A meter's register is read per bucket (an hour, a day): `last` is the register at the bucket's
 * last reading, `max` its highest reading in the bucket and `first` its first. The energy of a
 * bucket is the rise of the register since the previous bucket's `last`. What goes wrong and what
 * is booked instead:
 * - **rollover**: the register passed its maximum (`rolloverAt`, e.g. 99,999,999.9) and started
 *   again from 0: booked `rolloverAt − previous + last`, when that is physically possible;
 * - **reset**: the register fell to less than half of the previous value (a meter reset or
 *   replacement): booked what it rose in the bucket before falling (`max − previous`, when the
 *   bucket holds it) plus `last` (counted from 0 again), never more than rated kW × hours;
 * - **backstep**: a smaller fall (a reading glitch): nothing is booked and the previous value stays
 *   the reference until the register passes it again, so the climb back is not counted twice;
 * - **jump**: a rise beyond rated kW × hours is capped at that (`capped`);
 * - **gap**: buckets without a reading get the rise shared out evenly between them and the bucket
 *   that ends the gap (flag `gap`), so a gap never turns into a spike.
 * The register is multiplied by the meter's multiplier (CT × PT ratio) before anything else; rated
 * kW is on the primary side.
 */

/** One bucket of a register. */
export interface RegisterSample {
  /** Start of the bucket (epoch ms). */
  t: number;
  /** Register at the bucket's last reading. */
  last: number;
  /** Highest register reading in the bucket (finds the energy before a reset inside it). */
  max?: number;
  /** Register at the bucket's first reading (energy of the very first bucket when nothing precedes it). */
  first?: number;
}

export interface RegisterOptions {
  /** Bucket length in ms (3,600,000 for hours). */
  intervalMs: number;
  /** Rated capacity of the meter's connection, kW (what can physically pass). */
  ratedKw: number;
  /** The register's maximum before it starts again from 0; none: the register never rolls over. */
  rolloverAt?: number | null;
  /** kWh per register unit (CT × PT ratio); default 1. */
  multiplier?: number;
}

export type EnergyFlag = 'measured' | 'gap' | 'reset' | 'rollover' | 'capped' | 'backstep';

/** Energy of one bucket, kWh. */
export interface EnergyInterval {
  t: number;
  kwh: number;
  flag: EnergyFlag;
}

/** A reset, rollover, backstep or jump found in the register, with what was booked for it. */
export interface RegisterEvent {
  t: number;
  kind: Exclude<EnergyFlag, 'measured' | 'gap'>;
  /** Register (after multiplier) before and at the event. */
  previous: number;
  register: number;
  bookedKwh: number;
}

export interface RegisterEnergy {
  intervals: EnergyInterval[];
  events: RegisterEvent[];
  /** The reference register (after multiplier) after the last sample: the `previous` of the next call. */
  reference: number | null;
}

/** A fall to below this share of the previous register is a reset; a smaller fall is a backstep. */
export const RESET_SHARE = 0.5;

/**
 * Energy per bucket of a register's samples (sorted by `t`, one per bucket at most). `previous` is
 * the reference register before the first sample (the `reference` of the call before), in register
 * units after the multiplier; without it the first bucket books `last − first`.
 */
export function energyFromRegister(samples: readonly RegisterSample[], options: RegisterOptions, previous: number | null = null): RegisterEnergy {
  const k = options.multiplier ?? 1;
  const { intervalMs, ratedKw } = options;
  const rollover = options.rolloverAt != null ? options.rolloverAt * k : null;
  const hourKwh = Math.max(0, ratedKw);
  const intervals: EnergyInterval[] = [];
  const events: RegisterEvent[] = [];
  let reference = previous;
  let referenceT: number | null = null;
  for (const s of samples) {
    const last = s.last * k;
    if (!Number.isFinite(last) || last < 0) continue; // a negative register is no reading
    if (reference === null) {
      const first = s.first !== undefined ? s.first * k : last;
      intervals.push({ t: s.t, kwh: Math.max(0, last - first), flag: 'measured' });
      reference = last;
      referenceT = s.t;
      continue;
    }
    // Buckets since the reference's bucket (1 when consecutive); unknown (first call) counts as 1.
    const span = referenceT === null ? 1 : Math.max(1, Math.round((s.t - referenceT) / intervalMs));
    const cap = hourKwh * ((span * intervalMs) / 3_600_000);
    let kwh: number;
    let flag: EnergyFlag = span > 1 ? 'gap' : 'measured';
    let nextReference = last;
    if (last >= reference) {
      kwh = last - reference;
      if (kwh > cap) {
        events.push({ t: s.t, kind: 'capped', previous: reference, register: last, bookedKwh: cap });
        kwh = cap;
        flag = 'capped';
      }
    } else if (rollover !== null && rollover - reference + last <= cap) {
      kwh = rollover - reference + last;
      flag = 'rollover';
      events.push({ t: s.t, kind: 'rollover', previous: reference, register: last, bookedKwh: kwh });
    } else if (last < reference * RESET_SHARE) {
      const max = s.max !== undefined ? s.max * k : undefined;
      const before = max !== undefined && max >= reference ? max - reference : 0;
      kwh = Math.min(before + last, cap);
      flag = 'reset';
      events.push({ t: s.t, kind: 'reset', previous: reference, register: last, bookedKwh: kwh });
    } else {
      kwh = 0;
      flag = 'backstep';
      nextReference = reference;
      events.push({ t: s.t, kind: 'backstep', previous: reference, register: last, bookedKwh: 0 });
    }
    if (span > 1 && referenceT !== null) {
      const share = kwh / span;
      for (let i = 1; i < span; i++) intervals.push({ t: referenceT + i * intervalMs, kwh: share, flag: 'gap' });
      intervals.push({ t: s.t, kwh: share, flag: flag === 'measured' ? 'gap' : flag });
    } else {
      intervals.push({ t: s.t, kwh, flag });
    }
    reference = nextReference;
    referenceT = s.t;
  }
  return { intervals, events, reference };
}

/** Sums bucket energies into coarser periods keyed by `keyOf(t)` (a day, a month), in first-seen order. */
export function sumBy(intervals: readonly EnergyInterval[], keyOf: (t: number) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const i of intervals) {
    const key = keyOf(i.t);
    out.set(key, (out.get(key) ?? 0) + i.kwh);
  }
  return out;
}

/**
 * Problems of counter readings entered or imported by hand (not of a device's stream, whose resets
 * are detected above): negative values and values lower than the one before (a decreasing
 * counter), each naming its index.
 */
export function manualCounterProblems(values: readonly { at: number; value: number }[]): { index: number; message: string }[] {
  const problems: { index: number; message: string }[] = [];
  values.forEach((v, i) => {
    if (!Number.isFinite(v.value) || v.value < 0) problems.push({ index: i, message: 'a counter reading cannot be negative' });
    else if (i > 0 && values[i - 1]!.at >= v.at) problems.push({ index: i, message: 'readings must be in time order, one per instant' });
    else if (i > 0 && v.value < values[i - 1]!.value) problems.push({ index: i, message: `the counter decreased from ${values[i - 1]!.value} to ${v.value}; enter a meter reset or replacement instead` });
  });
  return problems;
}
