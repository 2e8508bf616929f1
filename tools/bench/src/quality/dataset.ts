import type { SeriesInput } from '@enviro/domain/data-quality/assess';
import { receiptsOf, type SlotReceipt } from '@enviro/domain/data-quality/receipts';
import { SLOT_MS, type DetectorId, type QualitySlot } from '@enviro/domain/data-quality/detectors';
import { qualityConfigFor } from '@enviro/domain/data-quality/quality-config';

/**
 * The labelled synthetic data set of the data-quality benchmark (docs/DATA-QUALITY.md): stations of
 * each type with realistic 15-minute slots (a daily cycle, a slow wander, per-minute noise giving
 * each slot its minimum and maximum), each anomaly injected at known slots and labelled with the
 * detector that should find it, and clean series that look odd but are real (start-ups, rain, stable
 * processes, a process running close to its limit, a load drop, a stopped stack). Deterministic: one
 * seed, the same set every run.
 */

export interface LabelledStation {
  name: string;
  kind: 'clean' | 'odd' | 'anomaly';
  series: SeriesInput[];
  /** Labelled slots: `${deviceId}:${slot}:${at}` → the detector that should fire there. */
  labels: Map<string, DetectorId>;
  /**
   * Slots an injection changed that no detector is asked to find (the plateau between a jump and its
   * return, the O2 of a dilution, the zero flow beside the pollutants it flags): neither a hit nor a
   * false positive.
   */
  tainted: Set<string>;
  /** When each device's slots reached the server, where the station says (the late back-fills). */
  receipts?: Map<string, SlotReceipt[]>;
  now: number;
}

export const DAYS = 14;
const SLOTS = DAYS * 96;
export const T0 = Date.UTC(2026, 9, 1, 18, 30); // 1 October 2026 00:00 IST

/** A small deterministic generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function gauss(r: () => number): number {
  return Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
}

interface Signal {
  base: number;
  /** Daily swing, wander and per-minute noise as shares of the level. */
  daily: number;
  wander: number;
  noise: number;
  peakHour: number;
  decimals: number;
}

/** A series' slots from a signal: fifteen one-minute readings a slot, summed into the slot's aggregates. */
export function slotsOf(signal: Signal, r: () => number, level: (i: number) => number = () => 1): QualitySlot[] {
  let w = 0;
  const round = (x: number) => Math.round(x * 10 ** signal.decimals) / 10 ** signal.decimals;
  return Array.from({ length: SLOTS }, (_, i) => {
    w = 0.97 * w + 0.03 * gauss(r) * 4;
    const hour = ((i % 96) / 4 + 5.5) % 24;
    const mean = signal.base * level(i) * (1 + signal.daily * Math.cos(((hour - signal.peakHour) / 24) * 2 * Math.PI) + signal.wander * w);
    const values = Array.from({ length: 15 }, () => round(Math.max(0, mean * (1 + signal.noise * gauss(r)))));
    const sum = values.reduce((a, b) => a + b, 0);
    return { at: T0 + i * SLOT_MS, n: 15, avg: sum / 15, min: Math.min(...values), max: Math.max(...values) };
  });
}

const sig = (base: number, o: Partial<Signal> = {}): Signal => ({ base, daily: 0.12, wander: 0.06, noise: 0.04, peakHour: 14, decimals: 1, ...o });

/** The station types and their parameters: name, signal, upper limit. */
const TYPES: Record<'cems' | 'eqms' | 'caaqms', [string, Signal, number | null][]> = {
  cems: [
    ['pm', sig(24, { noise: 0.06, decimals: 2 }), 50],
    ['so2', sig(280), 600],
    ['nox', sig(210), 450],
    ['co', sig(45, { noise: 0.08 }), null],
    ['o2', sig(7, { daily: 0.03, wander: 0.02, noise: 0.01, decimals: 2 }), null],
    ['flow', sig(185_000, { daily: 0.08, noise: 0.015, decimals: 0 }), null],
  ],
  eqms: [
    ['ph', sig(7.4, { daily: 0.02, wander: 0.02, noise: 0.005, decimals: 2 }), 8.5],
    ['bod', sig(14, { noise: 0.05, decimals: 2 }), 30],
    ['cod', sig(115, { noise: 0.05 }), 250],
    ['tss', sig(42, { noise: 0.06 }), 100],
    ['flow', sig(65, { daily: 0.25, noise: 0.05 }), null],
  ],
  caaqms: [
    ['pm2_5', sig(28, { peakHour: 21, daily: 0.25, wander: 0.12, noise: 0.05 }), 60],
    ['pm10', sig(52, { peakHour: 21, daily: 0.25, wander: 0.12, noise: 0.05 }), 100],
    ['no2', sig(26, { peakHour: 21, daily: 0.3 }), 80],
    ['o3', sig(48, { peakHour: 15, daily: 0.45 }), 180],
    ['co', sig(0.9, { peakHour: 21, daily: 0.3, decimals: 2 }), 4],
  ],
};

