/**
 * The demo's energy meters (issue 31, docs/ENERGY.md): each meter's cumulative kWh register is a
 * pure function of the meter and the instant, as the pump meters' counters are (pump-meter.ts), so
 * the seed, the live feed and the simulator agree on every reading and a register never goes back
 * except where the story says so: the cement mill feeder's meter is reset at the mill's monthly
 * maintenance stop (every 30 days at 14:37 IST), so every 30 days of history hold one reset, and
 * a register passing 99,999,999.9 kWh starts again from 0 (a rollover).
 *
 * Loads follow a daily cycle and a day-to-day production swing (a mill runs harder on some days),
 * the main incomer imports 1.04 × the loads (losses) less rooftop solar and the DG set; solar is a
 * half sine from 06:30 to 18:30; the DG set runs 14:00–16:00 on every seventh day (grid outages).
 */
import { DEFAULT_TIME_ZONE, toWallClock } from '@enviro/domain/time-zone';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The meters count from this day (their installation, for the demo), as the pump meters do. */
const ORIGIN_WALL = Date.UTC(2020, 0, 1);
/** Registers of kWh show up to 99,999,999.9 and start again from 0 (a rollover every few years). */
export const KWH_ROLLOVER = 100_000_000;
/** The main incomer's register of MWh, likewise. */
export const MWH_ROLLOVER = 1_000_000;
/** The mill's maintenance stop: every 30 days from the origin, at 14:37. */
const RESET_CYCLE_DAYS = 30;
const RESET_MINUTE = 14 * 60 + 37;

export type EnergyProfile =
  | { kind: 'load'; kw: number; daily: number; peakHour: number; swing: number; resets?: boolean }
  | { kind: 'solar'; kwp: number }
  | { kind: 'dg'; kw: number }
  | { kind: 'main'; loads: readonly EnergyProfile[]; solar: EnergyProfile; dg: EnergyProfile; losses: number; perUnit: number };

/** Local (IST) hours since the origin, continuous. */
const hoursOf = (ms: number) => (toWallClock(ms, DEFAULT_TIME_ZONE) - ORIGIN_WALL) / HOUR_MS;

/** The day's production swing of a load (deterministic, ±swing). */
export function daySwing(day: number, swing: number): number {
  return 1 + swing * Math.sin(day * 1.3) * Math.cos(day * 0.37);
}

/** kWh of a load from the start of its local day to hour h (0–24) of that day. */
function loadWithinDay(p: Extract<EnergyProfile, { kind: 'load' }>, day: number, h: number): number {
  const w = (2 * Math.PI) / 24;
  const cycle = (x: number) => (p.daily / w) * Math.sin(w * (x - p.peakHour));
  return p.kw * daySwing(day, p.swing) * (h + cycle(h) - cycle(0));
}

const dayTotals = new WeakMap<object, number[]>();

/** kWh of a load over whole days [0, day), memoised per profile. */
function loadBeforeDay(p: Extract<EnergyProfile, { kind: 'load' }>, day: number): number {
  let sums = dayTotals.get(p);
  if (!sums) dayTotals.set(p, (sums = [0]));
  while (sums.length <= day) sums.push(sums[sums.length - 1]! + loadWithinDay(p, sums.length - 1, 24));
  return sums[day]!;
}

function solarWithinDay(kwp: number, h: number): number {
  const x = Math.min(Math.max(h - 6.5, 0), 12);
  return kwp * 0.8 * (12 / Math.PI) * (1 - Math.cos((Math.PI * x) / 12));
}

const DG_EVERY = 7;
/** Runs on days before `day` (days ≡ 3 mod 7). */
const dgRunsBefore = (day: number) => Math.floor((day + DG_EVERY - 4) / DG_EVERY);

/** Energy (kWh) a profile passed from the origin to local hour `hours` since it. */
export function energySince(p: EnergyProfile, hours: number): number {
  const day = Math.floor(hours / 24);
  const h = hours - day * 24;
  switch (p.kind) {
    case 'load':
      return loadBeforeDay(p, day) + loadWithinDay(p, day, h);
    case 'solar':
      return day * solarWithinDay(p.kwp, 24) + solarWithinDay(p.kwp, h);
    case 'dg':
      return p.kw * (2 * dgRunsBefore(day) + (day % DG_EVERY === 3 ? Math.min(Math.max(h - 14, 0), 2) : 0));
    case 'main':
      return p.losses * p.loads.reduce((s, l) => s + energySince(l, hours), 0) - energySince(p.solar, hours) - energySince(p.dg, hours);
  }
}

/** The instant of the last maintenance reset at or before `ms` (local hours since the origin). */
export function lastResetHours(hours: number): number {
  const cycle = RESET_CYCLE_DAYS * 24;
  const offset = RESET_MINUTE / 60;
  return Math.floor((hours - offset) / cycle) * cycle + offset;
}

/** The register a meter shows at an instant, in its own unit (kWh, or MWh for the main incomer). */
export function registerAt(p: EnergyProfile, ms: number): number {
  const hours = hoursOf(ms);
  if (hours < 0) return 0;
  let kwh = energySince(p, hours);
  if (p.kind === 'load' && p.resets && hours >= RESET_MINUTE / 60) kwh -= energySince(p, lastResetHours(hours));
  return p.kind === 'main' ? (kwh / p.perUnit) % MWH_ROLLOVER : kwh % KWH_ROLLOVER;
}

/** kW of a profile at an instant (the meters' live power, for the story's numbers). */
export function kwhBetween(p: EnergyProfile, fromMs: number, toMs: number): number {
  return energySince(p, Math.max(0, hoursOf(toMs))) - energySince(p, Math.max(0, hoursOf(fromMs)));
}

/** The demo's instants of the mill's resets in [fromMs, toMs]. */
export function resetsBetween(fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  const offset = toWallClock(fromMs, DEFAULT_TIME_ZONE) - fromMs;
  for (let h = lastResetHours(hoursOf(toMs)); h >= hoursOf(fromMs); h -= RESET_CYCLE_DAYS * 24) out.push(ORIGIN_WALL + h * HOUR_MS - offset);
  return out.reverse();
}

export { DAY_MS as ENERGY_DAY_MS };
