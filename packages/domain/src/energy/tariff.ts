/**
 * Time-of-day tariffs (REGULATORY "Energy": ToD is mandatory for C&I consumers above 10 kW since
 * 1 April 2024; peak energy charge at least 1.2 × normal, solar hours at least 20 % below normal;
 * the state commission sets the hours and tariffs change with dated orders).
 *
 * A connection's tariff is a list of dated versions; a version holds from its `validFrom` (an IST
 * day) until the next one starts. Each hour of energy is costed with the version valid on that
 * hour's day, so an old month keeps the price it was billed at whatever version comes later, and a
 * new version may not start in a month already closed (`newVersionProblem`). Windows are whole
 * hours of the local day (the rollups are hourly); a window may cross midnight (22 → 6); together
 * they cover the 24 hours once, no overlap and no gap. The bill of a month: energy charges per
 * window, the fixed (demand) charge of each version prorated by its days in the month, and the
 * electricity duty as a share of both.
 */
import { dayOf, fixedOffset, toWallClock } from '../time-zone.ts';

export const WINDOW_KINDS = ['PEAK', 'NORMAL', 'OFF_PEAK', 'SOLAR'] as const;
export type WindowKind = (typeof WINDOW_KINDS)[number];

export interface TariffWindow {
  kind: WindowKind;
  /** First hour of the window, 0–23 (local time). */
  fromHour: number;
  /** Hour the window ends, 1–24; lower than fromHour when it crosses midnight. */
  toHour: number;
  /** Energy charge, ₹/kWh. */
  rate: number;
}

export interface TariffVersion {
  /** First day (IST, 'YYYY-MM-DD') the version holds. */
  validFrom: string;
  windows: readonly TariffWindow[];
  /** Fixed (demand) charge of a whole month, ₹. */
  fixedChargePerMonth: number;
  /** Electricity duty, % of energy and fixed charges. */
  dutyPercent: number;
}

export interface FieldProblem {
  field: string;
  message: string;
}

/** The day ToD rules of the Electricity (Rights of Consumers) Amendment Rules 2023 apply from. */
export const TOD_MANDATORY_FROM = '2024-04-01';

const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;

/** Hours (0–23) a window covers. */
export function hoursOf(w: Pick<TariffWindow, 'fromHour' | 'toHour'>): number[] {
  const out: number[] = [];
  const to = w.toHour <= w.fromHour ? w.toHour + 24 : w.toHour;
  for (let h = w.fromHour; h < to; h++) out.push(h % 24);
  return out;
}

/** Problems of a version's windows: each names its field (`windows[2].toHour`); empty when fine. */
export function tariffProblems(version: TariffVersion): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const { windows } = version;
  if (windows.length === 0) return [{ field: 'windows', message: 'a tariff needs at least one time-of-day window' }];
  const owner: (number | undefined)[] = Array(24).fill(undefined);
  windows.forEach((w, i) => {
    if (!Number.isInteger(w.fromHour) || w.fromHour < 0 || w.fromHour > 23) problems.push({ field: `windows[${i}].fromHour`, message: 'a whole hour from 0 to 23' });
    if (!Number.isInteger(w.toHour) || w.toHour < 1 || w.toHour > 24) problems.push({ field: `windows[${i}].toHour`, message: 'a whole hour from 1 to 24' });
    if (!(Number.isFinite(w.rate) && w.rate >= 0)) problems.push({ field: `windows[${i}].rate`, message: 'a rate of ₹0 or more per kWh' });
    if (problems.length) return;
    if (w.fromHour === w.toHour % 24) {
      problems.push({ field: `windows[${i}].toHour`, message: 'a window ends at another hour than it starts' });
      return;
    }
    for (const h of hoursOf(w)) {
      const other = owner[h];
      if (other !== undefined) {
        problems.push({ field: `windows[${i}]`, message: `overlaps window ${other + 1} at ${hh(h)}–${hh(h + 1)}` });
        return;
      }
      owner[h] = i;
    }
  });
  if (problems.length) return problems;
  const gaps: string[] = [];
  for (let h = 0; h < 24; h++) {
    if (owner[h] !== undefined) continue;
    let end = h;
    while (end < 24 && owner[end] === undefined) end++;
    gaps.push(`${hh(h)}–${hh(end)}`);
    h = end;
  }
  if (gaps.length) problems.push({ field: 'windows', message: `the windows leave ${gaps.join(', ')} in no window; they must cover the whole day` });
  if (!(Number.isFinite(version.fixedChargePerMonth) && version.fixedChargePerMonth >= 0)) problems.push({ field: 'fixedChargePerMonth', message: 'a charge of ₹0 or more' });
  if (!(Number.isFinite(version.dutyPercent) && version.dutyPercent >= 0 && version.dutyPercent <= 100)) problems.push({ field: 'dutyPercent', message: 'a share from 0 to 100 %' });
  const normal = windows.filter((w) => w.kind === 'NORMAL');
  if (new Set(normal.map((w) => w.rate)).size > 1) problems.push({ field: 'windows', message: 'normal windows share one rate' });
  if (normal.length && version.validFrom >= TOD_MANDATORY_FROM) {
    const base = normal[0]!.rate;
    windows.forEach((w, i) => {
      if (w.kind === 'PEAK' && w.rate < base * 1.2 - 1e-9) problems.push({ field: `windows[${i}].rate`, message: `a peak rate is at least 1.2 × the normal rate (₹${(base * 1.2).toFixed(2)}/kWh) since ${TOD_MANDATORY_FROM}` });
      if (w.kind === 'SOLAR' && w.rate > base * 0.8 + 1e-9) problems.push({ field: `windows[${i}].rate`, message: `a solar-hours rate is at least 20 % below the normal rate (at most ₹${(base * 0.8).toFixed(2)}/kWh) since ${TOD_MANDATORY_FROM}` });
    });
  }
  return problems;
}