type Builder = { series: SeriesInput[]; labels: Map<string, DetectorId>; tainted: Set<string>; r: () => number };

function station(type: keyof typeof TYPES, seed: number, levels: Record<string, (i: number) => number> = {}): Builder {
  const r = rng(seed);
  const series = TYPES[type].map(([param, signal, limit], k): SeriesInput => ({ deviceId: String(seed), slot: k + 1, param, limit, slots: slotsOf(signal, r, levels[param]) }));
  return { series, labels: new Map(), tainted: new Set(), r };
}

const find = (b: Builder, param: string) => b.series.find((s) => s.param === param)!;
const keyOf = (s: SeriesInput, i: number) => `${s.deviceId}:${s.slot}:${s.slots[i]!.at}`;
const label = (b: Builder, s: SeriesInput, i: number, d: DetectorId) => b.labels.set(keyOf(s, i), d);
const taint = (b: Builder, s: SeriesInput, i: number) => b.tainted.add(keyOf(s, i));
const set = (s: SeriesInput, i: number, slot: Partial<QualitySlot>) => {
  (s.slots as QualitySlot[])[i] = { ...s.slots[i]!, ...slot };
};
const scaleSlot = (s: SeriesInput, i: number, f: number) => set(s, i, { avg: s.slots[i]!.avg * f, min: s.slots[i]!.min * f, max: s.slots[i]!.max * f });
const shiftSlot = (s: SeriesInput, i: number, d: number) => set(s, i, { avg: s.slots[i]!.avg + d, min: s.slots[i]!.min + d, max: s.slots[i]!.max + d });

/** Where the k-th injection of a station goes: spread over days 2 to 13, never at the same slot. */
const at = (r: () => number, k: number) => 192 + k * 83 + Math.floor(r() * 40);

