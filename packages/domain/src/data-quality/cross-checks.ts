import type { QualitySlot } from './detectors.ts';
import type { DilutionConfig } from './quality-config.ts';

/**
 * Detectors reading two series of one station against each other, slot by slot (joined on the
 * slot's start). Each answers the slot starts it flags on the pollutant's series.
 */

const byAt = (slots: readonly QualitySlot[]) => new Map(slots.map((s) => [s.at, s]));

/** PM2.5 above PM10 by more than `tolerance` of PM10: PM2.5 is part of PM10, so one analyser is wrong. */
export function pm25AbovePm10(pm25: readonly QualitySlot[], pm10: readonly QualitySlot[], tolerance: number): number[] {
  const coarse = byAt(pm10);
  return pm25.flatMap((s) => {
    const c = coarse.get(s.at);
    return c && s.avg > c.avg * (1 + tolerance) && s.avg > 0 ? [s.at] : [];
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? 0 : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Flow at zero (under `zeroShare` of the flow's own median) while the pollutant reports above
 * `runningAbove`: nothing leaves a stack without flow, so one of them is not the process's.
 */
export function flowZero(pollutant: readonly QualitySlot[], flow: readonly QualitySlot[], zeroShare: number, runningAbove: number): number[] {
  const usual = median(flow.map((f) => f.avg));
  if (!(usual > 0)) return [];
  const flows = byAt(flow);
  return pollutant.flatMap((s) => {
    const f = flows.get(s.at);
    return f && f.avg <= zeroShare * usual && s.avg > runningAbove ? [s.at] : [];
  });
}

const mean = (xs: readonly QualitySlot[]) => xs.reduce((a, s) => a + s.avg, 0) / xs.length;

/**
 * Dilution: over `window` slots against the `window` before, O2 rising by `o2Rise` points (or flow
 * by `flowRise` of itself) while the pollutant falls by just the factor that air would dilute it:
 * (21 − O2 after) / (21 − O2 before), or flow before / flow after, within `match`. A real change of
 * load moves the pollutant by its own chemistry, not by the dilution factor. From such a step on,
 * every slot is flagged while its own diluent stays raised against the baseline before the step and
 * its pollutant stays at the dilution's factor (within twice `match`, a slot being noisier than a
 * window's mean). `diluent` names which.
 */
export function dilution(pollutant: readonly QualitySlot[], diluentSlots: readonly QualitySlot[], diluent: 'o2' | 'flow', c: DilutionConfig): number[] {
  const d = byAt(diluentSlots);
  const joined = pollutant.flatMap((p) => {
    const x = d.get(p.at);
    return x ? [{ p, x }] : [];
  });
  const out = new Set<number>();
  const w = c.window;
  const raised = (xa: number, xb: number, share: number) => (diluent === 'o2' ? xa - xb >= share * c.o2Rise && xa < 21 : xa / xb - 1 >= share * c.flowRise);
  const factorOf = (xa: number, xb: number) => (diluent === 'o2' ? (21 - xa) / (21 - xb) : xb / xa);
  for (let i = 2 * w - 1; i < joined.length; i++) {
    const win = joined.slice(i - 2 * w + 1, i + 1);
    if (win[win.length - 1]!.p.at - win[0]!.p.at !== (2 * w - 1) * 15 * 60_000) continue;
    const pb = mean(win.slice(0, w).map((j) => j.p));
    const pa = mean(win.slice(w).map((j) => j.p));
    const xb = mean(win.slice(0, w).map((j) => j.x));
    const xa = mean(win.slice(w).map((j) => j.x));
    if (!(pb > 0) || !(xb > 0) || !(xa > 0) || !raised(xa, xb, 1)) continue;
    const factor = factorOf(xa, xb);
    if (Math.abs(pa / pb - factor) > c.match * factor) continue;
    const slotDiluted = (k: number) => {
      const j = joined[k];
      if (!j || !raised(j.x.avg, xb, 0.5)) return false;
      const f = factorOf(j.x.avg, xb);
      return Math.abs(j.p.avg / pb - f) <= 2 * c.match * f;
    };
    for (let k = i - w + 1; k <= i; k++) if (slotDiluted(k)) out.add(joined[k]!.p.at);
    for (let k = i + 1; k < joined.length && joined[k]!.p.at - joined[k - 1]!.p.at === 15 * 60_000 && slotDiluted(k); k++) out.add(joined[k]!.p.at);
  }
  return [...out].sort((a, b) => a - b);
}
