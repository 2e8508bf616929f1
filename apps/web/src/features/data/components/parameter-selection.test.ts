import { describe, expect, it } from 'vitest';
import type { TrendResult } from '@enviro/contracts/data/trend';
import type { Station } from '@/lib/stations';
import { resolveSelection, statsByStation } from './parameter-selection';

const station = (id: number, type: string, params: string[]): Station => ({
  id,
  name: `S${id}`,
  type,
  liveStatus: 'LIVE',
  lastDataAt: null,
  properties: [],
  operational: 'True',
  commissioningDate: null,
  capacity: null,
  devices: [],
  hasDiagnostics: false,
  params: params.map((name) => ({ name, label: name.toUpperCase(), unit: 'u', aggregation: 'avg' as const })),
});

const STATIONS = [station(1, 'cems', ['pm', 'so2']), station(2, 'cems', ['pm', 'nox']), station(3, 'eqms', ['ph'])];

describe('resolveSelection', () => {
  it.each([
    ['defaults: first type in SPEC 9 order, all its stations, first parameter', { entityType: null, stations: null, paramId: null }, ['eqms', [3], 'ph']],
    ['a type and its stations from the URL', { entityType: 'cems', stations: '2', paramId: 'nox' }, ['cems', [2], 'nox']],
    ['stations of another type are ignored', { entityType: 'cems', stations: '3', paramId: 'so2' }, ['cems', [1, 2], 'so2']],
    ['an unknown parameter falls back to the first', { entityType: 'cems', stations: '1,2', paramId: 'hg' }, ['cems', [1, 2], 'pm']],
  ])('%s', (_case, search, [type, ids, param]) => {
    const s = resolveSelection(STATIONS, search);
    expect([s.type, s.picked.map((p) => p.id), s.param?.name]).toEqual([type, ids, param]);
  });

  it('offers the union of the chosen stations parameters', () => {
    expect(resolveSelection(STATIONS, { entityType: 'cems', stations: null, paramId: null }).params.map((p) => p.name)).toEqual(['pm', 'so2', 'nox']);
  });
});

describe('statsByStation', () => {
  const trend = (entityId: number, dsAgg: TrendResult['dsAgg'], values: (number | null)[]): TrendResult => ({
    paramName: 'pm',
    paramLabel: 'PM',
    unit: 'u',
    data: values.map((value, i) => ({ time: i, value })),
    tags: {},
    entityName: `S${entityId}`,
    entityId,
    dsAgg,
    agg: 'avg',
    range: { from: '1970-01-01T00:00:00.000Z', to: '1970-01-02T00:00:00.000Z', zone: 'UTC', raw: { from: '1d-ago', to: 'now' } },
  });
  it('computes each station from its own series', () => {
    const rows = statsByStation(STATIONS.slice(0, 2), [trend(1, 'avg', [1, 3, null]), trend(2, null, [5])], [trend(1, 'min', [0, 2]), trend(1, 'max', [2, 9])]);
    expect(rows).toEqual([
      { id: 1, name: 'S1', latest: 3, min: 0, max: 9, avg: 2 },
      { id: 2, name: 'S2', latest: 5, min: 5, max: 5, avg: 5 },
    ]);
  });

  it('gives a sum the newest bucket the range does not cut short, and its own extremes', () => {
    const rows = statsByStation(STATIONS.slice(0, 1), [trend(1, 'sum', [100, 480, 500, 20])], [], (time) => time === 0 || time === 3);
    expect(rows).toEqual([{ id: 1, name: 'S1', latest: 500, min: 480, max: 500, avg: 490 }]);
  });
});
