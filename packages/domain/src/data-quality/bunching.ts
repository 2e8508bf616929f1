import { SLOT_MS, type QualitySlot } from './detectors.ts';
import type { BunchingConfig } from './quality-config.ts';

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26, error under 1.5e-7). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(z)) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The standard normal quantile (Acklam's rational approximation, relative error under 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q: number) => (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}

/**
 * The share of a station's slots its own distribution puts in [lo, hi): a log-normal fitted to two
 * quantiles of the values below `lo` only (the 5th percentile and the one at 80 % of the share below
 * `lo`, at most the median). Values moved from above a limit to just under it change no rank below
 * `lo`, so the fit is the honest distribution's however many were moved. Null when too few values
 * lie below `lo` to fit (under 15 % of them).
 */
export function predictedShare(values: readonly number[], lo: number, hi: number): number | null {
  const logs = values.filter((v) => v > 0).map(Math.log).sort((a, b) => a - b);
  if (logs.length < 20) return null;
  const below = logs.filter((l) => l < Math.log(lo)).length / logs.length;
  const p1 = 0.05;
  const p2 = Math.min(0.5, 0.8 * below);
  if (p2 - p1 < 0.1) return null;
  const at = (p: number) => logs[Math.min(logs.length - 1, Math.floor(p * logs.length))]!;
  const z1 = normalQuantile(p1);
  const z2 = normalQuantile(p2);
  const sigma = Math.max((at(p2) - at(p1)) / (z2 - z1), 0.01);
  const mu = at(p1) - sigma * z1;
  return normalCdf((Math.log(hi) - mu) / sigma) - normalCdf((Math.log(lo) - mu) / sigma);
}

/**
 * Bunching just under the limit (Duflo et al. 2013): within the `window` slots up to each slot, the
 * slots whose average lies in [lower·L, L) number at least `minSlots`, `ratio` times what the
 * station's own distribution predicts for that band and `z` Poisson deviations above it; or, when
 * too few values lie below the band to fit a distribution, the band holds half the window and under
 * 2 % as many values lie at or above the limit. Flags the band's slots of windows that bunch.
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
    const share = predictedShare(window.map((w) => w.avg), lo, limit);
    if (share === null) {
      // Too few values below the band to fit: the station lives in it. Bunched when it holds most of
      // the window and almost nothing lies at or above the limit, where a distribution that close
      // to the limit would put a good part of its values.
      const above = window.filter((w) => w.avg >= limit).length;
      if (band < 0.5 * window.length || above > 0.02 * band) continue;
    } else {
      const expected = share * window.length;
      if (band < c.ratio * expected || (band - expected) / Math.sqrt(Math.max(expected, 1)) < c.z) continue;
    }
    for (let k = first; k <= i; k++) if (inBand(slots[k]!)) out.add(k);
  }
  return [...out].sort((a, b) => a - b);
}
