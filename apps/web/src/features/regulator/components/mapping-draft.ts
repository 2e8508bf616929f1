import type { RegulatorMapping, RegulatorMappingInput, RegulatorProtocol, RegulatorTenantMappings } from '@enviro/contracts/regulator';
import { odamsUnit, suggestOdamsParameterKey } from '@enviro/domain/odams-annexure';
import { emptyDraft, type CredentialDraft } from './credentials';

type Mappable = RegulatorTenantMappings['stations'][number];

export interface ParamDraft {
  slot: number;
  /** The standard parameter name, e.g. 'so2'. */
  name: string;
  label: string;
  /** The device's unit. */
  deviceUnit: string;
  code: string;
  unit: string;
  skip: boolean;
}

export interface DeviceDraft {
  deviceId: number;
  name: string;
  included: boolean;
  regulatorDeviceId: string;
  params: ParamDraft[];
}

export interface StationDraft {
  stationId: number;
  name: string;
  type: string;
  included: boolean;
  regulatorStationId: string;
  devices: DeviceDraft[];
}

/** The mapping editor's state: every station, device and parameter of the industry, mapped or not. */
export interface MappingDraft {
  enabled: boolean;
  industryId: string;
  credentials: CredentialDraft;
  stations: StationDraft[];
}

/** The editor's state for the industry's stations and, when there is one, its stored mapping. */
export function draftFrom(stations: readonly Mappable[], mapping: RegulatorMapping | null): MappingDraft {
  return {
    enabled: mapping?.enabled ?? true,
    industryId: mapping?.industryId ?? '',
    credentials: emptyDraft(),
    stations: stations.map((s) => {
      const stored = mapping?.stations.find((m) => m.stationId === s.stationId);
      return {
        stationId: s.stationId,
        name: s.name,
        type: s.type,
        included: stored !== undefined,
        regulatorStationId: stored?.regulatorStationId ?? '',
        devices: s.devices.map((d) => {
          const dev = stored?.devices.find((m) => m.deviceId === d.deviceId);
          return {
            deviceId: d.deviceId,
            name: d.name,
            included: dev !== undefined || stored === undefined,
            regulatorDeviceId: dev?.regulatorDeviceId ?? '',
            params: d.params.map((p) => {
              const par = dev?.params.find((m) => m.slot === p.slot);
              return { slot: p.slot, name: p.name, label: p.label, deviceUnit: p.unit, code: par?.code ?? '', unit: par?.unit ?? '', skip: par?.skip ?? false };
            }),
          };
        }),
      };
    }),
  };
}

/** The body of PUT /api/regulatorMappings/{tenantId}/{connectionId}: included stations and devices, every parameter of them. */
export function mappingInput(draft: MappingDraft, credentials: RegulatorMappingInput['credentials']): RegulatorMappingInput {
  return {
    enabled: draft.enabled,
    industryId: draft.industryId.trim(),
    ...(credentials ? { credentials } : {}),
    stations: draft.stations
      .filter((s) => s.included)
      .map((s) => ({
        stationId: s.stationId,
        regulatorStationId: s.regulatorStationId.trim(),
        devices: s.devices
          .filter((d) => d.included)
          .map((d) => ({
            deviceId: d.deviceId,
            regulatorDeviceId: d.regulatorDeviceId.trim(),
            // A parameter with no code and not skipped is sent as such: the server reports it unmapped.
            params: d.params
              .filter((p) => p.skip || p.code.trim() !== '')
              .map((p) => ({ slot: p.slot, code: p.skip ? '' : p.code.trim(), unit: p.unit.trim(), skip: p.skip })),
          })),
      })),
  };
}

/** A parameter of a pushed device with neither a code nor "skip": its values would not reach the regulator. */
export const isUnmapped = (p: ParamDraft) => !p.skip && p.code.trim() === '';

/** What the editor warns about before saving: the same gaps the server lists as issues, in the user's words. */
export function draftWarnings(draft: MappingDraft): string[] {
  const out: string[] = [];
  if (draft.industryId.trim() === '') out.push("The regulator's industry id is empty.");
  for (const s of draft.stations) {
    if (!s.included) {
      if (s.devices.length > 0) out.push(`${s.name}: not pushed.`);
      continue;
    }
    if (s.regulatorStationId.trim() === '') out.push(`${s.name}: the regulator's station id is empty.`);
    for (const d of s.devices) {
      if (!d.included) {
        out.push(`${s.name} / ${d.name}: device not pushed.`);
        continue;
      }
      if (d.regulatorDeviceId.trim() === '') out.push(`${s.name} / ${d.name}: the regulator's device id is empty.`);
      const unmapped = d.params.filter(isUnmapped).map((p) => p.label);
      if (unmapped.length > 0) out.push(`${s.name} / ${d.name}: ${unmapped.join(', ')} not mapped (give a code or skip).`);
    }
  }
  return out;
}

/**
 * Fills empty codes and units of pushed parameters from their names and device units (a start the
 * user corrects). CPCB ODAMS: the annexure's keys and units; a parameter the annexure has no key or
 * unit for is skipped, as CPCB takes none.
 */
export function fillFromNames(draft: MappingDraft, protocol: RegulatorProtocol): MappingDraft {
  const fill = (p: ParamDraft): ParamDraft => {
    if (p.skip) return p;
    if (protocol !== 'CPCB_ODAMS') return { ...p, code: p.code || p.label, unit: p.unit || p.deviceUnit };
    const code = p.code || suggestOdamsParameterKey(p.name);
    const unit = p.unit || odamsUnit(p.name, p.deviceUnit, '')?.unit;
    return code && unit ? { ...p, code, unit } : { ...p, skip: true };
  };
  return { ...draft, stations: draft.stations.map((s) => ({ ...s, devices: s.devices.map((d) => ({ ...d, params: d.params.map(fill) })) })) };
}
