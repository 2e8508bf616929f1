import type { ComplianceFigures } from '@enviro/contracts/compliance';
import type { Reading } from './data-fixture.ts';

const QUARTER = 15 * 60_000;
const IST = 5.5 * 3_600_000;
export const istMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`) - IST;

export interface Limit {
  min: number | null;
  max: number | null;
}

/**
 * The compliance figures of parameter `slot` (1-based, or 0 for any parameter: uptime) over
 * [from, to), computed from raw readings: 15-minute averages against `limits[slot - 1]`, quarters
 * overlapping one of `windows` left out; an exceedance is one quarter beyond a limit (docs/DEFINITIONS.md).
 */
export function oracle(
  rows: readonly Reading[],
  slot: number,
  from: number,
  to: number,
  windows: readonly { from: number; to: number }[],
  limits: readonly Limit[],
): ComplianceFigures {
  const buckets = new Map<number, { sum: number; n: number }>();
  for (const r of rows) {
    const values = slot === 0 ? r.vals.filter((v) => v !== null) : [r.vals[slot - 1]].filter((v) => v !== null && v !== undefined);
    if (values.length === 0) continue;
    const b = Math.floor(r.ts / QUARTER) * QUARTER;
    const o = buckets.get(b) ?? { sum: 0, n: 0 };
    o.sum += values[0]!;
    o.n += 1;
    buckets.set(b, o);
  }
  const suppressed = (b: number) => windows.some((w) => w.from < b + QUARTER && w.to > b);
  const limit = slot === 0 ? { min: null, max: null } : limits[slot - 1]!;
  const f = { slots: 0, suppressedSlots: 0, slotsWithData: 0, slotsWithinLimits: 0, exceedances: 0, exceedanceMinutes: 0 };
  for (let b = from; b < to; b += QUARTER) {
    f.slots++;
    const data = buckets.get(b);
    if (suppressed(b)) f.suppressedSlots++;
    else if (data) {
      f.slotsWithData++;
      const avg = data.sum / data.n;
      const within = (limit.min === null || avg >= limit.min) && (limit.max === null || avg <= limit.max);
      if (within) f.slotsWithinLimits++;
      else {
        f.exceedanceMinutes += 15;
        f.exceedances++;
      }
    }
  }
  const pct = (a: number, b: number) => (b <= 0 ? null : Math.round((1000 * a) / b) / 10);
  return { ...f, availability: pct(f.slotsWithData, f.slots - f.suppressedSlots), withinLimits: pct(f.slotsWithinLimits, f.slotsWithData) };
}
