import { silenceOf } from '@enviro/server/demo/catalogue';
import type { DemoDeviceRow } from '@enviro/server/demo/demo.repository';
import { rowValues } from '@enviro/server/demo/history';
import { seriesSignal, type SeriesSignal } from '@enviro/server/demo/signal';
import { fallbackShape, templateParam } from '@enviro/server/demo/station-templates';

/** A demo device as the simulator drives it. */
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
      const shape = templateParam(row.stationType ?? '', p.name)?.shape ?? fallbackShape(limits.max);
      return seriesSignal(serial, p.name, shape, limits);
    }),
    lastDataAt: row.lastDataAt,
    offline: silenceOf(serial) === 'offline',
  };
}

export interface TelemetryEntry {
  ts: number;
  values: Record<string, number>;
}

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
