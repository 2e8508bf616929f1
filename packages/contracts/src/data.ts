import { parseDuration } from '@enviro/domain/duration';
import { INTERVAL_NAMES } from '@enviro/domain/interval';
import { PERIODS } from '@enviro/domain/period';
import { DEFAULT_TIME_ZONE, isTimeZone, parseDateTime, parseLocalDate } from '@enviro/domain/time-zone';
import { z } from 'zod';
import { Aggregator, EntityType, Id } from './common.ts';
import { LiveStatus } from './entity.ts';

/**
 * Time-series requests of POST /api/data/metric, /api/data/entityMetric, /api/data/recent/metric,
 * /api/data/recentTree/metric and /api/rawdata/metric. Every body wraps its request under `request`
 * (SPEC 3). Objects are strict: a misspelt field answers 400 naming it instead of being ignored.
 */

const ParamName = z.string().min(1).max(64);

/** `<n><s|m|h|d|w|n|y>-ago`, e.g. '15m-ago', '15d-ago', '1y-ago'. */
export const DurationText = z
  .string()
  .refine((text) => parseDuration(text) !== undefined, { error: "expected <n><s|m|h|d|w|n|y>-ago, e.g. '15d-ago'" })
  .meta({ example: '15d-ago' });

/** An IANA time zone such as 'Asia/Kolkata' or 'UTC'. */
export const TimeZone = z.string().refine(isTimeZone, { error: "unknown time zone; use an IANA name such as 'Asia/Kolkata'" });

/** A local calendar day 'YYYY-MM-DD'. */
export const LocalDate = z
  .string()
  .refine((text) => parseLocalDate(text) !== undefined, { error: "expected a date 'YYYY-MM-DD'" })
  .meta({ example: '2024-03-10' });

/** Downsampling interval name (SPEC 9). */
export const IntervalName = z.enum(INTERVAL_NAMES);

/** Tag key → allowed values (SPEC 5); a single value may be given as a string. Values match case-insensitively. */
export const TagFilter = z
  .record(z.string().min(1).max(64), z.union([z.string().max(200), z.array(z.string().max(200)).max(100)]))
  .transform((filter) => Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, typeof v === 'string' ? [v] : v])));

const EntityTypeList = z
  .union([EntityType, z.array(EntityType).min(1).max(30)])
  .transform((types) => (typeof types === 'string' ? [types] : types));

/** One parameter of a data request (SPEC 3 Param for data; metric requests spell it metric/dsagg). */
export const DataParam = z
  .strictObject({
    /** Standard parameter name, e.g. 'pm'. */
    name: ParamName.optional(),
    /** The same as `name`, as metric requests spell it. */
    metric: ParamName.optional(),
    /** How series are combined (groupAll, groupByTags, several devices of one entity). Default: the catalogue's metricAgg. */
    agg: Aggregator.optional(),
    /** How one series' readings are combined inside a bucket. Default: the catalogue's metricDownsampleAgg. */
    dsAgg: Aggregator.optional(),
    /** The same as `dsAgg`, as metric requests spell it. */
    dsagg: Aggregator.optional(),
    /**
     * Add each bucket's data availability: the percentage of its 15-minute slots (clipped to the range
     * and to now) holding at least one reading. Buckets without data are then listed too, with value null.
     */
    availability: z.boolean().default(false),
  })
  .superRefine((p, ctx) => {
    if (p.name === undefined && p.metric === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'name (or metric) is required' });
    if (p.name !== undefined && p.metric !== undefined && p.name !== p.metric) ctx.addIssue({ code: 'custom', path: ['metric'], message: 'differs from name' });
    if (p.dsAgg !== undefined && p.dsagg !== undefined && p.dsAgg !== p.dsagg) ctx.addIssue({ code: 'custom', path: ['dsagg'], message: 'differs from dsAgg' });
  })
  .transform((p) => ({ name: (p.name ?? p.metric)!, agg: p.agg, dsAgg: p.dsAgg ?? p.dsagg, availability: p.availability }));
export type DataParam = z.output<typeof DataParam>;

/** A parameter named in a recent-value request. */
export const ParamRef = z
  .strictObject({
    /** Standard parameter name, e.g. 'pm'. */
    name: ParamName.optional(),
    /** The same as `name`, as metric requests spell it. */
    metric: ParamName.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.name === undefined && p.metric === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'name (or metric) is required' });
    if (p.name !== undefined && p.metric !== undefined && p.name !== p.metric) ctx.addIssue({ code: 'custom', path: ['metric'], message: 'differs from name' });
  })
  .transform((p) => (p.name ?? p.metric)!);

