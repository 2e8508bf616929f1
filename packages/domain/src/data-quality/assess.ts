import { percent } from '../figures.ts';
import { bunching } from './bunching.ts';
import { dilution, flowZero, pm25AbovePm10 } from './cross-checks.ts';
import { INVALIDATING, PENALTY, SLOT_MS, type DetectorId, type QualitySlot, type QualityState } from './detectors.ts';
import { DEFAULT_STATION_QUALITY, qualityConfigFor, type ParamQualityConfig, type StationQualityConfig } from './quality-config.ts';
import { hasClockDrift, isLate, type SlotReceipt } from './receipts.ts';
import { duplicates, flatLine, futureSlots, partialSlots, rangeChecks, rateOfChange, spikes } from './series-checks.ts';

/** One series of a station to assess: a device's parameter with its slots in time order. */
export interface SeriesInput {
  /** The device and its parameter slot: what names the series in the result. */
  deviceId: string;
  slot: number;
  /** The standard parameter's name (so2, pm2_5, flow, …): picks its settings and the cross checks. */
  param: string;
  slots: readonly QualitySlot[];
  /** The upper limit, when the parameter has one (bunching is looked for under it). */
  limit?: number | null;
  config?: Partial<ParamQualityConfig>;
}

/** A calibration or maintenance window of a device (or of all a station's devices: deviceId null). */
export interface QualityWindow {
  kind: 'calibration' | 'maintenance';
  deviceId: string | null;
  from: number;
  to: number | null;
}

/** A period a detector found outside the slots (a calibration drift alarm) on one device, or one of its parameters. */
export interface QualityPeriod {
  detector: DetectorId;
  deviceId: string;
  /** The parameter's standard name; absent: all the device's. */
  param?: string;
  from: number;
  to: number;
}

export interface AssessInput {
  series: readonly SeriesInput[];
  windows?: readonly QualityWindow[];
  periods?: readonly QualityPeriod[];
  /** When each device's slots reached the server, where known (slot_receipt): late and clock checks. */
  receipts?: ReadonlyMap<string, readonly SlotReceipt[]>;
  now: number;
  station?: Partial<StationQualityConfig>;
}

/** The verdict on one slot of one series. */
export interface SlotQuality {
  deviceId: string;
  slot: number;
  at: number;
  state: QualityState;
  detectors: DetectorId[];
}

/** Pollutants whose fall with rising O2 or flow is dilution, and which a zero flow cannot carry. */
export const STACK_POLLUTANTS = new Set(['pm', 'so2', 'nox', 'co', 'hcl', 'hf', 'hg', 'nh3']);

/**
 * Every detector over a station's series, and each slot's state: calibration or maintenance inside
 * a window of its device (what the analyser then reads is not process data, whatever fired), else
 * invalid when a detector found it impossible, suspect when any other fired, valid otherwise. The
 * detectors that fired are kept in every state.
 */
