import type { Aggregator } from '@enviro/contracts/common';
import type { AggLevel, TrendPoint, TrendResult } from '@enviro/contracts/data/trend';
import { quarterHourSlots, type BucketGrid } from '@enviro/domain/interval';
import type { UnitConversion } from '@enviro/domain/unit-conversion';
import type { BucketStats, InstantValue } from './trend.repository.ts';

/** An answer series before the answer's range is put on it. */
export type SeriesResult = Omit<TrendResult, 'range'>;

/** A series as answers describe it; `key` indexes the SeriesKey list the query read. */
export interface Series {
  key: number;
  tenantId: number;
  entityId: number;
  entityName: string;
  /** The unit of the answer: the device's, or the one `conversion` converts to. */
  unit: string;
  /** entityId, entityName, entityType, deviceId and the device's own tags. */
  tags: Record<string, string>;
  /** Applied to every value read, when the request asked for conversion and the units differ. */
  conversion?: UnitConversion | undefined;
}

/** A requested parameter with its aggregators resolved against the catalogue. */
export interface ResolvedParam {
  name: string;
  label: string;
  agg: Aggregator;
  dsAgg: Aggregator;
  availability: boolean;
}

/** How the members of a parameter are combined into answer series. */
export interface Grouping {
  /** One answer series per device series, entity, tenant, or for all (see the contract's AGG_LEVELS). */
  level: AggLevel;
  groupByTags?: readonly string[] | undefined;
}

/** The value a downsampling aggregator gives for one series' bucket (its aggregate was computed: see BucketQuery.with). */
export function downsample(stats: BucketStats, dsAgg: Aggregator): number {
  switch (dsAgg) {
    case 'avg':
      return stats.sum / stats.n;
    case 'min':
      return stats.min!;
    case 'max':
      return stats.max!;
    case 'sum':
      return stats.sum;
    case 'count':
      return stats.n;
    case 'first':
      return stats.first!;
    case 'last':
      return stats.last!;
  }
}

/**
 * A series' value for a bucket in its answer unit. A conversion is affine, so it carries over avg,
 * min, max, first and last as they are; a sum adds the offset once per reading; a count is no value.
 */
function bucketValue(stats: BucketStats, dsAgg: Aggregator, conversion: UnitConversion | undefined): number {
  const value = downsample(stats, dsAgg);
  if (!conversion || dsAgg === 'count') return value;
  return value * conversion.factor + conversion.offset * (dsAgg === 'sum' ? stats.n : 1);
}

/** Combines the values of several series at one time; first/last follow the members' order. */
export function combine(values: readonly number[], agg: Aggregator): number {
  switch (agg) {
    case 'avg':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'count':
      return values.length;
    case 'first':
      return values[0]!;
    case 'last':
      return values[values.length - 1]!;
  }
}

/**
 * Splits a parameter's members (in answer order) into answer series: null means each member alone,
 * uncombined. Members lacking a groupByTags key are left out.
 */
export function groupMembers(members: readonly Series[], grouping: Grouping): Series[][] | null {
  const { level } = grouping;
  if (level === 'all') return members.length > 0 ? [[...members]] : [];
  if (level === 'device' && !grouping.groupByTags) return null;
  const groups = new Map<string, Series[]>();
  for (const m of members) {
    const tagValues = (grouping.groupByTags ?? []).map((key) => m.tags[key]);
    if (tagValues.some((v) => v === undefined)) continue;
    const id = JSON.stringify([level === 'entity' ? m.entityId : level === 'tenant' ? m.tenantId : null, ...tagValues]);
    const group = groups.get(id);
    if (group) group.push(m);
    else groups.set(id, [m]);
  }
  return [...groups.values()];
}

/** Tags every member shares (and its tenant's id, per tenant), and the entity when they all belong to one. */
function describe(members: readonly Series[], grouping: Grouping): Pick<TrendResult, 'tags' | 'entityId' | 'entityName' | 'unit'> {
  const [head, ...rest] = members;
  const tags = Object.fromEntries(Object.entries(head!.tags).filter(([k, v]) => rest.every((m) => m.tags[k] === v)));
  if (grouping.level === 'tenant') tags.tenantId = String(head!.tenantId);
  const oneEntity = rest.every((m) => m.entityId === head!.entityId);
  return {
    tags,
    entityId: oneEntity ? head!.entityId : null,
    entityName: oneEntity ? head!.entityName : null,
    unit: head!.unit,
  };
}

