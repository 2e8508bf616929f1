import type { EntityDevice, EntityNode, LiveStatus } from '@enviro/contracts/entities';
import type { RecentValue } from '@enviro/contracts/data/recent';
import type { TrendResult } from '@enviro/contracts/data/trend';
import { isAdditive, type Aggregation } from '@enviro/domain/aggregation';
import { operationalValue } from '@enviro/domain/operational';
import { orderStationTypes, sortStations } from '@enviro/domain/station-order';

/** Node types that hold stations rather than being stations. */
const CONTAINER_TYPES = new Set(['group', 'facility']);

/** A parameter a station reports. */
export interface StationParam {
  name: string;
  label: string;
  unit: string;
  /** How the catalogue combines its readings inside a time bucket (metricDownsampleAgg). */
  aggregation: Aggregation;
}

/** A station as the portal shows it (SPEC 3 Station, derived from a node). */
export interface Station {
  id: number;
  name: string;
  type: string;
  liveStatus: LiveStatus;
  lastDataAt: string | null;
  properties: { name: string; value: string }[];
  /** 'True' unless the Operational property says otherwise. */
  operational: string;
  commissioningDate: string | null;
  capacity: string | null;
  devices: EntityDevice[];
  /** Whether any device reports diagnostic (device_) parameters. */
  hasDiagnostics: boolean;
  params: StationParam[];
}

const property = (node: EntityNode, name: string) => node.properties.find((p) => p.name === name)?.value ?? null;

function toStation(node: EntityNode): Station {
  const live = (node.devices ?? []).filter((d) => d.deletedDate === null);
  const params = live.flatMap((d) => (d.profile?.params ?? []).filter((p) => p.deletedDate === null));
  const seen = new Set<string>();
  const shown: StationParam[] = [];
  for (const p of params) {
    if (p.stdParam.name.startsWith('device_') || seen.has(p.stdParam.name)) continue;
    seen.add(p.stdParam.name);
    shown.push({ name: p.stdParam.name, label: p.stdParam.label, unit: p.unit, aggregation: p.stdParam.metricDownsampleAgg });
  }
  return {
    id: node.id,
    name: node.name,
    type: node.type,
    liveStatus: node.liveStatus,
    lastDataAt: node.lastDataAt,
    properties: node.properties,
    operational: operationalValue(node.properties),
    // The product spells the property 'Commisoning Date'.
    commissioningDate: property(node, 'Commisoning Date'),
    capacity: property(node, 'Capacity'),
    devices: live,
    hasDiagnostics: params.some((p) => p.stdParam.name.startsWith('device_')),
    params: shown,
  };
}

/** Every station of a tree (any node that is not a group or facility), in SPEC 9 order. */
export function collectStations(tree: readonly EntityNode[]): Station[] {
  const out: Station[] = [];
  const walk = (node: EntityNode) => {
    if (!CONTAINER_TYPES.has(node.type)) out.push(toStation(node));
    node.children.forEach(walk);
  };
  tree.forEach(walk);
  return sortStations(out);
}

/** Stations grouped by type, groups in SPEC 9 type order. */
export function groupByType(stations: readonly Station[]): { type: string; stations: Station[] }[] {
  return orderStationTypes(stations.map((s) => s.type)).map((type) => ({
    type,
    stations: stations.filter((s) => s.type === type),
  }));
}

export interface StationCounts {
  total: number;
  /** SPEC 4: operating unless the operational value is 'False'. */
  operating: number;
  liveStatus: Record<LiveStatus, number>;
}

export function countStations(stations: readonly Station[]): StationCounts {
  const liveStatus: Record<LiveStatus, number> = { LIVE: 0, DELAYED: 0, OFFLINE: 0, UNKNOWN: 0 };
  for (const s of stations) liveStatus[s.liveStatus] += 1;
  return { total: stations.length, operating: stations.filter((s) => s.operational !== 'False').length, liveStatus };
}

/** The latest value known of a parameter: a bucket of its trend, or else its last reading. */
export interface LatestValue {
  /** Bucket start, or the reading's time. */
  time: number;
  value: number;
  /** How the bucket combined its readings; null for a single reading. */
  dsAgg: Aggregation | null;
}

/**
 * The newest bucket of each parameter's trend, by parameter name; a parameter whose trend holds no
 * value takes its last reading from `readings` (the recent values of a longer backscan), so a
 * station that has gone quiet still shows what it last said. A sum or count skips the buckets
 * `isCut` says are cut short (the quarter hour still running holds a few minutes of it).
 */
export function latestValues(
  trends: readonly TrendResult[],
  readings: readonly RecentValue[] = [],
  isCut: (bucketStart: number) => boolean = () => false,
): Map<string, LatestValue> {
  const out = new Map<string, LatestValue>();
  for (const t of trends) {
    for (const p of t.data) {
      if (p.value === null || (isAdditive(t.dsAgg) && isCut(p.time))) continue;
      const known = out.get(t.paramName);
      if (!known || p.time > known.time) out.set(t.paramName, { time: p.time, value: p.value, dsAgg: t.dsAgg });
    }
  }
  for (const r of readings) {
    const known = out.get(r.paramName);
    if (!known || (known.dsAgg === null && r.time > known.time)) out.set(r.paramName, { time: r.time, value: r.value, dsAgg: null });
  }
  return out;
}
