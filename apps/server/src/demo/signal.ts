/**
 * Demo signals as pure functions of (series key, instant): the seed, the server's live feed and the
 * simulator compute the same value for the same minute, so the live readings continue the history
 * the seed wrote, with no state to carry between them, and two of them sending one minute send the
 * same reading. Randomness comes from integer hashing, so it is deterministic.
 */

import { DEFAULT_TIME_ZONE, toWallClock } from '@enviro/domain/time-zone';
import { registerAt, type EnergyProfile } from './energy-register.ts';
import { pumpHoursAt, pumping, pumpOf, pumpVolumeAt, type Pump } from './pump-meter.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Plants and traffic follow local hours: India's. */
const ZONE = DEFAULT_TIME_ZONE;

/** What distinguishes one hash stream from another for the same series. */
const STREAM = { scale: 1, wander: 2, noise: 3, exceed: 4, outage: 5, dropout: 6, pump: 7 } as const;

/** FNV-1a: a string (a device serial, a parameter name) to a 32-bit key. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's finaliser: spreads every input bit over the output. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1) determined by a key and two integers. */
export function uniform(key: number, a: number, b: number): number {
  return mix(mix(mix(key ^ b) ^ a) + 0x9e3779b9) / 4_294_967_296;
}

/** mulberry32: a small seeded generator for choices made once (capacities, dates). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** How one parameter of one kind of station behaves. Fractions are of `base`. */
export interface SignalShape {
  /** Typical level. */
  base: number;
  /** Half the daily swing, as a fraction of base. */
  daily: number;
  /** Local (IST) hour of the daily peak. */
  peakHour: number;
  /** Slow wander over hours, as a fraction of base. */
  wander: number;
  /** Minute-to-minute noise (about one standard deviation), as a fraction of base. */
  noise: number;
  /** Decimal places the analyser reports. */
  decimals: number;
  /** How far one device's level may sit from base (0.15: 85%-115%). */
  spread: number;
  /** Physical ceiling (a percentage cannot pass 100). */
  ceiling?: number;
  /**
   * A reading of the device's pump meter instead of a level (pump-meter.ts): its flow (m³/h, noisy
   * while running, 0 when stopped), its cumulative volume (m³) or its cumulative running hours.
   */
  pump?: 'flow' | 'volume' | 'hours';
  /** A cumulative energy register instead of a level (energy-register.ts): a pure function of the instant. */
  energy?: EnergyProfile;
}

/** Limits of a series: an exceedance goes past them. */
export interface SignalLimits {
  min?: number | undefined;
  max?: number | undefined;
}

export interface SeriesSignal {
  key: number;
  /** The device's pump, which every pump reading of one device shares. */
  pump: Pump;
  shape: SignalShape;
  limits: SignalLimits;
  /** Device-specific multiplier of base, so two stacks of one kind differ. */
  scale: number;
  /** Chance that a given hour holds an exceedance. */
  exceedRate: number;
}

/** Mean exceedance events per series and day, before the device's own factor (0.3-2). */
const EXCEEDANCES_PER_DAY = 0.15;
/** Chance that a device has an outage starting on a given UTC day. */
const OUTAGE_RATE = 0.12;
/** Chance that one value of a row is missing while the others arrive. */
const DROPOUT_RATE = 0.001;

export function seriesSignal(deviceKey: string, param: string, shape: SignalShape, limits: SignalLimits): SeriesSignal {
  const device = hashString(deviceKey);
  const key = hashString(`${deviceKey}/${param}`);
  const exceedFactor = 0.3 + 1.7 * uniform(device, 0, STREAM.exceed);
  const limited = limits.min !== undefined || limits.max !== undefined;
  return {
    key,
    pump: pumpOf((stream) => uniform(device, stream, STREAM.pump)),
    shape,
    limits,
    scale: 1 + shape.spread * (2 * uniform(key, 0, STREAM.scale) - 1),
    exceedRate: limited ? (EXCEEDANCES_PER_DAY / 24) * exceedFactor : 0,
  };
}

/** Value noise: hashed knots every hour, eased between, in [-1, 1]. */
function wander(key: number, ms: number): number {
  const h = ms / HOUR_MS;
  const i = Math.floor(h);
  const f = h - i;
  const ease = f * f * (3 - 2 * f);
  const a = uniform(key, i, STREAM.wander);
  const b = uniform(key, i + 1, STREAM.wander);
  return (a + (b - a) * ease) * 2 - 1;
}

