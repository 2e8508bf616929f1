import type { TrendResult } from '@enviro/contracts/data/trend';
import { isAdditive } from '@enviro/domain/aggregation';
import { orderStationTypes } from '@enviro/domain/station-order';
import type { Station, StationParam } from '@/lib/stations';
import { trendStats, type TrendStats } from './trend-options';

export interface ParameterSelection {
  /** Station types of the tenant, SPEC 9 order. */
  types: string[];
  type: string | undefined;
  /** Stations of the chosen type. */
  ofType: Station[];
  /** The chosen stations (all of the type when the URL names none of them). */
  picked: Station[];
  /** Parameters reported by any chosen station. */
  params: StationParam[];
  param: StationParam | undefined;
}

/** Resolves the URL's choices against the tenant's stations, falling back to the first of each. */
export function resolveSelection(
  stations: readonly Station[],
  search: { entityType: string | null; stations: string | null; paramId: string | null },
): ParameterSelection {
  const types = orderStationTypes(stations.map((s) => s.type));
  const type = types.find((t) => t === search.entityType) ?? types[0];
  const ofType = stations.filter((s) => s.type === type);
  const wanted = new Set((search.stations ?? '').split(',').filter(Boolean).map(Number));
  const chosen = ofType.filter((s) => wanted.has(s.id));
  const picked = chosen.length > 0 ? chosen : ofType;
  const params: StationParam[] = [];
  for (const p of picked.flatMap((s) => s.params)) if (!params.some((q) => q.name === p.name)) params.push(p);
  const param = params.find((p) => p.name === search.paramId) ?? params[0];
  return { types, type, ofType, picked, params, param };
}

export interface StationStatsRow extends TrendStats {
  id: number;
  name: string;
  latest: number | null;
}

/**
 * Min, max, average and latest value per chosen station, from its series of `main` (what the chart
 * draws) and of `extremes` (minima and maxima, for an average). A sum's latest value is its newest
 * bucket not cut short.
 */
export function statsByStation(
  picked: readonly Station[],
  main: readonly TrendResult[],
  extremes: readonly TrendResult[] = [],
  isCut: (bucketStart: number) => boolean = () => false,
): StationStatsRow[] {
  return picked.map((s) => {
    const own = main.find((t) => t.entityId === s.id);
    const whole = (time: number) => !(isAdditive(own?.dsAgg ?? null) && isCut(time));
    const last = [...(own?.data ?? [])].reverse().find((p) => p.value !== null && whole(p.time));
    const stats = trendStats(own, extremes.filter((t) => t.entityId === s.id), isCut);
    return { id: s.id, name: s.name, latest: last?.value ?? null, ...stats };
  });
}
