import { SLOT_MS, type QualitySlot } from './detectors.ts';
import type { BunchingConfig } from './quality-config.ts';

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26, error under 1.5e-7). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(z)) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * The share of a station's slots its own distribution puts in [lo, hi): a log-normal fitted
 * robustly (median and MAD of the logarithms, which the few values moved under a limit barely
 * shift) to the window's positive averages.
 */
export function predictedShare(values: readonly number[], lo: number, hi: number): number {
  const logs = values.filter((v) => v > 0).map(Math.log);
  if (logs.length === 0) return 0;
  const mu = median(logs);
  const sigma = Math.max(1.4826 * median(logs.map((l) => Math.abs(l - mu))), 0.01);
  return normalCdf((Math.log(hi) - mu) / sigma) - normalCdf((Math.log(lo) - mu) / sigma);
}

/**
 * Bunching just under the limit (Duflo et al. 2013): within the `window` slots up to each slot, the
 * slots whose average lies in [lower·L, L) number at least `minSlots`, `ratio` times what the
 * station's own distribution predicts for that band and `z` Poisson deviations above it. Flags the band's slots of windows that bunch.
 */
export function bunching(slots: readonly QualitySlot[], limit: number, c: BunchingConfig): number[] {
  if (!(limit > 0)) return [];
  const lo = c.lower * limit;
  const inBand = (s: QualitySlot) => s.avg >= lo && s.avg < limit;
  const out = new Set<number>();
  let first = 0;
  const span = c.window * SLOT_MS;
  // Windows are judged at each day's last slot seen (a verdict per slot costs a fit per slot and says no more).
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    const next = slots[i + 1];
    if (next && Math.floor(next.at / 86_400_000) === Math.floor(s.at / 86_400_000)) continue;
    while (slots[first]!.at <= s.at - span) first++;
    const window = slots.slice(first, i + 1);
    const band = window.filter(inBand).length;
    if (band < c.minSlots) continue;
    const expected = predictedShare(window.map((w) => w.avg), lo, limit) * window.length;
    if (band < c.ratio * expected || (band - expected) / Math.sqrt(Math.max(expected, 1)) < c.z) continue;
    for (let k = first; k <= i; k++) if (inBand(slots[k]!)) out.add(k);
  }
  return [...out].sort((a, b) => a - b);
}