/** Roughly normal noise with unit standard deviation (sum of three uniforms). */
function noise(key: number, minute: number): number {
  const sum =
    uniform(key, minute, STREAM.noise) + uniform(key, minute, STREAM.noise + 16) + uniform(key, minute, STREAM.noise + 32);
  return (sum - 1.5) * 2;
}

/**
 * An exceedance, if this minute lies in one: events start in the first 40 minutes of an hour and
 * last 5-20 minutes, so each is decided by its own hour alone.
 */
function exceedance(s: SeriesSignal, ms: number): number | undefined {
  if (s.exceedRate === 0) return undefined;
  const hour = Math.floor(ms / HOUR_MS);
  if (uniform(s.key, hour, STREAM.exceed) >= s.exceedRate) return undefined;
  const start = Math.floor(40 * uniform(s.key, hour, STREAM.exceed + 16));
  const length = 5 + Math.floor(16 * uniform(s.key, hour, STREAM.exceed + 32));
  const minute = Math.floor((ms - hour * HOUR_MS) / MINUTE_MS);
  if (minute < start || minute >= start + length) return undefined;
  const { min, max } = s.limits;
  // Overshoot in proportion to the permitted band: pH 6.5-8.5 goes to 9.2, not to 13.
  const span = max !== undefined ? max - (min ?? 0) : Math.abs(min!);
  const overshoot = span * (0.08 + 0.5 * uniform(s.key, hour, STREAM.exceed + 48));
  const low = min !== undefined && (max === undefined || uniform(s.key, hour, STREAM.exceed + 64) < 0.5);
  return low ? min - overshoot : max! + overshoot;
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** The value a series reports at an instant (whole minutes; seconds are ignored). */
export function signalValue(s: SeriesSignal, ms: number): number | null {
  const minute = Math.floor(ms / MINUTE_MS);
  if (uniform(s.key, minute, STREAM.dropout) < DROPOUT_RATE) return null;
  const { shape } = s;
  if (shape.energy) return round(registerAt(shape.energy, ms), shape.decimals);
  if (shape.pump) return pumpValue(s, ms, minute);
  const peak = exceedance(s, ms);
  if (peak !== undefined) return round(peak, shape.decimals);
  const base = shape.base * s.scale;
  const localHour = (toWallClock(ms, ZONE) % DAY_MS) / HOUR_MS;
  const daily = Math.cos((2 * Math.PI * (localHour - shape.peakHour)) / 24) * shape.daily;
  let value = base * (1 + daily + shape.wander * wander(s.key, ms) + shape.noise * noise(s.key, minute));
  // Analysers that would read above a limit outside an event are held just under it, so alerts
  // come from the events alone and their number stays predictable.
  if (s.limits.max !== undefined) value = Math.min(value, s.limits.max * 0.97);
  if (s.limits.min !== undefined) value = Math.max(value, s.limits.min * 1.01);
  value = Math.max(value, 0);
  if (shape.ceiling !== undefined) value = Math.min(value, shape.ceiling);
  return round(value, shape.decimals);
}

function pumpValue(s: SeriesSignal, ms: number, minute: number): number {
  const { pump, decimals } = s.shape;
  if (pump === 'hours') return round(pumpHoursAt(s.pump, ms), decimals);
  if (pump === 'volume') return round(pumpVolumeAt(s.pump, ms), decimals);
  return pumping(s.pump, ms) ? round(s.pump.rate * (1 + s.shape.noise * noise(s.key, minute)), decimals) : 0;
}

/**
 * Whether a device is silent at an instant: on about one UTC day in eight an outage of 1-6 hours
 * starts at a random hour (and may run past midnight).
 */
export function inOutage(deviceKey: string, ms: number): boolean {
  const key = hashString(deviceKey);
  const day = Math.floor(ms / DAY_MS);
  for (const d of [day, day - 1]) {
    if (uniform(key, d, STREAM.outage) >= OUTAGE_RATE) continue;
    const start = d * DAY_MS + Math.floor(24 * uniform(key, d, STREAM.outage + 16)) * HOUR_MS;
    const length = (1 + Math.floor(6 * uniform(key, d, STREAM.outage + 32))) * HOUR_MS;
    if (ms >= start && ms < start + length) return true;
  }
  return false;
}