export interface BucketContext {
  grid: BucketGrid;
  from: number;
  to: number;
  now: number;
  /** Stats by series key, then by bucket index. */
  stats: ReadonlyMap<number, ReadonlyMap<number, BucketStats>>;
}

/**
 * Answer series of one parameter from bucket stats. Without availability a bucket appears only
 * where some member has data; with it, every bucket with a slot before now appears, empty ones with
 * value null, and a combined series' availability is the mean of its members' (missing counts 0).
 */
export function bucketTrends(param: ResolvedParam, members: readonly Series[], grouping: Grouping, ctx: BucketContext): SeriesResult[] {
  const groups = groupMembers(members, grouping);
  const combined = groups !== null;
  return (groups ?? members.map((m) => [m])).map((group) => ({
    paramName: param.name,
    paramLabel: param.label,
    ...describe(group, grouping),
    data: bucketPoints(param, group, combined, ctx),
    dsAgg: param.dsAgg,
    agg: param.agg,
  }));
}

function bucketPoints(param: ResolvedParam, group: readonly Series[], combined: boolean, ctx: BucketContext): TrendPoint[] {
  const { starts, end } = ctx.grid;
  if (group.length === 1 && !param.availability) return seriesPoints(param, group[0]!, ctx.stats.get(group[0]!.key), starts);
  const points: TrendPoint[] = [];
  for (let b = 0; b < starts.length; b++) {
    const bucketStats: BucketStats[] = [];
    const values: number[] = [];
    for (const m of group) {
      const s = ctx.stats.get(m.key)?.get(b);
      if (s === undefined) continue;
      bucketStats.push(s);
      values.push(bucketValue(s, param.dsAgg, m.conversion));
    }
    const value = values.length === 0 ? null : combined ? combine(values, param.agg) : values[0]!;
    if (!param.availability) {
      if (value !== null) points.push({ time: starts[b]!, value });
      continue;
    }
    const slots = quarterHourSlots(Math.max(starts[b]!, ctx.from), Math.min(starts[b + 1] ?? end, ctx.to, ctx.now));
    if (slots === 0) {
      if (value !== null) points.push({ time: starts[b]!, value });
      continue;
    }
    const covered = bucketStats.reduce((sum, s) => sum + Math.min(s.slots, slots), 0);
    points.push({ time: starts[b]!, value, availability: (100 * covered) / (slots * group.length) });
  }
  return points;
}

/** The common case, one series without availability, without the per-bucket arrays of the general path. */
function seriesPoints(param: ResolvedParam, series: Series, stats: ReadonlyMap<number, BucketStats> | undefined, starts: readonly number[]): TrendPoint[] {
  const points: TrendPoint[] = [];
  if (!stats) return points;
  for (let b = 0; b < starts.length; b++) {
    const s = stats.get(b);
    if (s) points.push({ time: starts[b]!, value: bucketValue(s, param.dsAgg, series.conversion) });
  }
  return points;
}

/**
 * Answer series of one parameter from raw readings. Combined series join members' readings at the
 * same instant with `agg`.
 */
export function instanceTrends(param: ResolvedParam, members: readonly Series[], grouping: Grouping, values: ReadonlyMap<number, readonly InstantValue[]>): SeriesResult[] {
  const groups = groupMembers(members, grouping);
  const converted = (m: Series, value: number) => (m.conversion ? value * m.conversion.factor + m.conversion.offset : value);
  return (groups ?? members.map((m) => [m])).map((group) => {
    let data: TrendPoint[];
    if (groups === null) {
      const m = group[0]!;
      data = (values.get(m.key) ?? []).map((v) => ({ time: v.time, value: converted(m, v.value) }));
    } else {
      const byTime = new Map<number, number[]>();
      for (const m of group) {
        for (const v of values.get(m.key) ?? []) {
          const at = byTime.get(v.time);
          if (at) at.push(converted(m, v.value));
          else byTime.set(v.time, [converted(m, v.value)]);
        }
      }
      data = [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([time, vs]) => ({ time, value: combine(vs, param.agg) }));
    }
    return { paramName: param.name, paramLabel: param.label, ...describe(group, grouping), data, dsAgg: null, agg: param.agg };
  });
}
