import { describe, expect, it } from 'vitest';
import { seriesSignal, signalValue } from '../src/demo/signal.ts';
import { templateParam } from '../src/demo/station-templates.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** An IST midnight (18:30 UTC the day before). */
const MIDNIGHT = Date.UTC(2026, 2, 9, 18, 30);

describe('the demo borewell meter (CGWA flow-meter telemetry)', () => {
  const series = (param: string) => seriesSignal('RJ02-GWM-02', param, templateParam('ground water', param)!.shape, {});
  const flow = series('flow');
  const volume = series('totalizer');
  const hours = series('pump_hours');
  const day = Array.from({ length: 24 * 60 }, (_, i) => MIDNIGHT + i * MINUTE_MS);

  it('counts volume and running hours up, never down, by as much as the pump ran', () => {
    const v = day.map((ms) => signalValue(volume, ms)).filter((x): x is number => x !== null);
    const h = day.map((ms) => signalValue(hours, ms)).filter((x): x is number => x !== null);
    for (let i = 1; i < v.length; i++) expect(v[i]!).toBeGreaterThanOrEqual(v[i - 1]!);
    for (let i = 1; i < h.length; i++) expect(h[i]!).toBeGreaterThanOrEqual(h[i - 1]!);
    const ran = hours.pump.runs.reduce((sum, [, length]) => sum + length, 0);
    expect(signalValue(hours, MIDNIGHT + DAY_MS)! - signalValue(hours, MIDNIGHT)!).toBeCloseTo(ran, 2);
    expect(signalValue(volume, MIDNIGHT + DAY_MS)! - signalValue(volume, MIDNIGHT)!).toBeCloseTo(ran * volume.pump.rate, 0);
    // Years of counting since the meter's installation, as a meter in service shows.
    expect(signalValue(hours, MIDNIGHT)!).toBeGreaterThan(1_000);
  });

  it('shows flow while the pump runs and none while it stands', () => {
    const running = day.filter((ms) => (signalValue(flow, ms) ?? 0) > 0).length;
    const ran = flow.pump.runs.reduce((sum, [, length]) => sum + length, 0);
    expect(Math.abs(running - ran * 60)).toBeLessThanOrEqual(2);
    const [start] = flow.pump.runs[0]!;
    expect(signalValue(flow, MIDNIGHT + start * 3_600_000 + 5 * MINUTE_MS)).toBeCloseTo(flow.pump.rate, -1);
    expect(signalValue(flow, MIDNIGHT + (start - 1) * 3_600_000)).toBe(0);
  });

  it('gives every series of one device the same pump', () => {
    expect(flow.pump).toEqual(volume.pump);
    expect(series('level').pump).toEqual(hours.pump);
  });
});
