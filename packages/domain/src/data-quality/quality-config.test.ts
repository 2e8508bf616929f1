import { describe, expect, it } from 'vitest';
import { configWith, defaultSettings, NO_SETTINGS, qualityConfigFor } from './quality-config.ts';

describe('detector settings of a device parameter', () => {
  it('keeps the defaults without settings, and shows them in the shape a person edits', () => {
    expect(configWith('so2', NO_SETTINGS)).toEqual(qualityConfigFor('so2'));
    expect(defaultSettings('so2')).toEqual({ fullScale: 2000, flatLineSlots: 8, flatLineTolerance: 1, spikeFactor: 8, maxStep: 1200, off: [] });
    expect(defaultSettings('level')).toEqual({ fullScale: null, flatLineSlots: null, flatLineTolerance: null, spikeFactor: null, maxStep: null, off: [] });
  });

  it("scales a concentration's range-relative defaults with the analyser's full scale", () => {
    const c = configWith('so2', { ...NO_SETTINGS, fullScale: 200 });
    expect(c.range).toEqual({ min: -4, max: 200 });
    expect([c.flatLine?.tolerance, c.spike?.minScale, c.maxStep, c.negativeTolerance, c.bunching]).toEqual([0.1, 2, 120, 2, true]);
    // pH keeps its bottom; only the top moves.
    expect(configWith('ph', { ...NO_SETTINGS, fullScale: 12 }).range).toEqual({ min: 0, max: 12 });
  });

  it('takes a run, a tolerance, a factor and a step over the defaults, and switches detectors off', () => {
    const c = configWith('pm', { ...NO_SETTINGS, flatLineSlots: 16, spikeFactor: 12, maxStep: 50 });
    expect([c.flatLine?.slots, c.flatLine?.tolerance, c.spike?.factor, c.maxStep]).toEqual([16, 0.25, 12, 50]);
    const off = configWith('pm', { ...NO_SETTINGS, off: ['flat_line', 'spike', 'rate_of_change', 'bunching'] });
    expect([off.flatLine, off.spike, off.maxStep, off.bunching]).toEqual([undefined, undefined, undefined, false]);
    // A parameter without a flat-line default gets one when a run is set.
    expect(configWith('level', { ...NO_SETTINGS, flatLineSlots: 48, flatLineTolerance: 0.01 }).flatLine).toEqual({ slots: 48, tolerance: 0.01, runningAbove: 0 });
  });
});