export function assessStation(input: AssessInput): SlotQuality[] {
  const station = { ...DEFAULT_STATION_QUALITY, ...input.station };
  const fired = new Map<string, Map<number, Set<DetectorId>>>();
  const keyOf = (s: SeriesInput) => `${s.deviceId}:${s.slot}`;
  const flag = (series: SeriesInput, at: number, d: DetectorId) => {
    const m = fired.get(keyOf(series)) ?? new Map<number, Set<DetectorId>>();
    fired.set(keyOf(series), m);
    m.set(at, (m.get(at) ?? new Set()).add(d));
  };
  const flagIdx = (series: SeriesInput, idx: readonly number[], d: DetectorId) => idx.forEach((i) => flag(series, series.slots[i]!.at, d));

  for (const s of input.series) {
    const c = qualityConfigFor(s.param, s.config);
    if (c.flatLine) flagIdx(s, flatLine(s.slots, c.flatLine), 'flat_line');
    if (c.spike) flagIdx(s, spikes(s.slots, c.spike), 'spike');
    if (c.maxStep !== undefined) flagIdx(s, rateOfChange(s.slots, c.maxStep), 'rate_of_change');
    const range = rangeChecks(s.slots, c);
    flagIdx(s, range.outOfRange, 'out_of_range');
    flagIdx(s, range.negative, 'negative');
    flagIdx(s, range.fullScale, 'full_scale');
    flagIdx(s, partialSlots(s.slots, station.gapCoverage), 'gap');
    flagIdx(s, duplicates(s.slots), 'duplicate');
    flagIdx(s, futureSlots(s.slots, input.now), 'future_timestamp');
    const receipts = input.receipts?.get(s.deviceId);
    if (receipts && receipts.length > 0) {
      const has = new Set(s.slots.map((x) => x.at));
      for (const r of receipts) {
        if (!has.has(r.at)) continue;
        if (isLate(r, station.lateAfterMs)) flag(s, r.at, 'late_timestamp');
        if (hasClockDrift(r, station.maxClockDriftMs)) flag(s, r.at, 'clock_drift');
      }
    }
    if (c.bunching && s.limit) flagIdx(s, bunching(s.slots, s.limit, station.bunching), 'bunching');
  }

  const find = (param: string) => input.series.find((s) => s.param === param);
  const pm25 = find('pm2_5');
  const pm10 = find('pm10');
  if (pm25 && pm10) pm25AbovePm10(pm25.slots, pm10.slots, station.pmTolerance).forEach((at) => flag(pm25, at, 'pm25_above_pm10'));
  for (const p of input.series.filter((s) => STACK_POLLUTANTS.has(s.param))) {
    const running = qualityConfigFor(p.param, p.config).flatLine?.runningAbove ?? 0;
    const flow = input.series.find((s) => s.param === 'flow' && s.deviceId === p.deviceId) ?? find('flow');
    const o2 = input.series.find((s) => s.param === 'o2' && s.deviceId === p.deviceId) ?? find('o2');
    if (flow) {
      flowZero(p.slots, flow.slots, station.flowZeroShare, running).forEach((at) => flag(p, at, 'flow_zero'));
      dilution(p.slots, flow.slots, 'flow', station.dilution).forEach((at) => flag(p, at, 'dilution'));
    }
    if (o2) dilution(p.slots, o2.slots, 'o2', station.dilution).forEach((at) => flag(p, at, 'dilution'));
  }
  for (const period of input.periods ?? []) {
    for (const s of input.series.filter((x) => x.deviceId === period.deviceId && (period.param === undefined || x.param === period.param))) {
      for (const slot of s.slots) if (slot.at + SLOT_MS > period.from && slot.at < period.to) flag(s, slot.at, period.detector);
    }
  }

  const windowOf = (deviceId: string, at: number) =>
    (input.windows ?? []).find((w) => (w.deviceId === null || w.deviceId === deviceId) && w.from < at + SLOT_MS && (w.to === null || w.to > at));
  return input.series.flatMap((s) =>
    s.slots.map((slot) => {
      const detectors = [...(fired.get(keyOf(s))?.get(slot.at) ?? [])].sort();
      return { deviceId: s.deviceId, slot: s.slot, at: slot.at, state: stateOf(detectors, windowOf(s.deviceId, slot.at)?.kind), detectors };
    }),
  );
}

/** The state of a slot from the detectors that fired on it and the window it lies in. */
export function stateOf(detectors: readonly DetectorId[], window?: 'calibration' | 'maintenance'): QualityState {
  if (window) return window;
  if (detectors.some((d) => INVALIDATING.has(d))) return 'invalid';
  return detectors.length > 0 ? 'suspect' : 'valid';
}

/**
 * What a data-quality score is made of (DEFINITIONS.md): the slots with data outside calibration and
 * maintenance windows (`counted`), and the credit they earned, each 1 less the heaviest penalty of
 * what fired on it (an invalid slot earns none).
 */
export function scoreParts(slots: readonly Pick<SlotQuality, 'state' | 'detectors'>[]): { counted: number; credit: number } {
  let counted = 0;
  let credit = 0;
  for (const s of slots) {
    if (s.state === 'calibration' || s.state === 'maintenance') continue;
    counted++;
    if (s.state !== 'invalid') credit += 1 - Math.max(0, ...s.detectors.map((d) => PENALTY[d]));
  }
  return { counted, credit };
}

/** The score of summed parts: the credit as a percentage of the slots counted, as every share is rounded (figures.ts); null without any. */
export function scoreOf(parts: { counted: number; credit: number }): number | null {
  return percent(parts.credit, parts.counted);
}

/** A score over some slots' verdicts. */
export function qualityScore(slots: readonly Pick<SlotQuality, 'state' | 'detectors'>[]): number | null {
  return scoreOf(scoreParts(slots));
}