/**
 * Whether a new version may start on `validFrom`: after every existing version's start (versions
 * are never changed, only followed) and not in a month already closed (before the 1st of `today`'s
 * month), so no past month is re-costed.
 */
export function newVersionProblem(existingFrom: readonly string[], validFrom: string, today: string): FieldProblem | null {
  const latest = [...existingFrom].sort().at(-1);
  if (latest !== undefined && validFrom <= latest) return { field: 'validFrom', message: `a new tariff version starts after the current one (from ${latest})` };
  if (validFrom < `${today.slice(0, 7)}-01`) return { field: 'validFrom', message: `${validFrom} is in a closed month: a past month is never costed again at a new price` };
  return null;
}

/** The version valid on a day, or undefined before the first. `versions` in any order. */
export function versionOn<V extends { validFrom: string }>(versions: readonly V[], day: string): V | undefined {
  let best: V | undefined;
  for (const v of versions) if (v.validFrom <= day && (best === undefined || v.validFrom > best.validFrom)) best = v;
  return best;
}

/** Shifts of a three-shift plant (A 06–14, B 14–22, C 22–06), the usual Indian roster. */
export const SHIFTS = [
  { name: 'A', fromHour: 6, toHour: 14 },
  { name: 'B', fromHour: 14, toHour: 22 },
  { name: 'C', fromHour: 22, toHour: 6 },
] as const;
export type ShiftName = (typeof SHIFTS)[number]['name'];

const SHIFT_OF_HOUR: ShiftName[] = Array.from({ length: 24 }, (_, h) => SHIFTS.find((s) => hoursOf(s).includes(h))!.name);

export function shiftOf(hour: number): ShiftName {
  return SHIFT_OF_HOUR[hour]!;
}

export interface HourEnergy {
  /** Start of the hour (epoch ms). */
  t: number;
  kwh: number;
}

export interface CostLine {
  kwh: number;
  cost: number;
}

export interface EnergyCost {
  /** Energy charges (before fixed charges and duty). */
  energyCharge: number;
  kwh: number;
  byKind: Partial<Record<WindowKind, CostLine>>;
  byDay: Map<string, CostLine>;
  byShift: Map<string, CostLine>;
  /** Energy charges by version (its validFrom): the duty of each is applied at its own rate. */
  byVersion: Map<string, CostLine>;
  /** kWh of hours before the first version (not costed). */
  uncostedKwh: number;
}

const add = (m: Map<string, CostLine>, key: string, kwh: number, cost: number) => {
  const line = m.get(key);
  if (line) {
    line.kwh += kwh;
    line.cost += cost;
  } else m.set(key, { kwh, cost });
};

/** Rates of a version by local hour (0–23). */
function rateTable(v: TariffVersion): { rate: number; kind: WindowKind }[] {
  const table: { rate: number; kind: WindowKind }[] = [];
  for (const w of v.windows) for (const h of hoursOf(w)) table[h] = { rate: w.rate, kind: w.kind };
  return table;
}

