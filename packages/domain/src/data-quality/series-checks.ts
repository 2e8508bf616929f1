import { SLOT_MS, type QualitySlot } from './detectors.ts';
import type { FlatLineConfig, ParamQualityConfig, SpikeConfig } from './quality-config.ts';

/**
 * Detectors reading one series on its own. Each takes the series' slots in time order (missing slots
 * simply absent) and answers the indexes of the slots it flags.
 */

const adjacent = (a: QualitySlot | undefined, b: QualitySlot | undefined): boolean => a !== undefined && b !== undefined && b.at - a.at === SLOT_MS;

/**
 * Flat line: `slots` or more consecutive slots whose readings all lie within `tolerance` of each
 * other while the process runs (above `runningAbove`). A live analyser's noise moves the last
 * decimals every slot; a stuck one, or a value typed in, does not.
 */
export function flatLine(slots: readonly QualitySlot[], c: FlatLineConfig): number[] {
  const out: number[] = [];
  let start = 0;
  let lo = Infinity;
  let hi = -Infinity;
  const close = (end: number) => {
    if (end - start >= c.slots) for (let k = start; k < end; k++) out.push(k);
  };
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    const running = s.avg > c.runningAbove;
    const nlo = Math.min(lo, s.min);
    const nhi = Math.max(hi, s.max);
    if (running && i > start && adjacent(slots[i - 1], s) && nhi - nlo <= c.tolerance) {
      lo = nlo;
      hi = nhi;
      continue;
    }
    close(i);
    start = running && s.max - s.min <= c.tolerance ? i : i + 1;
    lo = s.min;
    hi = s.max;
  }
  close(slots.length);
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Spike: a slot (or two) leaving the median of the `window` slots before it by more than `factor`
 * robust deviations (1.4826 MAD, never under `minScale`) and coming back within the next slot. A
 * step that stays (a start-up, rain washing dust out) is no spike: it does not come back.
 */
export function spikes(slots: readonly QualitySlot[], c: SpikeConfig): number[] {
  const out: number[] = [];
  for (let i = c.window; i < slots.length; i++) {
    const s = slots[i]!;
    const before = slots.slice(i - c.window, i);
    if (!adjacent(before[before.length - 1], s) || before[before.length - 1]!.at - before[0]!.at !== (c.window - 1) * SLOT_MS) continue;
    const values = before.map((b) => b.avg);
    const m = median(values);
    const scale = Math.max(1.4826 * median(values.map((v) => Math.abs(v - m))), c.minScale);
    const far = (x: number) => Math.abs(x - m) > c.factor * scale;
    if (!far(s.avg)) continue;
    const back = (k: number) => adjacent(slots[k - 1], slots[k]) && Math.abs(slots[k]!.avg - m) < (c.factor * scale) / 2;
    if (back(i + 1)) out.push(i);
    else if (slots[i + 1] && adjacent(s, slots[i + 1]) && far(slots[i + 1]!.avg) && back(i + 2)) out.push(i, i + 1);
  }
  return [...new Set(out)];
}

/** Rate of change: the 15-minute average moving more than `maxStep` from the slot before. */
export function rateOfChange(slots: readonly QualitySlot[], maxStep: number): number[] {
  const out: number[] = [];
  for (let i = 1; i < slots.length; i++) {
    if (adjacent(slots[i - 1], slots[i]) && Math.abs(slots[i]!.avg - slots[i - 1]!.avg) > maxStep) out.push(i);
  }
  return out;
}

/** Range checks: readings outside the analyser's range, negative concentrations, readings exactly at its full scale. */
export function rangeChecks(slots: readonly QualitySlot[], c: ParamQualityConfig): { outOfRange: number[]; negative: number[]; fullScale: number[] } {
  const outOfRange: number[] = [];
  const negative: number[] = [];
  const fullScale: number[] = [];
  slots.forEach((s, i) => {
    if (c.range && (s.min < c.range.min || s.max > c.range.max)) outOfRange.push(i);
    if (c.concentration && s.avg < -c.negativeTolerance) negative.push(i);
    if (c.range && s.max === c.range.max) fullScale.push(i);
  });
  return { outOfRange, negative, fullScale };
}

/**
 * Gap: a partial slot, holding fewer than `coverage` of the series' usual readings per slot (the
 * median), as at the edges of an outage. Slots with no reading at all are not data and are counted
 * by availability (DEFINITIONS.md).
 */
export function partialSlots(slots: readonly QualitySlot[], coverage: number): number[] {
  if (slots.length === 0) return [];
  const usual = median(slots.map((s) => s.n));
  return slots.flatMap((s, i) => (s.n < coverage * usual ? [i] : []));
}

/**
 * Duplicate: a slot identical in count, average, minimum and maximum to an earlier one of the
 * series, next to another such pair at the same distance: replayed or copied data. A flat slot
 * (minimum = maximum) is the flat line's, not a copy.
 */
export function duplicates(slots: readonly QualitySlot[]): number[] {
  const key = (s: QualitySlot | undefined) => (s && s.max > s.min && s.n > 1 ? `${s.n}|${s.avg}|${s.min}|${s.max}` : undefined);
  const seen = new Map<string, number[]>();
  const keys = slots.map(key);
  const out = new Set<number>();
  keys.forEach((k, i) => {
    if (k === undefined) return;
    for (const j of seen.get(k) ?? []) {
      const lag = slots[i]!.at - slots[j]!.at;
      const pair = (a: number, b: number) => keys[a] !== undefined && keys[a] === keys[b] && slots[a]!.at - slots[b]!.at === lag;
      if (pair(i - 1, j - 1) || pair(i + 1, j + 1)) {
        out.add(i);
        if (pair(i - 1, j - 1)) out.add(i - 1);
      }
    }
    seen.set(k, [...(seen.get(k) ?? []), i]);
  });
  return [...out].sort((a, b) => a - b);
}

/** Timestamps: a slot starting after `now` is in the future (impossible). */
export function futureSlots(slots: readonly QualitySlot[], now: number): number[] {
  const out: number[] = [];
  slots.forEach((s, i) => {
    if (s.at > now) out.push(i);
  });
  return out;
}
