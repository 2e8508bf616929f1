import type { MappableStation, MappingIssue, RegulatorProtocol, StationMapping } from '@enviro/contracts/regulator';
import { unitConversion } from '@enviro/domain/unit-conversion';
import type { z } from 'zod';
import type { StoredCredentials } from './credentials.ts';
import { PROTOCOLS } from './protocols/index.ts';
import type { MappableRow } from './regulator.repository.ts';

type Mappable = z.infer<typeof MappableStation>;

/** The industry's stations with devices and parameters, from the repository's flat rows. */
export function mappableStations(rows: readonly MappableRow[]): Mappable[] {
  const stations = new Map<string, Mappable>();
  for (const r of rows) {
    let station = stations.get(r.station_id);
    if (!station) {
      station = { stationId: Number(r.station_id), name: r.station_name, type: r.station_type, devices: [] };
      stations.set(r.station_id, station);
    }
    let device = station.devices.find((d) => d.deviceId === Number(r.device_id));
    if (!device) {
      device = { deviceId: Number(r.device_id), name: r.device_name, params: [] };
      station.devices.push(device);
    }
    if (r.slot !== null && r.param_name !== null) device.params.push({ slot: r.slot, name: r.param_name, label: r.param_label ?? r.param_name, unit: r.unit ?? '' });
  }
  return [...stations.values()];
}

function issue(code: MappingIssue['code'], message: string, stationId: number | null = null, deviceId: number | null = null, slot: number | null = null): MappingIssue {
  return { code, message, stationId, deviceId, slot };
}

/**
 * Every problem of a mapping against the industry as it is now: what would not be sent (stations,
 * devices and parameters neither mapped nor skipped, units with no conversion), ids left empty,
 * names that are not the industry's, credentials the protocol needs. The mapping is kept anyway;
 * the issues are what the editor shows.
 */
export function validateMapping(protocol: RegulatorProtocol, stations: readonly StationMapping[], mappable: readonly Mappable[], credentials: StoredCredentials): MappingIssue[] {
  const issues: MappingIssue[] = [];
  for (const name of PROTOCOLS[protocol].requiredCredentials) {
    if (!credentials[name]) issues.push(issue('MISSING_CREDENTIAL', `${protocol} needs the credential ${name} (on the connection or the mapping)`));
  }
  for (const s of stations) {
    const known = mappable.find((m) => m.stationId === s.stationId);
    if (!known) {
      issues.push(issue('UNKNOWN_ENTITY', `station ${s.stationId} is not one of the industry's stations with devices`, s.stationId));
      continue;
    }
    if (!s.regulatorStationId) issues.push(issue('MISSING_ID', `${known.name}: the regulator's station id is empty`, s.stationId));
    for (const d of s.devices) {
      const device = known.devices.find((x) => x.deviceId === d.deviceId);
      if (!device) {
        issues.push(issue('UNKNOWN_ENTITY', `${known.name}: device ${d.deviceId} is not on this station`, s.stationId, d.deviceId));
        continue;
      }
      if (!d.regulatorDeviceId) issues.push(issue('MISSING_ID', `${known.name} / ${device.name}: the regulator's device id is empty`, s.stationId, d.deviceId));
      for (const p of d.params) {
        const param = device.params.find((x) => x.slot === p.slot);
        if (!param) {
          issues.push(issue('UNKNOWN_ENTITY', `${known.name} / ${device.name}: no parameter in slot ${p.slot}`, s.stationId, d.deviceId, p.slot));
          continue;
        }
        if (p.skip) continue;
        if (!p.code) issues.push(issue('MISSING_ID', `${known.name} / ${device.name}: parameter ${param.label} has no regulator code`, s.stationId, d.deviceId, p.slot));
        if (p.unit && !unitConversion(param.name, param.unit, p.unit)) {
          issues.push(issue('NO_CONVERSION', `${known.name} / ${device.name}: no conversion of ${param.label} from ${param.unit || '(no unit)'} to ${p.unit}; it is not sent`, s.stationId, d.deviceId, p.slot));
        }
      }
      for (const param of device.params) {
        if (!d.params.some((p) => p.slot === param.slot)) {
          issues.push(issue('UNMAPPED_PARAMETER', `${known.name} / ${device.name}: parameter ${param.label} is not mapped (map it or mark it skipped); it is not sent`, s.stationId, d.deviceId, param.slot));
        }
      }
    }
    for (const device of known.devices) {
      if (!s.devices.some((d) => d.deviceId === device.deviceId)) {
        issues.push(issue('UNMAPPED_DEVICE', `${known.name}: device ${device.name} is not mapped; its data is not sent`, s.stationId, device.deviceId));
      }
    }
  }
  for (const m of mappable) {
    if (!stations.some((s) => s.stationId === m.stationId)) issues.push(issue('UNMAPPED_STATION', `station ${m.name} is not mapped; its data is not sent`, m.stationId));
  }
  return issues;
}
