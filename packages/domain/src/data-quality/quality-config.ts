/**
 * Each detector's window and threshold per parameter (docs/DATA-QUALITY.md gives the rule beside
 * each). Defaults by standard parameter name; a caller may override any field for a parameter.
 * A detector whose settings are absent (undefined) does not run on that parameter: a water level or
 * a totalizer is flat by nature, wind direction wraps around.
 */
export interface FlatLineConfig {
  /** Consecutive slots of one value before the run is flagged. */
  slots: number;
  /** Values within this much (absolute) of each other count as one value. */
  tolerance: number;
  /** The process is taken as running only above this value: a stopped stack's zeros are real. */
  runningAbove: number;
}

export interface SpikeConfig {
  /** Slots before the candidate whose median and MAD set the local scale. */
  window: number;
  /** A spike leaves and returns by more than this many local scales. */
  factor: number;
  /** The local scale never falls below this (absolute), so a quiet series' noise is no spike. */
  minScale: number;
}

export interface ParamQualityConfig {
  /** The analyser's measuring range; outside it a value is impossible, at its top it is clipped. */
  range?: { min: number; max: number };
  /** A concentration can never be below zero (beyond the analyser's zero noise, `negativeTolerance`). */
  concentration: boolean;
  negativeTolerance: number;
  flatLine?: FlatLineConfig;
  spike?: SpikeConfig;
  /** The largest change of the 15-minute average from one slot to the next that analyser and process allow. */
  maxStep?: number;
  /** Bunching under the upper limit is looked for on parameters with one. */
  bunching: boolean;
}

const NONE: ParamQualityConfig = { concentration: false, negativeTolerance: 0, bunching: false };

function gas(rangeMax: number, o: Partial<ParamQualityConfig> = {}): ParamQualityConfig {
  return {
    range: { min: -0.02 * rangeMax, max: rangeMax },
    concentration: true,
    negativeTolerance: 0.01 * rangeMax,
    flatLine: { slots: 8, tolerance: 0.0005 * rangeMax, runningAbove: 0.01 * rangeMax },
    spike: { window: 8, factor: 8, minScale: 0.01 * rangeMax },
    maxStep: 0.6 * rangeMax,
    bunching: true,
    ...o,
  };
}

/** Ranges are those of the analysers CPCB's guidelines name for each parameter's usual scale. */
export const DEFAULT_QUALITY_CONFIG: Readonly<Record<string, ParamQualityConfig>> = {
  pm: gas(500),
  so2: gas(2000),
  nox: gas(2000),
  co: gas(1000),
  hcl: gas(200),
  hf: gas(50),
  hg: gas(1),
  nh3: gas(2000),
  no2: gas(1000),
  o3: gas(1000),
  pm2_5: gas(1000),
  pm10: gas(2000),
  bod: gas(500),
  cod: gas(2000),
  tss: gas(1000),
  tds: gas(10000),
  ammonia: gas(500),
  o2: { ...gas(25), bunching: false },
  co2: { ...gas(25), bunching: false },
  ph: { range: { min: 0, max: 14 }, concentration: false, negativeTolerance: 0, flatLine: { slots: 8, tolerance: 0.0005, runningAbove: 0.5 }, spike: { window: 8, factor: 8, minScale: 0.1 }, maxStep: 4, bunching: false },
  flow: { concentration: false, negativeTolerance: 0, flatLine: undefined, bunching: false },
};

/** The settings of a parameter: its defaults (none known: only the timing checks) with the caller's overrides. */
export function qualityConfigFor(param: string, overrides: Partial<ParamQualityConfig> = {}): ParamQualityConfig {
  return { ...(DEFAULT_QUALITY_CONFIG[param] ?? NONE), ...overrides };
}

/** Settings shared by all parameters: the gap, timestamp, bunching and cross-parameter rules. */
export interface StationQualityConfig {
  /** A slot with fewer than this share of the series' usual readings per slot is a partial slot (a gap). */
  gapCoverage: number;
  /** A slot whose readings arrived this long after it closed is late (back-filled). */
  lateAfterMs: number;
  /** Device clocks off the receive time by more than this drift (`hasClockDrift`). */
  maxClockDriftMs: number;
  bunching: BunchingConfig;
  /** PM2.5 above PM10 by more than this share of PM10 (two analysers disagree a little). */
  pmTolerance: number;
  dilution: DilutionConfig;
  /** Flow at or below this share of its own median counts as zero. */
  flowZeroShare: number;
}