/** Each anomaly, injected into one station of a type, `count` times at known slots. */
const INJECTIONS: { detector: DetectorId; type: keyof typeof TYPES; inject: (b: Builder, i: number) => void }[] = [
  {
    detector: 'flat_line',
    type: 'cems',
    inject: (b, i) => {
      const s = find(b, 'so2');
      const v = Math.round(s.slots[i]!.avg * 10) / 10;
      const len = 8 + Math.floor(b.r() * 24);
      for (let k = i; k < i + len; k++) {
        set(s, k, { avg: v, min: v, max: v });
        label(b, s, k, 'flat_line');
      }
    },
  },
  {
    detector: 'spike',
    type: 'caaqms',
    inject: (b, i) => {
      const s = find(b, 'pm10');
      scaleSlot(s, i, 6 + 4 * b.r());
      label(b, s, i, 'spike');
    },
  },
  {
    detector: 'rate_of_change',
    type: 'cems',
    inject: (b, i) => {
      const s = find(b, 'nox');
      const jump = 0.65 * qualityConfigFor('nox').range!.max;
      for (let k = i; k < i + 6; k++) shiftSlot(s, k, jump);
      label(b, s, i, 'rate_of_change');
      label(b, s, i + 6, 'rate_of_change');
      for (let k = i + 1; k < i + 6; k++) taint(b, s, k);
    },
  },
  {
    detector: 'out_of_range',
    type: 'eqms',
    inject: (b, i) => {
      const s = find(b, 'ph');
      set(s, i, { avg: 15.2, min: 14.8, max: 15.6 });
      label(b, s, i, 'out_of_range');
      // The step back from an impossible value is a real step: rate of change may flag it.
      taint(b, s, i + 1);
    },
  },
  {
    detector: 'negative',
    type: 'cems',
    inject: (b, i) => {
      const s = find(b, 'co');
      const v = -0.015 * qualityConfigFor('co').range!.max;
      set(s, i, { avg: v, min: v - 1, max: v + 1 });
      label(b, s, i, 'negative');
    },
  },
  {
    detector: 'full_scale',
    type: 'cems',
    inject: (b, i) => {
      const s = find(b, 'pm');
      const top = qualityConfigFor('pm').range!.max;
      for (let k = i; k < i + 3; k++) {
        set(s, k, { avg: top - 5 * b.r(), min: top - 20, max: top });
        label(b, s, k, 'full_scale');
      }
      taint(b, s, i + 3);
    },
  },
  {
    detector: 'gap',
    type: 'eqms',
    inject: (b, i) => {
      const s = find(b, 'cod');
      set(s, i, { n: 1 + Math.floor(b.r() * 6) });
      label(b, s, i, 'gap');
    },
  },
  {
    detector: 'duplicate',
    type: 'caaqms',
    inject: (b, i) => {
      const s = find(b, 'no2');
      for (let k = i; k < i + 8; k++) {
        set(s, k, { ...s.slots[k - 96]!, at: s.slots[k]!.at });
        label(b, s, k, 'duplicate');
      }
    },
  },
  {
    detector: 'bunching',
    type: 'cems',
    inject: (b, i) => {
      // A week whose stack runs hot (above its SO2 limit a third of the time), every such average moved just under it.
      const s = find(b, 'so2');
      const limit = s.limit!;
      const end = Math.min(i + 672, s.slots.length);
      for (let k = i; k < end; k++) {
        const hot = s.slots[k]!.avg * 2;
        const reported = hot >= limit ? limit * (0.9 + 0.099 * b.r()) : hot;
        set(s, k, { avg: reported, min: reported * 0.97, max: Math.min(reported * 1.03, limit - 0.01) });
        if (reported >= 0.9 * limit && reported < limit) label(b, s, k, 'bunching');
        else taint(b, s, k);
      }
    },
  },
  {
    detector: 'pm25_above_pm10',
    type: 'caaqms',
    inject: (b, i) => {
      const fine = find(b, 'pm2_5');
      const coarse = find(b, 'pm10');
      for (let k = i; k < i + 4; k++) {
        const v = coarse.slots[k]!.avg * (1.15 + 0.3 * b.r());
        set(fine, k, { avg: v, min: v * 0.95, max: v * 1.05 });
        label(b, fine, k, 'pm25_above_pm10');
      }
    },
  },
  {
    detector: 'dilution',
    type: 'cems',
    inject: (b, i) => {
      // Air let into the duct: O2 up by 4 to 7 points, every pollutant down by (21 − O2 after) / (21 − O2 before).
      const o2 = find(b, 'o2');
      const rise = 4 + 3 * b.r();
      for (let k = i; k < i + 16; k++) {
        const before = o2.slots[k]!.avg;
        shiftSlot(o2, k, rise);
        taint(b, o2, k);
        const factor = (21 - before - rise) / (21 - before);
        for (const p of ['so2', 'nox']) {
          scaleSlot(find(b, p), k, factor);
          label(b, find(b, p), k, 'dilution');
        }
      }
    },
  },
  {
    detector: 'flow_zero',
    type: 'cems',
    inject: (b, i) => {
      const flow = find(b, 'flow');
      for (let k = i; k < i + 6; k++) {
        set(flow, k, { avg: 0, min: 0, max: 0 });
        taint(b, flow, k);
        for (const p of ['pm', 'so2', 'nox', 'co']) label(b, find(b, p), k, 'flow_zero');
      }
    },
  },
  {
    detector: 'future_timestamp',
    type: 'eqms',
    inject: () => undefined,
  },
  {
    detector: 'late_timestamp',
    type: 'eqms',
    inject: () => undefined,
  },
];

/** Injections per anomaly station, and anomaly stations per detector. */
const PER_STATION = 8;
const STATIONS_PER_DETECTOR = 3;

