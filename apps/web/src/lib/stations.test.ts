import { describe, expect, it } from 'vitest';
import type { EntityNode } from '@enviro/contracts/entities';
import type { TrendResult } from '@enviro/contracts/data/trend';
import { collectStations, countStations, groupByType, latestValues } from './stations';

const std = (name: string) => ({
  id: 1,
  name,
  label: name.toUpperCase(),
  paramMetric: name,
  metricAgg: 'avg' as const,
  metricDownsampleAgg: 'avg' as const,
  showWidget: true,
  virtual: false,
  stdUnit: 'mg/Nm3',
  isConversion: false,
  widgetName: null,
});
const param = (name: string, deletedDate: string | null = null) => ({
  stdParam: std(name),
  unit: 'mg/Nm3',
  rawUnit: 'mg/Nm3',
  isConversion: false,
  deletedDate,
});
const node = (id: number, type: EntityNode['type'], name: string, extra: Partial<EntityNode> = {}): EntityNode => ({
  id,
  tenantId: 1,
  name,
  type,
  status: 'ENABLED',
  properties: [],
  workingStatus: null,
  lastDataAt: null,
  liveStatus: 'UNKNOWN',
  children: [],
  ...extra,
});

const TREE = [
  node(1, 'facility', 'Plant', {
    children: [
      node(2, 'caaqms', 'AAQ 1', { liveStatus: 'LIVE' }),
      node(3, 'cems', 'Stack 10', { liveStatus: 'OFFLINE', properties: [{ name: 'Operational', value: 'False' }] }),
      node(4, 'cems', 'Stack 2', {
        liveStatus: 'LIVE',
        properties: [{ name: 'Commisoning Date', value: '2020-01-01' }, { name: 'Capacity', value: '120 MW' }],
        devices: [
          {
            id: 9,
            name: 'Analyser',
            displayId: 'D-0000000009',
            model: null,
            serialNo: null,
            sensorId: null,
            deletedDate: null,
            profile: { params: [param('pm'), param('so2'), param('device_temperature'), param('nox', '2025-01-01T00:00:00Z')] },
          },
        ],
      }),
      node(5, 'eqms', 'ETP Outlet'),
    ],
  }),
];

describe('collectStations', () => {
  const stations = collectStations(TREE);
  it.each([
    ['leaves containers out, SPEC 9 order, natural names', stations.map((s) => s.name), ['ETP Outlet', 'Stack 2', 'Stack 10', 'AAQ 1']],
    ['operational from the property', stations.map((s) => s.operational), ['True', 'True', 'False', 'True']],
    ['params skip diagnostics and removed ones', stations[1]!.params.map((p) => p.name), ['pm', 'so2']],
    ['diagnostics noticed', stations[1]!.hasDiagnostics, true],
    ['commissioning date and capacity', [stations[1]!.commissioningDate, stations[1]!.capacity], ['2020-01-01', '120 MW']],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('groups by type and counts', () => {
    expect(groupByType(stations).map((g) => [g.type, g.stations.length])).toEqual([
      ['eqms', 1],
      ['cems', 2],
      ['caaqms', 1],
    ]);
    expect(countStations(stations)).toEqual({ total: 4, operating: 3, liveStatus: { LIVE: 2, DELAYED: 0, OFFLINE: 1, UNKNOWN: 1 } });
  });
});

describe('latestValues', () => {
  const trend = (paramName: string, data: [number, number | null][]): TrendResult => ({
    paramName,
    paramLabel: paramName,
    unit: '',
    data: data.map(([time, value]) => ({ time, value })),
    tags: {},
    entityName: 'S',
    entityId: 1,
    dsAgg: 'avg',
    agg: 'avg',
    range: { from: '1970-01-01T00:00:00.000Z', to: '1970-01-02T00:00:00.000Z', zone: 'UTC', raw: { from: '1d-ago', to: 'now' } },
  });
  it('keeps the newest non-null point of each parameter', () => {
    const latest = latestValues([trend('pm', [[1, 5], [2, 7], [3, null]]), trend('so2', [[1, 2]])]);
    expect(Object.fromEntries(latest)).toEqual({ pm: { time: 2, value: 7, dsAgg: 'avg' }, so2: { time: 1, value: 2, dsAgg: 'avg' } });
  });

  it('passes over the running bucket of a sum, whose few minutes would read as a drop', () => {
    const energy = { ...trend('kwh', [[1, 480], [2, 35]]), dsAgg: 'sum' as const };
    const latest = latestValues([energy, trend('pm', [[1, 5], [2, 6]])], [], (time) => time === 2);
    expect(Object.fromEntries(latest)).toEqual({ kwh: { time: 1, value: 480, dsAgg: 'sum' }, pm: { time: 2, value: 6, dsAgg: 'avg' } });
  });

  it('gives a parameter gone quiet its last reading, and never lets a reading replace a bucket', () => {
    const reading = (paramName: string, time: number, value: number) =>
      ({ paramName, paramLabel: paramName, unit: '', deviceId: 9, time, value, entityId: 1, entityName: 'S', entityType: 'eqms' }) as const;
    const latest = latestValues([trend('pm', [[10, 5]]), trend('ph', [])], [reading('ph', 3, 7.2), reading('pm', 12, 6), reading('cod', 1, 90), reading('cod', 2, 91)]);
    expect(Object.fromEntries(latest)).toEqual({
      pm: { time: 10, value: 5, dsAgg: 'avg' },
      ph: { time: 3, value: 7.2, dsAgg: null },
      cod: { time: 2, value: 91, dsAgg: null },
    });
  });
});