/** Which entities' series a request reads, shared by every data request. */
const selectionShape = {
  /** Stations or groups to read. Ids outside the caller's tenants answer 404. */
  entityIds: z.array(Id).min(1).max(1000).optional(),
  /** The tenant variant: when `entityIds` is absent, every station of these tenants (default: all the caller may read). */
  tenantIds: z.array(Id).min(1).max(1000).optional(),
  /** Keep only entities of these types (one type or a list). */
  entityTypeFilter: EntityTypeList.optional(),
  /** Keep only series whose tags match (SPEC 5), e.g. {"stack": ["Boiler 1"]}. Tags are entityId, entityName, entityType, deviceId and the device's own tags. */
  considerTags: TagFilter.optional(),
  /** Accepted for compatibility (default USER); what a caller may read comes from its credentials, never from this field. */
  userType: z.string().max(40).optional(),
};

/**
 * The time window shared by trend and raw requests. Precedence: startDate (with endDate, default
 * now), else period, else duration, else 15d-ago.
 */
const windowShape = {
  /** Relative range ending now, OpenTSDB style: '15m-ago', '4h-ago', '7d-ago', '15d-ago', '30d-ago', '1y-ago'. */
  duration: DurationText.optional(),
  /**
   * Range start: an ISO instant ('2024-03-10T00:00:00Z') or a local time of `timezone`
   * ('2024-03-10 00:00:00', '03/10/2024 12:00:00 AM', or a date '2024-03-10' meaning its midnight).
   */
  startDate: z.string().max(40).optional(),
  /** Range end, exclusive, in the same formats; default now. */
  endDate: z.string().max(40).optional(),
  /** A calendar period instead of a duration: day, month or year of `timezone`. */
  period: z.enum(PERIODS).optional(),
  /** Which period: 0 the current one, 1 the previous, and so on. */
  range: z.int().min(0).max(1000).default(0),
  /** The local day that counts as today for `period` and `duration` (default: today). */
  durationRefDate: LocalDate.optional(),
  /** Zone of local dates and of bucket alignment (a day runs from local midnight). */
  timezone: TimeZone.default(DEFAULT_TIME_ZONE),
};

type Window = { startDate?: string | undefined; endDate?: string | undefined; timezone: string };

/** Local dates can only be checked once the zone is known, so this runs over the whole request. */
function checkDates(request: Window, ctx: z.RefinementCtx): void {
  for (const field of ['startDate', 'endDate'] as const) {
    const text = request[field];
    if (text !== undefined && parseDateTime(text, request.timezone) === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: "expected an ISO instant or a local time 'YYYY-MM-DD HH:mm:ss' / 'MM/DD/YYYY hh:mm:ss A'",
      });
    }
  }
  if (request.endDate !== undefined && request.startDate === undefined) {
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'required when endDate is given' });
  }
}

const trendShape = {
  ...selectionShape,
  ...windowShape,
  /** Downsampling; default by range length (SPEC 7): up to a day hour_1, up to a month day_1, longer month_1. 'instances' returns raw points (at most 31 days). */
  interval: IntervalName.optional(),
  /** Parameters to read, each with its own aggregators. */
  params: z.array(DataParam).min(1).max(50),
  /** Availability is always counted on 15-minute slots (SPEC 9); only that value is accepted. */
  availabilityInterval: z.literal('minute_15').optional(),
  /** Combine all series of a parameter into one with its `agg`. */
  groupAll: z.boolean().default(false),
  /** Combine series sharing the values of these tag keys; series lacking a key are left out. */
  groupByTags: z.array(z.string().min(1).max(64)).min(1).max(10).optional(),
};

/** Data request of POST /api/data/entityMetric (SPEC 3). */
export const DataRequest = z
  .strictObject({
    ...trendShape,
    /** Also read the stations under the requested groups. */
    includeDescendants: z.boolean().default(false),
  })
  .superRefine(checkDates);
export type DataRequest = z.output<typeof DataRequest>;

/** Metric request of POST /api/data/metric: a data request whose includeDescendants defaults to true (SPEC 3). */
export const MetricRequest = z
  .strictObject({
    ...trendShape,
    /** Also read the stations under the requested groups. */
    includeDescendants: z.boolean().default(true),
    /** The metric spelling of `availabilityInterval`. */
    availInterval: z.literal('minute_15').optional(),
  })
  .superRefine(checkDates);