/** Clean stations of every type, and the odd-but-real ones. */
function cleanAndOdd(seed: number): LabelledStation[] {
  const out: LabelledStation[] = [];
  const now = T0 + SLOTS * SLOT_MS;
  for (const [k, type] of (['cems', 'eqms', 'caaqms'] as const).entries()) {
    for (let j = 0; j < 4; j++) {
      const b = station(type, seed + 100 * k + j);
      out.push({ name: `clean ${type} ${j + 1}`, kind: 'clean', series: b.series, labels: b.labels, tainted: b.tainted, now });
    }
  }
  // A stack that starts up: off (zero flow, nothing emitted) for the first half day of every fourth day, then straight up.
  const off = (i: number) => (Math.floor(i / 96) % 4 === 0 && i % 96 < 48 ? 0 : 1);
  const startUp = station('cems', seed + 500, { pm: off, so2: off, nox: off, co: off, flow: off, o2: (i) => (off(i) ? 1 : 2.9) });
  out.push({ name: 'odd: stack starting up every fourth day', kind: 'odd', series: startUp.series, labels: startUp.labels, tainted: startUp.tainted, now });
  // Monsoon rain washing the air: PM down to a third for eight hours, twice a week.
  const rain = (i: number) => (i % 336 > 200 && i % 336 <= 232 ? 0.33 : 1);
  const wet = station('caaqms', seed + 501, { pm2_5: rain, pm10: rain });
  out.push({ name: 'odd: rain washing PM out', kind: 'odd', series: wet.series, labels: wet.labels, tainted: wet.tainted, now });
  // A very stable process: a fifth of the usual swing and noise.
  const r = rng(seed + 502);
  const steady = TYPES.cems.map(([param, s, limit], k): SeriesInput => ({ deviceId: 'steady', slot: k + 1, param, limit, slots: slotsOf({ ...s, daily: 0.01, wander: 0.01, noise: s.noise / 5 }, r) }));
  out.push({ name: 'odd: very stable process', kind: 'odd', series: steady, labels: new Map(), tainted: new Set(), now });
  // A process running close to its limit, honestly: SO2 around 85 % of it, exceeding now and then.
  const close = station('cems', seed + 503, { so2: () => 1.8 });
  out.push({ name: 'odd: SO2 close to its limit', kind: 'odd', series: close.series, labels: close.labels, tainted: close.tainted, now });
  // A load drop: O2 up 3 points while SO2 falls by 60 % (the fuel's, not the air's doing).
  const drop = (i: number) => (i % 192 > 100 && i % 192 < 140 ? 1 : 0);
  const load = station('cems', seed + 504, { so2: (i) => 1 - 0.6 * drop(i), nox: (i) => 1 - 0.5 * drop(i), o2: (i) => 1 + (3 / 7) * drop(i) });
  out.push({ name: 'odd: load drop', kind: 'odd', series: load.series, labels: load.labels, tainted: load.tainted, now });
  return out;
}

/** The whole labelled set. */
export function qualityDataset(seed = 36): LabelledStation[] {
  const out = cleanAndOdd(seed);
  const now = T0 + SLOTS * SLOT_MS;
  for (const [d, inj] of INJECTIONS.entries()) {
    for (let j = 0; j < STATIONS_PER_DETECTOR; j++) {
      const b = station(inj.type, seed + 1000 + 10 * d + j);
      if (inj.detector === 'future_timestamp') {
        // Slots stamped after now: a device clock a day ahead. Assessed with `now` a day before the series' end.
        for (const s of b.series) for (const slot of s.slots) if (slot.at > now - 86_400_000) b.labels.set(`${s.deviceId}:${s.slot}:${slot.at}`, 'future_timestamp');
        out.push({ name: `anomaly future_timestamp ${j + 1}`, kind: 'anomaly', series: b.series, labels: b.labels, tainted: b.tainted, now: now - 86_400_000 });
        continue;
      }
      if (inj.detector === 'late_timestamp') {
        // Days 3 and 9 back-filled 8 days after, days 5 and 11 two days after (a gateway's usual backlog), the rest live.
        const arrivals = new Map<string, { at: number; receivedAt: number }[]>();
        for (const s of b.series) {
          const list = arrivals.get(s.deviceId) ?? [];
          arrivals.set(s.deviceId, list);
          for (const slot of s.slots) {
            const dayIndex = Math.floor((slot.at - T0) / 86_400_000);
            const delay = dayIndex === 3 || dayIndex === 9 ? 8 * 86_400_000 : dayIndex === 5 || dayIndex === 11 ? 2 * 86_400_000 : 60_000;
            list.push({ at: slot.at, receivedAt: slot.at + SLOT_MS + delay });
            if (delay > 7 * 86_400_000) b.labels.set(`${s.deviceId}:${s.slot}:${slot.at}`, 'late_timestamp');
          }
        }
        const receipts = new Map([...arrivals].map(([deviceId, list]) => [deviceId, receiptsOf(list)]));
        out.push({ name: `anomaly late_timestamp ${j + 1}`, kind: 'anomaly', series: b.series, labels: b.labels, tainted: b.tainted, receipts, now: now + 9 * 86_400_000 });
        continue;
      }
      const count = inj.detector === 'bunching' ? 1 : PER_STATION;
      for (let k = 0; k < count; k++) inj.inject(b, inj.detector === 'bunching' ? 96 * 6 : at(b.r, k));
      out.push({ name: `anomaly ${inj.detector} ${j + 1}`, kind: 'anomaly', series: b.series, labels: b.labels, tainted: b.tainted, now });
    }
  }
  return out;
}

