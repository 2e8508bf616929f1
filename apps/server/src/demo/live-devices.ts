import { silenceOf } from './catalogue.ts';
import type { DemoDeviceRow } from './demo.repository.ts';
import { rowValues } from './history.ts';
import { seriesSignal, type SeriesSignal } from './signal.ts';
import { energyProfileOf, registerShape } from './energy-meters.ts';
import { fallbackShape, templateParam } from './station-templates.ts';

const MINUTE_MS = 60_000;

/** A demo device as the live feed (and `npm run simulate`) drives it. */
export interface FleetDevice {
  id: string;
  /** The key of its signals: the serial the seed gave it. */
  serial: string;
  accessToken: string;
  /** Parameter names, in the order of `series`. */
  params: string[];
  series: SeriesSignal[];
  lastDataAt: Date | null;
  /** The seed's offline station stays offline, so the demo keeps a station in that state. */
  offline: boolean;
}

/** Signals keyed exactly as the seed keyed them, so each device continues its own history. */
export function toFleetDevice(row: DemoDeviceRow): FleetDevice {
  const serial = row.serialNo ?? `device-${row.id}`;
  return {
    id: row.id,
    serial,
    accessToken: row.accessToken,
    params: row.params.map((p) => p.name),
    series: row.params.map((p) => {
      const limits = { min: p.min ?? undefined, max: p.max ?? undefined };
      const energy = p.name === 'kwh_register' ? energyProfileOf(serial) : undefined;
      const shape = energy ? registerShape(energy) : (templateParam(row.stationType ?? '', p.name)?.shape ?? fallbackShape(limits.max));
      return seriesSignal(serial, p.name, shape, limits);
    }),
    lastDataAt: row.lastDataAt,
    offline: silenceOf(serial) === 'offline',
  };
}

/** A type, not an interface, so it is a telemetry payload's entry (a record) as it is. */
export type TelemetryEntry = {
  ts: number;
  values: Record<string, number>;
};

/** A device's telemetry entry at an instant, or undefined when its signal has an outage then. */
export function telemetryAt(device: FleetDevice, ms: number): TelemetryEntry | undefined {
  const vals = rowValues(device, ms);
  if (!vals) return undefined;
  const values: Record<string, number> = {};
  vals.forEach((v, i) => {
    if (v !== null) values[device.params[i]!] = v;
  });
  return { ts: ms, values };
}

/** A device's entries on the minutes of [fromMs, toMs], in payloads of at most `perPayload` entries. */
export function* entriesBetween(device: FleetDevice, fromMs: number, toMs: number, perPayload: number): Generator<TelemetryEntry[]> {
  let batch: TelemetryEntry[] = [];
  for (let ms = Math.ceil(fromMs / MINUTE_MS) * MINUTE_MS; ms <= toMs; ms += MINUTE_MS) {
    const entry = telemetryAt(device, ms);
    if (entry) batch.push(entry);
    if (batch.length === perPayload) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