export type MetricRequest = z.output<typeof MetricRequest>;

export const DataRequestBody = z.strictObject({
  /** The data request. */
  request: DataRequest,
});
export const MetricRequestBody = z.strictObject({
  /** The metric request. */
  request: MetricRequest,
});

/** One bucket (or one raw reading for 'instances') of a trend. */
export const TrendPoint = z.object({
  /** Bucket start (aligned to the request's zone even when the range clips it) or reading time, epoch milliseconds. */
  time: z.number().int(),
  /** The aggregated value; null only in an empty bucket listed because availability was asked for. */
  value: z.number().nullable(),
  /** Data availability of the bucket in percent, present when the parameter asked for it. */
  availability: z.number().min(0).max(100).optional(),
});
export type TrendPoint = z.infer<typeof TrendPoint>;

/** One series of a trend answer (SPEC 3 Trend result). Buckets without data are absent, never 0. */
export const TrendResult = z.object({
  /** Standard parameter name, e.g. 'pm'. */
  paramName: z.string(),
  /** Display label, e.g. 'PM'. */
  paramLabel: z.string(),
  /** The device's unit for the parameter, else the standard unit. */
  unit: z.string(),
  /** Points in time order. */
  data: z.array(TrendPoint),
  /**
   * entityId, entityName, entityType, deviceId and the device's own tags. A combined series keeps the
   * tags all its members share.
   */
  tags: z.record(z.string(), z.string()),
  /** The station, or null when the series combines several. */
  entityName: z.string().nullable(),
  /** The station's id, or null when the series combines several. */
  entityId: z.number().int().nullable(),
  /** How readings were combined inside each bucket; null for 'instances'. */
  dsAgg: Aggregator.nullable(),
  /**
   * How series were combined (first/last take the first/last member in answer order: entity name,
   * device id). Members missing a bucket do not count toward it.
   */
  agg: Aggregator,
});
export type TrendResult = z.infer<typeof TrendResult>;

/** Answer of /api/data/metric and /api/data/entityMetric: per parameter in request order, series by entity name. */
export const TrendResponse = z.array(TrendResult);

const recentShape = {
  ...selectionShape,
  /** Parameters to report; default every parameter of the selected devices. */
  params: z.array(ParamRef).min(1).max(256).optional(),
  /** How far back a latest value may be, in hours (default 1). */
  backscan: z.number().positive().max(24 * 31).default(1),
};

/** Recent data request of POST /api/data/recent/metric (SPEC 3). */
export const RecentRequest = z.strictObject({
  ...recentShape,
  /** Also report the stations under the requested groups. */
  includeDescendants: z.boolean().default(false),
});
export type RecentRequest = z.output<typeof RecentRequest>;

/**
 * Request of POST /api/data/recentTree/metric: the recent request, descendants included by default.
 * With entityTypeFilter, nodes of other types stay in the tree only as ancestors of matching nodes.
 */
export const RecentTreeRequest = z.strictObject({
  ...recentShape,
  /** Include the requested nodes' subtrees. */
  includeDescendants: z.boolean().default(true),
});
export type RecentTreeRequest = z.output<typeof RecentTreeRequest>;

export const RecentRequestBody = z.strictObject({
  /** The recent data request. */
  request: RecentRequest,
});
export const RecentTreeRequestBody = z.strictObject({
  /** The recent data request. */
  request: RecentTreeRequest,
});

/** The latest value of one parameter at one node. */
export const RecentPoint = z.object({
  /** Standard parameter name. */
  paramName: z.string(),
  /** Display label. */
  paramLabel: z.string(),
  /** The device's unit, else the standard unit. */
  unit: z.string(),
  /** Device that reported it; when several devices of the entity report the parameter, the latest wins. */
  deviceId: z.number().int(),
  /** Reading time, epoch milliseconds. */
  time: z.number().int(),
  /** The reading. */
  value: z.number(),
});
export type RecentPoint = z.infer<typeof RecentPoint>;

/** The latest value of one parameter at one entity, within the backscan window. */
export const RecentValue = RecentPoint.extend({
  /** Station id. */
  entityId: z.number().int(),
  /** Station name. */
  entityName: z.string(),
  /** Station type. */
  entityType: EntityType,
});
export type RecentValue = z.infer<typeof RecentValue>;