/**
 * Readings' device time against their receive time, per device: live ones (a few seconds late), a
 * gateway flushing a day's backlog (each reading its own delay), and clocks set wrong by 6 to 30
 * minutes either way from a known reading on. Labelled by slot start.
 */
export function clockDataset(seed = 36): { name: string; readings: { at: number; receivedAt: number }[]; drifting: Set<number> }[] {
  const r = rng(seed + 11);
  const minute = 60_000;
  const day = (offset: (k: number) => number) => Array.from({ length: 1440 }, (_, k) => ({ at: T0 + k * minute, receivedAt: T0 + k * minute + offset(k) }));
  const out: { name: string; readings: { at: number; receivedAt: number }[]; drifting: Set<number> }[] = [];
  for (let j = 0; j < 10; j++) out.push({ name: `live ${j + 1}`, readings: day(() => 1_000 + 8_000 * r()), drifting: new Set() });
  for (let j = 0; j < 5; j++) {
    const flushAt = T0 + (1440 + 60 * j) * minute;
    out.push({ name: `backlog ${j + 1}`, readings: day((k) => flushAt - (T0 + k * minute) + 200 * r()), drifting: new Set() });
  }
  for (let j = 0; j < 10; j++) {
    const from = 200 + Math.floor(r() * 800);
    const offset = (j % 2 ? 1 : -1) * (6 + 24 * r()) * minute;
    const readings = day((k) => 2_000 + 5_000 * r() + (k >= from ? offset : 0));
    // Only whole slots after the change are labelled: the slot it falls in mixes both clocks.
    const drifting = new Set(readings.filter((x, k) => k >= from && Math.floor(x.at / SLOT_MS) > Math.floor((T0 + from * minute) / SLOT_MS)).map((x) => Math.floor(x.at / SLOT_MS) * SLOT_MS));
    out.push({ name: `clock off ${j + 1}`, readings, drifting });
  }
  return out;
}

/** Calibration checks (zero deviation, % of span) of analysers: clean, scattered, and creeping from a known check. */
export function driftDataset(seed = 36): { name: string; deviations: number[]; driftFrom: number | null }[] {
  const r = rng(seed + 7);
  const out: { name: string; deviations: number[]; driftFrom: number | null }[] = [];
  for (let j = 0; j < 60; j++) out.push({ name: `clean ${j + 1}`, deviations: Array.from({ length: 24 }, () => 0.6 * gauss(r)), driftFrom: null });
  for (let j = 0; j < 30; j++) {
    const from = 6 + Math.floor(r() * 8);
    const slope = (j % 2 ? 1 : -1) * (0.5 + 0.5 * r());
    out.push({ name: `creeping ${j + 1}`, deviations: Array.from({ length: 24 }, (_, k) => 0.6 * gauss(r) + (k >= from ? slope * (k - from + 1) : 0)), driftFrom: from });
  }
  return out;
}
