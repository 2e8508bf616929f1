/**
 * The vocabulary of data quality (issue 36, docs/DATA-QUALITY.md): the state every 15-minute slot of
 * a series carries, and the detectors that can make it suspect or invalid. Flags sit beside values;
 * they never change them.
 */

/** A slot's quality state. Calibration and maintenance come from the device's windows, the rest from detectors. */
export const QUALITY_STATES = ['valid', 'calibration', 'maintenance', 'suspect', 'invalid'] as const;
export type QualityState = (typeof QUALITY_STATES)[number];

export const DETECTORS = [
  'flat_line',
  'spike',
  'rate_of_change',
  'out_of_range',
  'negative',
  'full_scale',
  'gap',
  'duplicate',
  'future_timestamp',
  'late_timestamp',
  'clock_drift',
  'bunching',
  'pm25_above_pm10',
  'dilution',
  'flow_zero',
  'calibration_drift',
] as const;
export type DetectorId = (typeof DETECTORS)[number];

/** Detectors whose finding is physically impossible data: the slot is invalid, not merely suspect. */
export const INVALIDATING: ReadonlySet<DetectorId> = new Set<DetectorId>(['out_of_range', 'negative', 'future_timestamp']);

/**
 * How much of a slot's credit a detector takes in the daily score (DEFINITIONS.md, data-quality
 * score): signs that the value is not the process's (stuck, copied, bunched, diluted, impossible)
 * take all of it; signs of a troubled analyser or link take part.
 */
export const PENALTY: Readonly<Record<DetectorId, number>> = {
  flat_line: 1,
  spike: 0.5,
  rate_of_change: 0.5,
  out_of_range: 1,
  negative: 1,
  full_scale: 0.5,
  gap: 0.25,
  duplicate: 1,
  future_timestamp: 1,
  late_timestamp: 0.25,
  clock_drift: 0.25,
  bunching: 1,
  pm25_above_pm10: 1,
  dilution: 1,
  flow_zero: 1,
  calibration_drift: 0.5,
};

/** One closed 15-minute slot of one series, as the rollups keep it. */
export interface QualitySlot {
  /** The slot's start (ms since the epoch); it covers [at, at + 15 minutes). */
  at: number;
  /** Readings in the slot. */
  n: number;
  avg: number;
  min: number;
  max: number;
}

export const SLOT_MS = 15 * 60_000;

/** What each detector found, as a person reads it beside a value. */
export const DETECTOR_LABELS: Readonly<Record<DetectorId, string>> = {
  flat_line: 'Flat line (stuck value)',
  spike: 'Spike',
  rate_of_change: 'Change too fast',
  out_of_range: "Outside the analyser's range",
  negative: 'Negative concentration',
  full_scale: "At the analyser's full scale",
  gap: 'Partial slot (gap)',
  duplicate: 'Copy of earlier data',
  future_timestamp: 'Time in the future',
  late_timestamp: 'Received over a week late',
  clock_drift: 'Device clock drifting',
  bunching: 'Bunched just under the limit',
  pm25_above_pm10: 'PM2.5 above PM10',
  dilution: 'Diluted (O2 or flow up, pollutant down)',
  flow_zero: 'Reported with zero flow',
  calibration_drift: 'Calibration drift',
};

export const STATE_LABELS: Readonly<Record<QualityState, string>> = {
  valid: 'Valid',
  calibration: 'Calibration',
  maintenance: 'Maintenance',
  suspect: 'Suspect',
  invalid: 'Invalid',
};
