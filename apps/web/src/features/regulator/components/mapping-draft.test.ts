import { describe, expect, it } from 'vitest';
import type { RegulatorMapping } from '@enviro/contracts/regulator';
import { draftFrom, draftWarnings, fillFromNames, mappingInput } from './mapping-draft';

const stations = [
  {
    stationId: 1,
    name: 'Stack 1',
    type: 'cems',
    devices: [
      { deviceId: 10, name: 'Analyser A', params: [{ slot: 0, name: 'so2', label: 'SO2', unit: 'mg/Nm3' }, { slot: 1, name: 'nox', label: 'NOx', unit: 'ppm' }] },
    ],
  },
  { stationId: 2, name: 'Outlet', type: 'eqms', devices: [{ deviceId: 20, name: 'pH meter', params: [{ slot: 0, name: 'ph', label: 'pH', unit: '' }] }] },
];

const stored: RegulatorMapping = {
  tenantId: 5,
  connectionId: 3,
  connectionName: 'CPCB',
  protocol: 'CPCB_ODAMS',
  enabled: true,
  industryId: 'IND-9',
  credentialsSet: ['token'],
  stations: [{ stationId: 1, regulatorStationId: 'S-1', devices: [{ deviceId: 10, regulatorDeviceId: 'D-1', params: [{ slot: 0, code: 'SO2', unit: 'mg/Nm3', skip: false }] }] }],
  deviceCredentialsSet: [],
  stopped: null,
  issues: [],
  updatedAt: '2026-11-26T00:00:00.000Z',
};

describe('the mapping editor', () => {
  it('starts from the stored mapping and lists what is still unmapped', () => {
    const draft = draftFrom(stations, stored);
    expect(draft.industryId).toBe('IND-9');
    expect(draft.stations.map((s) => s.included)).toEqual([true, false]);
    expect(draft.stations[0]!.devices[0]!.params.map((p) => p.code)).toEqual(['SO2', '']);
    expect(draftWarnings(draft)).toEqual(['Stack 1 / Analyser A: NOx not mapped (give a code or skip).', 'Outlet: not pushed.']);
  });

  it('sends included stations and devices with their mapped and skipped parameters', () => {
    const draft = draftFrom(stations, stored);
    draft.stations[0]!.devices[0]!.params[1]!.skip = true;
    draft.stations[1]!.included = true;
    draft.stations[1]!.regulatorStationId = ' S-2 ';
    expect(mappingInput(draft, { token: 't' })).toEqual({
      enabled: true,
      industryId: 'IND-9',
      credentials: { token: 't' },
      stations: [
        { stationId: 1, regulatorStationId: 'S-1', devices: [{ deviceId: 10, regulatorDeviceId: 'D-1', params: [{ slot: 0, code: 'SO2', unit: 'mg/Nm3', skip: false }, { slot: 1, code: '', unit: '', skip: true }] }] },
        { stationId: 2, regulatorStationId: 'S-2', devices: [{ deviceId: 20, regulatorDeviceId: '', params: [] }] },
      ],
    });
  });

  it('a new mapping includes nothing and names every gap; filling from names maps the parameters', () => {
    const draft = draftFrom(stations, null);
    expect(draft.stations.every((s) => !s.included)).toBe(true);
    draft.stations[0]!.included = true;
    expect(draftWarnings(draft)).toEqual([
      "The regulator's industry id is empty.",
      "Stack 1: the regulator's station id is empty.",
      "Stack 1 / Analyser A: the regulator's device id is empty.",
      'Stack 1 / Analyser A: SO2, NOx not mapped (give a code or skip).',
      'Outlet: not pushed.',
    ]);
    const filled = fillFromNames(draft, 'CPCB_RTDMS');
    expect(filled.stations[0]!.devices[0]!.params.map((p) => [p.code, p.unit])).toEqual([['SO2', 'mg/Nm3'], ['NOx', 'ppm']]);
    // CPCB ODAMS: the annexure's keys and units; NOx has none there, so it is skipped.
    const odams = fillFromNames(draft, 'CPCB_ODAMS');
    expect(odams.stations[0]!.devices[0]!.params.map((p) => [p.code, p.unit, p.skip])).toEqual([['so2', 'mg/Nm³', false], ['', '', true]]);
  });
});
