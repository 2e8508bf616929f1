import { groupBy } from '@enviro/domain/group-by';
import type { Aggregator } from '@enviro/contracts/common';
import type { AggLevel, DataRequest, MetricRequest, TrendResult } from '@enviro/contracts/data/trend';
import { timeRangeAnswer } from '@enviro/contracts/time';
import { unitConversion } from '@enviro/domain/unit-conversion';
import type { Auth } from '../../platform/access/auth.ts';
import type { PooledHandle } from '../../platform/database/pooled-repository.ts';
import { badRequest } from '../../platform/errors.ts';
import { scopeDataTenantIds } from '../../platform/access/access.ts';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import type { SuppressionWindowService } from '../devices/suppression-windows.service.ts';
import type { EntityService } from '../entities/entities.service.ts';
import type { CatalogCache, ParamCatalogue } from './catalog.ts';
import { selectSeries, type SelectedSeries } from './selection.ts';
import { markCorrected } from './corrected-marks.ts';
import type { CorrectionLayer, CorrectionVersion } from './corrections.service.ts';
import { markFlagged, type TrendQualitySource } from './flagged-marks.ts';
import { markSuppressed } from './suppressed-marks.ts';
import { planTrend, requestField, type TrendPlan } from './time-window.ts';
import { bucketTrends, instanceTrends, type Grouping, type ResolvedParam, type Series, type SeriesResult } from './trend-assembly.ts';
import { TrendRepository, type BucketStats, type InstantValue, type SeriesKey } from './trend.repository.ts';

/** Most raw points one trend answer carries ('instances'). */
export const MAX_POINTS = 500_000;
/** Most (series, bucket) values one trend request may compute, whatever it answers after combining. */
export const MAX_CELLS = 1_000_000;

/**
 * Trends of POST /api/data/metric (one answer series per device series, unless grouped) and
 * /api/data/entityMetric (one per entity, its devices combined with `agg`).
 */
export class TrendService {
  private readonly values: TrendRepository;
  private readonly db: PooledHandle['db'];
  private quality: TrendQualitySource | null = null;

  constructor(
    database: PooledHandle,
    private readonly access: TenantDirectory,
    private readonly entities: EntityService,
    private readonly windows: SuppressionWindowService,
    private readonly catalogs: CatalogCache,
    private readonly corrections: CorrectionLayer,
    private readonly now: () => number = Date.now,
  ) {
    this.values = new TrendRepository(database);
    this.db = database.db;
  }

  /** The data-quality verdicts trends mark from now on (given by the data-quality module once built). No caller. */
  showQualityFrom(source: TrendQualitySource): void {
    this.quality = source;
  }

  metric(auth: Auth, request: MetricRequest): Promise<TrendResult[]> {
    return this.trends(auth, request, 'device');
  }

  entityMetric(auth: Auth, request: DataRequest): Promise<TrendResult[]> {
    return this.trends(auth, request, 'entity');
  }

  private async trends(auth: Auth, request: DataRequest | MetricRequest, defaultLevel: AggLevel): Promise<TrendResult[]> {
    const { results: assembled, series, plan, corrections } = await this.assemble(auth, request, defaultLevel);
    // Corrected periods beside the series, their points marked (the values are corrected unless `original`).
    const results = markCorrected(assembled, series, corrections, plan.kind === 'buckets' ? bucketEnds(plan.grid.starts, plan.range.to) : null);
    // Calibration and maintenance periods beside the series, so their readings are drawn marked.
    const suppressed = await markSuppressed(this.windows, results, series, new Date(plan.range.from), new Date(plan.range.to));
    // Suspect and invalid slots beside them, so a chart marks what a board should not trust.
    const marked = await markFlagged(this.quality, suppressed, series, new Date(plan.range.from), new Date(plan.range.to));
    const range = timeRangeAnswer(plan.range);
    return marked.map((r) => ({ ...r, range }));
  }

