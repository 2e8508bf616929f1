import { describe, expect, it } from 'vitest';
import { assessStation, qualityScore, stateOf } from './assess.ts';
import { bunching, predictedShare } from './bunching.ts';
import { cusumDrift, driftPeriods } from './calibration-drift.ts';
import { dilution, flowZero, pm25AbovePm10 } from './cross-checks.ts';
import { SLOT_MS, type QualitySlot } from './detectors.ts';
import { DEFAULT_STATION_QUALITY } from './quality-config.ts';

const T0 = Date.UTC(2026, 0, 1);
const series = (values: readonly number[], spread = 0.5): QualitySlot[] => values.map((v, i) => ({ at: T0 + i * SLOT_MS, n: 15, avg: v, min: v - spread, max: v + spread }));
/** A deterministic pseudo-random stream, so a test reads the same numbers every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
}
const logNormal = (count: number, median: number, sigma: number, seed = 7) => {
  const r = random(seed);
  return Array.from({ length: count }, () => median * Math.exp(sigma * Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r())));
};

describe('bunching under the limit', () => {
  const c = DEFAULT_STATION_QUALITY.bunching;

  it('predicts a band from a log-normal fitted to the values', () => {
    expect(predictedShare(logNormal(5000, 50, 0.3), 40, 60)).toBeCloseTo(0.53, 1);
  });

  it('flags a week whose values above the limit were moved just under it', () => {
    const honest = logNormal(672, 80, 0.35);
    const bunched = honest.map((v, i) => (v >= 100 ? 90 + (i % 10) : v));
    const flagged = bunching(series(bunched), 100, c);
    expect(flagged.length).toBeGreaterThan(20);
    expect(flagged.every((i) => bunched[i]! >= 90 && bunched[i]! < 100)).toBe(true);
  });

  it('leaves an honest week alone, also one that runs close to its limit', () => {
    expect(bunching(series(logNormal(672, 60, 0.35)), 100, c)).toEqual([]);
    expect(bunching(series(logNormal(672, 88, 0.08, 3)), 100, c)).toEqual([]);
  });
});

describe('cross-parameter checks', () => {
  it('flags PM2.5 above PM10 beyond the tolerance', () => {
    expect(pm25AbovePm10(series([30, 55, 52]), series([50, 50, 50]), 0.05)).toEqual([T0 + SLOT_MS]);
  });

  it('flags a pollutant reporting while the flow stands at zero', () => {
    expect(flowZero(series([200, 210, 205]), series([180_000, 0, 175_000]), 0.02, 20)).toEqual([T0 + SLOT_MS]);
    expect(flowZero(series([0, 0, 0]), series([180_000, 0, 175_000]), 0.02, 20)).toEqual([]);
  });

  it('flags a pollutant falling by just the factor the added air dilutes it', () => {
    const o2 = series([...Array(8).fill(6), ...Array(8).fill(11)]);
    const diluted = series([...Array(8).fill(300), ...Array(8).fill((300 * 10) / 15)]);
    expect(dilution(diluted, o2, 'o2', { window: 8, o2Rise: 2, flowRise: 0.3, match: 0.1 })).toHaveLength(8);
    const loadDrop = series([...Array(8).fill(300), ...Array(8).fill(120)]);
    expect(dilution(loadDrop, o2, 'o2', { window: 8, o2Rise: 2, flowRise: 0.3, match: 0.1 })).toEqual([]);
  });
});

describe('calibration drift', () => {
  it('raises a CUSUM alarm on a creeping zero, not on scatter within tolerance', () => {
    expect(cusumDrift([0.5, 1.5, 2.5, 3.5, 4.5])).toEqual([4]);
    expect(cusumDrift([1.5, -1.5, 1.8, -1.2, 1.9, -1.7, 1.1])).toEqual([]);
    expect(driftPeriods([{ at: 1, deviation: 0.5 }, { at: 2, deviation: 4 }, { at: 3, deviation: 4 }])).toEqual([{ from: 2, to: 3 }]);
  });
});

describe('a station assessed', () => {
  it('gives windows precedence, then impossible values, then suspects', () => {
    expect(stateOf(['out_of_range'], 'calibration')).toBe('calibration');
    expect(stateOf(['flat_line', 'negative'])).toBe('invalid');
    expect(stateOf(['spike'])).toBe('suspect');
    expect(stateOf([])).toBe('valid');
  });

  it('marks the flat SO2 hours, the calibration window and the clean hours, and scores them', () => {
    const values = Array.from({ length: 48 }, (_, i) => (i >= 16 && i < 40 ? 312.4 : 280 + 10 * Math.sin(i)));
    const so2 = series(values).map((s) => (s.avg === 312.4 ? { ...s, min: 312.4, max: 312.4 } : s));
    const result = assessStation({
      series: [{ deviceId: '9', slot: 2, param: 'so2', slots: so2, limit: 600 }],
      windows: [{ kind: 'calibration', deviceId: null, from: T0, to: T0 + 2 * SLOT_MS }],
      now: T0 + 49 * SLOT_MS,
    });
    expect(result.filter((r) => r.state === 'suspect').map((r) => r.at)).toEqual(so2.slice(16, 40).map((s) => s.at));
    expect(result.find((r) => r.at === T0 + 16 * SLOT_MS)?.detectors).toEqual(['flat_line']);
    expect(result.slice(0, 2).map((r) => r.state)).toEqual(['calibration', 'calibration']);
    expect(qualityScore(result)).toBe(47.8);
  });

  it('scores no slots as nothing, a spike at half a slot and an invalid slot at none', () => {
    expect(qualityScore([])).toBeNull();
    expect(qualityScore([{ state: 'suspect', detectors: ['spike'] }, { state: 'invalid', detectors: ['negative'] }, { state: 'valid', detectors: [] }])).toBe(50);
  });
});

describe('bunching where the station lives in the band', () => {
  it('flags a station whose values all sit just under the limit and never above it, not one that crosses it as often', () => {
    const r = random(11);
    const hugging = Array.from({ length: 300 }, () => 90 + 9.9 * r());
    expect(bunching(series(hugging), 100, DEFAULT_STATION_QUALITY.bunching)).toHaveLength(300);
    const crossing = Array.from({ length: 300 }, () => 90 + 20 * r());
    expect(bunching(series(crossing), 100, DEFAULT_STATION_QUALITY.bunching)).toEqual([]);
  });
});