/** Answer of /api/data/recent/metric: by entity name, then parameter in request (or slot) order. Missing values are absent. */
export const RecentResponse = z.array(RecentValue);

/** A node of the entity tree with its latest values. */
export interface RecentTreeNode {
  id: number;
  name: string;
  type: EntityType;
  lastDataAt: string | null;
  liveStatus: LiveStatus;
  values: RecentPoint[];
  children: RecentTreeNode[];
}

export const RecentTreeNode: z.ZodType<RecentTreeNode> = z
  .object({
    /** Node id. */
    id: z.number().int().positive(),
    /** Display name. */
    name: z.string(),
    /** Entity type. */
    type: EntityType,
    /** Latest reading of the node or anything under it (ISO 8601), or null. */
    lastDataAt: z.iso.datetime({ offset: true }).nullable(),
    /** Live status from `lastDataAt`: LIVE within 15 minutes, DELAYED within 4 hours, else OFFLINE; UNKNOWN without data. */
    liveStatus: LiveStatus,
    /** The node's own latest values within the backscan window. */
    values: z.array(RecentPoint),
    /** Child nodes in natural name order. */
    get children() {
      return z.array(RecentTreeNode);
    },
  })
  .meta({ id: 'RecentTreeNode' });

/** Answer of /api/data/recentTree/metric: the requested nodes (or the tenants' roots) as trees. */
export const RecentTreeResponse = z.array(RecentTreeNode);

/** Raw data request of POST /api/rawdata/metric: raw rows of a range as a table, paged. */
export const RawDataRequest = z
  .strictObject({
    ...selectionShape,
    ...windowShape,
    /** Parameters (table columns); default every parameter of the selected devices. */
    params: z.array(ParamRef).min(1).max(256).optional(),
    /** Also read the stations under the requested groups. */
    includeDescendants: z.boolean().default(false),
    /** Raw rows are always every instance; accepted as the raw data report sends it (SPEC 9). */
    interval: z.enum(['instances', 'instances_1']).optional(),
    /** Accepted as the raw data report sends it; this endpoint always answers raw rows. */
    isRawDataReport: z.boolean().optional(),
    /** Rows per page. */
    limit: z.int().min(1).max(5000).default(500),
    /** Rows to skip; use `cursor` instead for deep pages. */
    offset: z.int().min(0).max(1_000_000).default(0),
    /** `nextCursor` of the previous page: continues after its last row. */
    cursor: z.string().regex(/^\d{1,20}:\d{1,20}$/, 'a nextCursor from a previous page').optional(),
  })
  .superRefine(checkDates)
  .superRefine((r, ctx) => {
    if (r.cursor !== undefined && r.offset !== 0) ctx.addIssue({ code: 'custom', path: ['offset'], message: 'give cursor or offset, not both' });
  });
export type RawDataRequest = z.output<typeof RawDataRequest>;

export const RawDataRequestBody = z.strictObject({
  /** The raw data request. */
  request: RawDataRequest,
});

/** A column of the raw table. */
export const RawDataColumn = z.object({
  /** Key of the value in each row's `values`: the standard parameter name. */
  name: z.string(),
  /** Display label. */
  label: z.string(),
  /** Unit shared by every selected device, or null when they report it in different units. */
  unit: z.string().nullable(),
});

/** One reading row: one device at one instant. */
export const RawDataRow = z.object({
  /** Reading time, epoch milliseconds. */
  time: z.number().int(),
  /** Station id. */
  entityId: z.number().int(),
  /** Station name. */
  entityName: z.string(),
  /** Device id. */
  deviceId: z.number().int(),
  /** Value per column name; null where the device did not report it. */
  values: z.record(z.string(), z.number().nullable()),
});

/** Answer of /api/rawdata/metric. */
export const RawDataResponse = z.object({
  /** Resolved range [from, to), epoch milliseconds, with the words that asked for it. */
  range: z.object({
    /** Start, inclusive. */
    from: z.number().int(),
    /** End, exclusive. */
    to: z.number().int(),
    /** The request's own words: duration, startDate/endDate or period/range. */
    raw: z.record(z.string(), z.union([z.string(), z.number()])),
    /** Zone of the request. */
    timezone: z.string(),
  }),
  /** The parameter columns; the time, entity and device columns are fixed. */
  columns: z.array(RawDataColumn),
  /** Rows by time, then device id. Rows holding none of the parameters are left out. */
  rows: z.array(RawDataRow),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type RawDataResponse = z.infer<typeof RawDataResponse>;