  private async assemble(
    auth: Auth,
    request: DataRequest | MetricRequest,
    defaultLevel: AggLevel,
  ): Promise<{ results: SeriesResult[]; series: SelectedSeries[]; plan: TrendPlan; corrections: CorrectionVersion[] }> {
    const [snapshot, restriction] = await Promise.all([
      scopeDataTenantIds(this.access, auth, request).then((ids) => this.catalogs.read(ids)),
      this.entities.restriction(auth),
    ]);
    const now = this.now();
    const plan = planTrend(request, now);
    const params = resolveParams(request, plan, snapshot.params);
    const names = [...new Set(params.map((p) => p.name))];
    // Each station's series for the periods its devices served it (mount history): a swap keeps both right.
    const series = selectSeries(snapshot, restriction, request, names, true);

    const keys: SeriesKey[] = [];
    const keyIndex = new Map<string, number>();
    const members = new Map<string, Series[]>(names.map((n) => [n, []]));
    for (const s of series) {
      const id = `${s.device_id}:${s.slot}:${s.from_ms}:${s.to_ms}`;
      if (!keyIndex.has(id)) {
        keyIndex.set(id, keys.length);
        keys.push({ tenantId: s.tenant_id, deviceId: s.device_id, slot: s.slot, fromMs: s.from_ms, toMs: s.to_ms });
      }
      members.get(s.name)!.push(toSeries(s, keyIndex.get(id)!));
    }

    // The correction layer over these series: most ranges have none, and their statements ignore it.
    const corrections = (await this.corrections.covering(keys, new Date(plan.range.from), new Date(plan.range.to))).filter((c) =>
      keys.some((k) => k.tenantId === c.tenantId && k.deviceId === c.deviceId && k.slot === c.slot),
    );
    const mode = corrections.length === 0 ? 'none' : request.original ? 'original' : 'apply';

    const grouping: Grouping = { level: request.groupAll ? 'all' : (request.aggLevel ?? defaultLevel), groupByTags: request.groupByTags };
    const membersOf = params.map((p, i) => (p.stdUnit === null ? members.get(p.name)! : converted(members.get(p.name)!, p, i)));
    if (plan.kind === 'instances') {
      const values = await this.instances(keys, plan, mode);
      return { results: params.flatMap((p, i) => instanceTrends(p, membersOf[i]!, grouping, values)), series, plan, corrections };
    }
    const cells = keys.length * plan.grid.starts.length;
    if (cells > MAX_CELLS) {
      throw badRequest(
        requestField('interval'),
        `${keys.length} series over ${plan.grid.starts.length} buckets exceed ${MAX_CELLS} values; choose a longer interval, fewer entities or fewer params`,
      );
    }
    const rows = await this.values.buckets(keys, {
      from: plan.range.from,
      to: plan.range.to,
      starts: plan.grid.starts,
      with: {
        min: params.some((p) => p.dsAgg === 'min'),
        max: params.some((p) => p.dsAgg === 'max'),
        firstLast: params.some((p) => p.dsAgg === 'first' || p.dsAgg === 'last'),
      },
      corrections: { mode, spans: corrections.map((c) => ({ from: c.from.getTime(), to: c.to.getTime() })) },
    });
    const stats = new Map<number, Map<number, BucketStats>>();
    for (const row of rows) {
      let bySeries = stats.get(row.series);
      if (!bySeries) stats.set(row.series, (bySeries = new Map()));
      bySeries.set(row.bucket, row);
    }
    const ctx = { grid: plan.grid, from: plan.range.from, to: plan.range.to, now, stats };
    return { results: params.flatMap((p, i) => bucketTrends(p, membersOf[i]!, grouping, ctx)), series, plan, corrections };
  }

  private async instances(keys: SeriesKey[], plan: TrendPlan, mode: 'none' | 'apply' | 'original'): Promise<Map<number, InstantValue[]>> {
    const rows = await this.values.instances(keys, plan.range.from, plan.range.to, MAX_POINTS + 1, mode);
    if (rows.length > MAX_POINTS) {
      throw badRequest(requestField('interval'), `more than ${MAX_POINTS} raw points; narrow the range or choose an interval such as minute_15`);
    }
    return groupBy(rows, (r) => r.series);
  }
}

/** A requested parameter; `stdUnit` is the unit to convert to, null without conversion. */
interface RequestedParam extends ResolvedParam {
  stdUnit: string | null;
}

/** Checks the parameters against the catalogue and fills in its aggregators. */
function resolveParams(request: DataRequest, plan: TrendPlan, catalogue: ParamCatalogue): RequestedParam[] {
  return request.params.map((p, i) => {
    const std = catalogue.byName.get(p.name);
    if (!std) throw badRequest(requestField(`params.${i}.name`), `unknown parameter '${p.name}'; see /api/allMetaStdParams`);
    if (p.availability && plan.kind === 'instances') {
      throw badRequest(requestField(`params.${i}.availability`), 'availability needs a bucket interval, not instances');
    }
    return {
      name: p.name,
      label: std.label,
      // The catalogue's CHECK constraints hold these to the Aggregator values.
      agg: p.agg ?? (std.metric_agg as Aggregator),
      dsAgg: p.dsAgg ?? (std.downsample_agg as Aggregator),
      availability: p.availability,
      stdUnit: p.conversion ? std.unit : null,
    };
  });
}

/** The members in the standard unit; 400 naming the parameter for a unit no conversion reaches. */
function converted(members: readonly Series[], param: RequestedParam, index: number): Series[] {
  const to = param.stdUnit!;
  return members.map((m) => {
    const conversion = unitConversion(param.name, m.unit, to);
    if (!conversion) {
      throw badRequest(requestField(`params.${index}.conversion`), `no conversion of ${param.name} from '${m.unit}' to the standard unit '${to}'`);
    }
    return conversion.factor === 1 && conversion.offset === 0 ? { ...m, unit: to } : { ...m, unit: to, conversion };
  });
}

/** The end of the bucket starting at a time: the next start of the grid, or the range's end. */
function bucketEnds(starts: readonly number[], to: number): (time: number) => number {
  const next = new Map(starts.map((s, i) => [s, starts[i + 1] ?? to]));
  return (time) => next.get(time) ?? to;
}

function toSeries(s: SelectedSeries, key: number): Series {
  return {
    key,
    tenantId: s.tenant_id,
    entityId: Number(s.entity.id),
    entityName: s.entity.name,
    unit: s.unit,
    tags: s.tags,
  };
}
