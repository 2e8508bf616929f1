import type { MappableStation, MappingIssue, RegulatorProtocol, StationMapping } from '@enviro/contracts/regulator';
import { unitConversion, type UnitConversion } from '@enviro/domain/unit-conversion';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import type { MappingCredentials, StoredCredentials } from './credentials.ts';
import { PROTOCOLS } from './protocols/index.ts';
import type { ProtocolAdapter } from './protocols/protocol.ts';
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

type ParamMapping = StationMapping['devices'][number]['params'][number];

/**
 * What a mapped parameter is sent as: the regulator's key and unit and the conversion of the
 * device's values into it; `problem` says why it cannot be sent (no key, a key or unit the
 * regulator does not publish, no conversion). The mapping editor's issues and the sender use it alike.
 */
export function resolveParam(adapter: ProtocolAdapter, name: string, deviceUnit: string, p: ParamMapping): { code: string; unit: string; conversion: UnitConversion } | { problem: 'NO_CODE' | 'UNKNOWN_CODE' | 'UNKNOWN_UNIT' | 'NO_CONVERSION' } {
  if (!p.code) return { problem: 'NO_CODE' };
  const vocabulary = adapter.vocabulary;
  if (!vocabulary) {
    const unit = p.unit || deviceUnit;
    const conversion = unitConversion(name, deviceUnit, unit);
    return conversion ? { code: p.code, unit, conversion } : { problem: 'NO_CONVERSION' };
  }
  const code = vocabulary.parameterKey(p.code);
  if (!code) return { problem: 'UNKNOWN_CODE' };
  const target = vocabulary.unit(name, deviceUnit, p.unit);
  if (!target) return { problem: vocabulary.unitKey(p.unit || deviceUnit) ? 'NO_CONVERSION' : 'UNKNOWN_UNIT' };
  return { code, ...target };
}

/**
 * A mapping as it is stored: for a protocol with a fixed vocabulary (CPCB ODAMS's annexure), every
 * parameter key and unit spelled as the regulator publishes it (`SO2` becomes `so2`, `mg/Nm3`
 * `mg/Nm³`, an empty unit the device's own in the annexure's spelling). A key or unit the regulator
 * does not publish, or a unit the device's values cannot be converted into, is refused here with the
 * field named, so it is never found at push time. Device credentials are left out (they are sealed).
 */
export function normalizeMapping(protocol: RegulatorProtocol, stations: readonly StationMapping[], mappable: readonly Mappable[]): StationMapping[] {
  const adapter = PROTOCOLS[protocol];
  return stations.map((s, i) => {
    const known = mappable.find((m) => m.stationId === s.stationId);
    return {
      ...s,
      devices: s.devices.map(({ credentials: _sealed, ...d }, j) => {
        const device = known?.devices.find((x) => x.deviceId === d.deviceId);
        return {
          ...d,
          params: d.params.map((p, k) => {
            const param = device?.params.find((x) => x.slot === p.slot);
            if (!adapter.vocabulary || !param || p.skip || !p.code) return p;
            const field = `stations.${i}.devices.${j}.params.${k}`;
            const where = `${known!.name} / ${device!.name} / ${param.label}`;
            const target = resolveParam(adapter, param.name, param.unit, p);
            if ('problem' in target) {
              if (target.problem === 'UNKNOWN_CODE') throw badRequest(`${field}.code`, `${where}: '${p.code}' is not a parameter key of CPCB's annexure (e.g. pm, so2, cod, flow_emission)`);
              if (target.problem === 'UNKNOWN_UNIT') throw badRequest(`${field}.unit`, `${where}: '${p.unit || param.unit}' is not a unit key of CPCB's annexure (e.g. mg/Nm³, mg/L, μg/m³, m³/hr, °C); choose the annexure unit to convert into`);
              throw badRequest(`${field}.unit`, `${where}: the device reports ${param.unit || 'a value without a unit'}, which cannot be converted into ${p.unit || 'a unit of CPCB\'s annexure'}`);
            }
            return { ...p, code: target.code, unit: target.unit };
          }),
        };
      }),
    };
  });
}

/**
 * Every problem of a mapping against the industry as it is now: what would not be sent (stations,
 * devices and parameters neither mapped nor skipped, units with no conversion, keys the regulator
 * does not publish), ids left empty or shared, names that are not the industry's, credentials the
 * protocol needs (per device where it signs per device). The mapping is kept anyway; the issues are
 * what the editor shows.
 */
export function validateMapping(
  protocol: RegulatorProtocol,
  stations: readonly StationMapping[],
  mappable: readonly Mappable[],
  credentials: StoredCredentials,
  deviceCredentials: MappingCredentials['devices'] = {},
): MappingIssue[] {
  const adapter = PROTOCOLS[protocol];
  const issues: MappingIssue[] = [];
  const missing = (c: StoredCredentials) => adapter.requiredCredentials.filter((name) => !c[name]);
  const mappedDevices = stations.flatMap((s) => s.devices);
  if (!adapter.credentialsPerDevice || mappedDevices.length === 0) {
    for (const name of missing(credentials)) issues.push(issue('MISSING_CREDENTIAL', `${protocol} needs the credential ${name} (on the connection or the mapping)`));
  }
  const stationOfId = new Map<string, number>();
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
      if (adapter.credentialsPerDevice) {
        const other = stationOfId.get(d.regulatorDeviceId);
        if (d.regulatorDeviceId && other !== undefined && other !== s.stationId) {
          issues.push(issue('SHARED_ID', `${known.name} / ${device.name}: the IoT id ${d.regulatorDeviceId} is also mapped under another station; CPCB ties an IoT id to one station`, s.stationId, d.deviceId));
        }
        stationOfId.set(d.regulatorDeviceId, s.stationId);
        for (const name of missing({ ...credentials, ...deviceCredentials?.[String(d.deviceId)] })) {
          issues.push(issue('MISSING_CREDENTIAL', `${known.name} / ${device.name}: ${protocol} needs the credential ${name} for this device (on the device, the mapping or the connection)`, s.stationId, d.deviceId));
        }
      }
      for (const p of d.params) {
        const param = device.params.find((x) => x.slot === p.slot);
        if (!param) {
          issues.push(issue('UNKNOWN_ENTITY', `${known.name} / ${device.name}: no parameter in slot ${p.slot}`, s.stationId, d.deviceId, p.slot));
          continue;
        }
        if (p.skip) continue;
        const target = resolveParam(adapter, param.name, param.unit, p);
        if (!('problem' in target)) continue;
        const where = `${known.name} / ${device.name}`;
        if (target.problem === 'NO_CODE') issues.push(issue('MISSING_ID', `${where}: parameter ${param.label} has no regulator code`, s.stationId, d.deviceId, p.slot));
        else if (target.problem === 'UNKNOWN_CODE') issues.push(issue('UNKNOWN_KEY', `${where}: parameter ${param.label}: '${p.code}' is not a parameter key the regulator publishes; it is not sent`, s.stationId, d.deviceId, p.slot));
        else if (target.problem === 'UNKNOWN_UNIT') issues.push(issue('UNKNOWN_KEY', `${where}: parameter ${param.label}: '${p.unit || param.unit}' is not a unit key the regulator publishes; it is not sent`, s.stationId, d.deviceId, p.slot));
        else issues.push(issue('NO_CONVERSION', `${where}: no conversion of ${param.label} from ${param.unit || 'a value without a unit'} to ${p.unit || 'the regulator\'s unit'}; it is not sent`, s.stationId, d.deviceId, p.slot));
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
