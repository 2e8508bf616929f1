/**
 * A borewell's pump as its digital flow meter reports it (CGWA: timestamp, cumulative volume,
 * cumulative pump hours; REGULATORY.md): two runs a day at hours of the device's own (IST), a
 * steady delivery rate, and counters that are pure functions of device and instant, so the seed,
 * the live feed and the simulator agree on every reading and the counters never go back.
 */

import { DEFAULT_TIME_ZONE, toWallClock } from '@enviro/domain/time-zone';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The meters count from this day (their installation, for the demo). */
const ORIGIN_DAY = Math.floor(Date.UTC(2020, 0, 1) / DAY_MS);

/** What the device's hash decides of its pump. */
export interface Pump {
  /** [start hour, length in hours] of the day's runs, local time. */
  runs: readonly (readonly [number, number])[];
  /** Delivery while running, m³/h. */
  rate: number;
}

/** The pump of a device: its hash's uniforms pick the run hours and the rate. */
export function pumpOf(draw: (stream: number) => number): Pump {
  const morning = 4 + Math.floor(3 * draw(0));
  const evening = 16 + Math.floor(3 * draw(1));
  return {
    runs: [
      [morning, 3 + Math.floor(3 * draw(2))],
      [evening, 2 + Math.floor(3 * draw(3))],
    ],
    rate: 15 + Math.round(15 * draw(4) * 10) / 10,
  };
}

/** Hours of the day's runs before local hour `hour` (0-24). */
function runHoursBefore(pump: Pump, hour: number): number {
  return pump.runs.reduce((sum, [start, length]) => sum + Math.min(Math.max(hour - start, 0), length), 0);
}

/** Whether the pump runs at an instant. */
export function pumping(pump: Pump, ms: number): boolean {
  const hour = (((toWallClock(ms, DEFAULT_TIME_ZONE) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
  return pump.runs.some(([start, length]) => hour >= start && hour < start + length);
}

/** The pump's running hours from the meter's origin to an instant. */
export function pumpHoursAt(pump: Pump, ms: number): number {
  const wall = toWallClock(ms, DEFAULT_TIME_ZONE);
  const day = Math.floor(wall / DAY_MS);
  const perDay = runHoursBefore(pump, 24);
  return (day - ORIGIN_DAY) * perDay + runHoursBefore(pump, (wall - day * DAY_MS) / HOUR_MS);
}

/** The volume delivered from the meter's origin to an instant, m³. */
export function pumpVolumeAt(pump: Pump, ms: number): number {
  return pumpHoursAt(pump, ms) * pump.rate;
}