/** fixedOffset of a range, remembered for the few ranges in use (every meter of a bill asks the same). */
const offsets = new Map<string, number | undefined>();
function rangeOffset(from: number, to: number, zone: string): number | undefined {
  const key = `${zone} ${from} ${to}`;
  if (offsets.has(key)) return offsets.get(key);
  if (offsets.size > 64) offsets.clear();
  const offset = fixedOffset(from, to, zone);
  offsets.set(key, offset);
  return offset;
}

/** Energy charges of hourly energies under dated versions; days and shifts in `zone`. */
export function costOfHours(hours: readonly HourEnergy[], versions: readonly TariffVersion[], zone: string): EnergyCost {
  const out: EnergyCost = { energyCharge: 0, kwh: 0, byKind: {}, byDay: new Map(), byShift: new Map(), byVersion: new Map(), uncostedKwh: 0 };
  const tables = new Map<TariffVersion, { rate: number; kind: WindowKind }[]>();
  const dayCache = new Map<number, { day: string; version: TariffVersion | undefined }>();
  // One offset over the whole range (always in India): shift instants by it instead of asking the zone hour by hour.
  const first = hours[0]?.t ?? 0;
  const last = hours.length ? hours[hours.length - 1]!.t + 3_600_000 : 0;
  const offset = hours.length ? rangeOffset(Math.min(first, last), Math.max(first, last), zone) : undefined;
  for (const { t, kwh } of hours) {
    const wall = offset !== undefined ? t + offset : toWallClock(t, zone);
    const dayKey = Math.floor(wall / 86_400_000);
    let d = dayCache.get(dayKey);
    if (!d) {
      // The wall clock is the local time written as UTC: its ISO date is the local day.
      const day = offset !== undefined ? new Date(wall).toISOString().slice(0, 10) : dayOf(t, zone);
      d = { day, version: versionOn(versions, day) };
      dayCache.set(dayKey, d);
    }
    if (!d.version) {
      out.uncostedKwh += kwh;
      continue;
    }
    let table = tables.get(d.version);
    if (!table) tables.set(d.version, (table = rateTable(d.version)));
    const hour = Math.floor((wall % 86_400_000) / 3_600_000);
    const { rate, kind } = table[hour]!;
    const cost = kwh * rate;
    out.energyCharge += cost;
    out.kwh += kwh;
    const line = (out.byKind[kind] ??= { kwh: 0, cost: 0 });
    line.kwh += kwh;
    line.cost += cost;
    add(out.byDay, d.day, kwh, cost);
    add(out.byShift, shiftOf(hour), kwh, cost);
    add(out.byVersion, d.version.validFrom, kwh, cost);
  }
  return out;
}

export interface MonthBill {
  month: string;
  kwh: number;
  energyCharge: number;
  fixedCharge: number;
  duty: number;
  total: number;
  byKind: Partial<Record<WindowKind, CostLine>>;
  /** Energy charges by IST day and by shift. */
  byDay: Map<string, CostLine>;
  byShift: Map<string, CostLine>;
  /** The versions that priced the month with their days in it. */
  versions: { validFrom: string; days: number }[];
  uncostedKwh: number;
}

const daysIn = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/** The bill of a month 'YYYY-MM' from its hourly energies. */
export function monthBill(month: string, hours: readonly HourEnergy[], versions: readonly TariffVersion[], zone: string): MonthBill {
  const cost = costOfHours(hours, versions, zone);
  const n = daysIn(month);
  const dayCount = new Map<TariffVersion, number>();
  for (let d = 1; d <= n; d++) {
    const v = versionOn(versions, `${month}-${String(d).padStart(2, '0')}`);
    if (v) dayCount.set(v, (dayCount.get(v) ?? 0) + 1);
  }
  let fixedCharge = 0;
  let duty = 0;
  for (const [v, days] of dayCount) {
    const fixed = (v.fixedChargePerMonth * days) / n;
    fixedCharge += fixed;
    duty += ((cost.byVersion.get(v.validFrom)?.cost ?? 0) + fixed) * (v.dutyPercent / 100);
  }
  return {
    month,
    kwh: cost.kwh,
    energyCharge: cost.energyCharge,
    fixedCharge,
    duty,
    total: cost.energyCharge + fixedCharge + duty,
    byKind: cost.byKind,
    byDay: cost.byDay,
    byShift: cost.byShift,
    versions: [...dayCount].map(([v, days]) => ({ validFrom: v.validFrom, days })).sort((a, b) => a.validFrom.localeCompare(b.validFrom)),
    uncostedKwh: cost.uncostedKwh,
  };
}
