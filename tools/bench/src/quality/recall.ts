import { assessStation } from '@enviro/domain/data-quality/assess';
import { cusumDrift } from '@enviro/domain/data-quality/calibration-drift';
import { hasClockDrift, receiptsOf } from '@enviro/domain/data-quality/receipts';
import { DEFAULT_STATION_QUALITY } from '@enviro/domain/data-quality/quality-config';
import { DETECTORS, type DetectorId } from '@enviro/domain/data-quality/detectors';
import { qualityConfigFor } from '@enviro/domain/data-quality/quality-config';
import type { SeriesInput } from '@enviro/domain/data-quality/assess';
import { clockDataset, driftDataset, qualityDataset } from './dataset.ts';

/** Recall and false-positive rate of one detector over the labelled set. */
export interface DetectorFigure {
  detector: DetectorId;
  /** Labelled slots of this detector, and how many it flagged. */
  labelled: number;
  found: number;
  /** Clean slots (no label, not tainted) of the series the detector runs on, and how many it flagged. */
  clean: number;
  falsePositives: number;
  recall: number | null;
  falsePositiveRate: number;
}

const STACK = new Set(['pm', 'so2', 'nox', 'co']);

/** Whether a detector runs on a series at all: its false positives are counted over those series' clean slots only. */
function applies(detector: DetectorId, s: SeriesInput): boolean {
  const c = qualityConfigFor(s.param);
  switch (detector) {
    case 'flat_line':
      return c.flatLine !== undefined;
    case 'spike':
      return c.spike !== undefined;
    case 'rate_of_change':
      return c.maxStep !== undefined;
    case 'out_of_range':
    case 'full_scale':
      return c.range !== undefined;
    case 'negative':
      return c.concentration;
    case 'bunching':
      return c.bunching && !!s.limit;
    case 'pm25_above_pm10':
      return s.param === 'pm2_5';
    case 'dilution':
    case 'flow_zero':
      return STACK.has(s.param);
    default:
      return true;
  }
}

/**
 * Runs every detector over the labelled set (assessStation, as the worker does) and counts, per
 * detector, the labelled slots it found and the clean slots it flagged. The calibration-drift CUSUM
 * runs over the sequences of checks: a creeping analyser is found when the alarm rises at or after
 * the creep's start; an alarm on a clean analyser's check is a false positive. Clock drift runs over
 * readings with their receive times (the worker has none: docs/DATA-QUALITY.md), per slot; the slot
 * in which a clock changes mixes both and counts for neither.
 */
export function measureRecall(seed = 36): { figures: DetectorFigure[]; stations: number; slots: number; ms: number } {
  const found = new Map<DetectorId, number>();
  const labelled = new Map<DetectorId, number>();
  const falsePositives = new Map<DetectorId, number>();
  const clean = new Map<DetectorId, number>();
  let slots = 0;
  const data = qualityDataset(seed);
  const t0 = performance.now();
  for (const st of data) {
    const verdicts = assessStation({ series: st.series, receipts: st.receipts, now: st.now });
    const bySlot = new Map(st.series.map((s) => [s.slot, s]));
    for (const v of verdicts) {
      slots++;
      const key = `${v.deviceId}:${v.slot}:${v.at}`;
      const expected = st.labels.get(key);
      if (expected) {
        labelled.set(expected, (labelled.get(expected) ?? 0) + 1);
        if (v.detectors.includes(expected)) found.set(expected, (found.get(expected) ?? 0) + 1);
      } else if (!st.tainted.has(key)) {
        const series = bySlot.get(v.slot)!;
        for (const d of DETECTORS) if (applies(d, series)) clean.set(d, (clean.get(d) ?? 0) + 1);
        for (const d of v.detectors) falsePositives.set(d, (falsePositives.get(d) ?? 0) + 1);
      }
    }
  }
  const ms = performance.now() - t0;
  // Calibration drift: per check.
  let driftLabelled = 0;
  let driftFound = 0;
  let driftClean = 0;
  let driftFalse = 0;
  for (const seq of driftDataset(seed)) {
    const alarms = cusumDrift(seq.deviations);
    if (seq.driftFrom === null) {
      driftClean += seq.deviations.length;
      driftFalse += alarms.length;
    } else {
      driftLabelled++;
      if (alarms.some((a) => a >= seq.driftFrom!)) driftFound++;
      driftClean += seq.driftFrom;
      driftFalse += alarms.filter((a) => a < seq.driftFrom!).length;
    }
  }
  labelled.set('calibration_drift', driftLabelled);
  found.set('calibration_drift', driftFound);
  // Clock drift: per slot of readings.
  let clockClean = 0;
  let clockFalse = 0;
  let clockLabelled = 0;
  let clockFound = 0;
  for (const device of clockDataset(seed)) {
    // Each reading received on its own, merged per slot as ingestion's statement merges batches.
    const flagged = new Set(receiptsOf(device.readings).filter((r) => hasClockDrift(r, DEFAULT_STATION_QUALITY.maxClockDriftMs)).map((r) => r.at));
    const mixed = device.drifting.size > 0 ? Math.min(...device.drifting) - 900_000 : null;
    for (const slot of new Set(device.readings.map((x) => Math.floor(x.at / 900_000) * 900_000))) {
      if (slot === mixed) continue;
      if (device.drifting.has(slot)) {
        clockLabelled++;
        if (flagged.has(slot)) clockFound++;
      } else {
        clockClean++;
        if (flagged.has(slot)) clockFalse++;
      }
    }
  }
  labelled.set('clock_drift', clockLabelled);
  found.set('clock_drift', clockFound);
  const figures = DETECTORS.flatMap((detector): DetectorFigure[] => {
    const l = labelled.get(detector) ?? 0;
    if (l === 0 && detector !== 'calibration_drift') return [];
    const isDrift = detector === 'calibration_drift';
    const isClock = detector === 'clock_drift';
    const fp = isDrift ? driftFalse : isClock ? clockFalse : (falsePositives.get(detector) ?? 0);
    const c = isDrift ? driftClean : isClock ? clockClean : (clean.get(detector) ?? 0);
    return [{ detector, labelled: l, found: found.get(detector) ?? 0, clean: c, falsePositives: fp, recall: l ? (found.get(detector) ?? 0) / l : null, falsePositiveRate: fp / c }];
  });
  return { figures, stations: data.length, slots, ms };
}

/** `npx tsx src/quality/recall.ts`: prints the table alone. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { figures, stations, slots, ms } = measureRecall();
  console.log(`${stations} stations, ${slots} slots assessed in ${Math.round(ms)} ms`);
  for (const f of figures) console.log(`${f.detector.padEnd(18)} recall ${f.recall === null ? '-' : (100 * f.recall).toFixed(1)} % (${f.found}/${f.labelled})  FP ${(100 * f.falsePositiveRate).toFixed(3)} % (${f.falsePositives}/${f.clean})`);
}