export interface BunchingConfig {
  /** Slots of the trailing window the distribution is read from (672: a week). */
  window: number;
  /** The band just under the limit, as shares of the limit: [lower·L, L). */
  lower: number;
  /** Fewest slots in the band before bunching is considered. */
  minSlots: number;
  /** The band must hold this many times what the station's distribution predicts for it… */
  ratio: number;
  /** …and that many more slots than predicted, in Poisson standard deviations: (O − E) / √E. */
  z: number;
}

export interface DilutionConfig {
  /** Slots compared before and after (8: two hours each). */
  window: number;
  /** Rise of O2 (percentage points) or of flow (share) that counts as diluting. */
  o2Rise: number;
  flowRise: number;
  /** The pollutant's fall must match the dilution's factor within this share. */
  match: number;
}

export const DEFAULT_STATION_QUALITY: StationQualityConfig = {
  gapCoverage: 0.5,
  lateAfterMs: 7 * 24 * 3600_000,
  maxClockDriftMs: 5 * 60_000,
  bunching: { window: 672, lower: 0.9, minSlots: 16, ratio: 3, z: 4 },
  pmTolerance: 0.05,
  dilution: { window: 8, o2Rise: 2, flowRise: 0.3, match: 0.1 },
  flowZeroShare: 0.02,
};

/** Detectors a board may tune or switch off for one parameter of one device. */
export const TUNABLE_DETECTORS = ['flat_line', 'spike', 'rate_of_change', 'bunching'] as const;
export type TunableDetector = (typeof TUNABLE_DETECTORS)[number];

/**
 * A device parameter's own settings (quality_setting, docs/DATA-QUALITY.md "Settings"): each null
 * field keeps the parameter's default. The full scale is the analyser's as installed; a
 * concentration's range-relative defaults (flat-line tolerance, spike floor, rate of change, zero
 * noise) follow it, as they follow the default range.
 */
export interface DetectorSettings {
  fullScale: number | null;
  flatLineSlots: number | null;
  flatLineTolerance: number | null;
  spikeFactor: number | null;
  maxStep: number | null;
  off: TunableDetector[];
}

export const NO_SETTINGS: DetectorSettings = { fullScale: null, flatLineSlots: null, flatLineTolerance: null, spikeFactor: null, maxStep: null, off: [] };

/** The settings a parameter runs with by default, in the shape a person edits. */
export function defaultSettings(param: string): DetectorSettings {
  const c = qualityConfigFor(param);
  return {
    fullScale: c.range?.max ?? null,
    flatLineSlots: c.flatLine?.slots ?? null,
    flatLineTolerance: c.flatLine?.tolerance ?? null,
    spikeFactor: c.spike?.factor ?? null,
    maxStep: c.maxStep ?? null,
    off: [],
  };
}

/** A parameter's configuration with a device's settings applied over its defaults. */
export function configWith(param: string, s: DetectorSettings): ParamQualityConfig {
  let c = qualityConfigFor(param);
  if (s.fullScale !== null) {
    c = c.concentration || !c.range
      ? { ...gas(s.fullScale), concentration: c.concentration, bunching: c.bunching }
      : { ...c, range: { min: c.range.min, max: s.fullScale } };
  }
  if (s.flatLineSlots !== null || s.flatLineTolerance !== null) {
    const base = c.flatLine ?? { slots: 8, tolerance: 0, runningAbove: 0 };
    c = { ...c, flatLine: { ...base, slots: s.flatLineSlots ?? base.slots, tolerance: s.flatLineTolerance ?? base.tolerance } };
  }
  if (s.spikeFactor !== null) c = { ...c, spike: { ...(c.spike ?? { window: 8, minScale: 0 }), factor: s.spikeFactor } };
  if (s.maxStep !== null) c = { ...c, maxStep: s.maxStep };
  for (const d of s.off) {
    if (d === 'flat_line') c = { ...c, flatLine: undefined };
    if (d === 'spike') c = { ...c, spike: undefined };
    if (d === 'rate_of_change') c = { ...c, maxStep: undefined };
    if (d === 'bunching') c = { ...c, bunching: false };
  }
  return c;
}
