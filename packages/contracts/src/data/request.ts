import { z } from 'zod';
import { parseDuration } from '@enviro/domain/duration';
import { INTERVAL_NAMES } from '@enviro/domain/interval';
import { PERIODS } from '@enviro/domain/period';
import { DEFAULT_TIME_ZONE, isTimeZone, parseDateTime, parseLocalDate } from '@enviro/domain/time-zone';
import { Aggregator, CorporateId, EntityType, Id, TenantId } from '../common.ts';

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

const Scalar = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

/**
 * A field SPEC 3 defines that has no meaning in this product (see "Request fields" in
 * docs/DATA.md): accepted as text, a number, a boolean, null, a list of those or an object
 * of those, so that clients sending it keep working, and ignored. The spec does not give its type.
 */
export const IgnoredField = z
  .union([Scalar, z.array(Scalar).max(100), z.record(z.string().max(64), z.union([Scalar, z.array(Scalar).max(100)]))])
  .optional();

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
    /**
     * Convert each device's values from the unit it reports in (its parameter's unit) to the standard
     * unit of the catalogue (`stdUnit`), which the answer's `unit` then names: e.g. SO2 in ppm to
     * mg/Nm3 by its molar mass, flow in l/s to m3/hr. A unit with no known conversion to the standard
     * unit answers 400. Default false: values as the devices report them.
     */
    conversion: z.boolean().default(false),
  })
  .superRefine((p, ctx) => {
    if (p.name === undefined && p.metric === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'name (or metric) is required' });
    if (p.name !== undefined && p.metric !== undefined && p.name !== p.metric) ctx.addIssue({ code: 'custom', path: ['metric'], message: 'differs from name' });
    if (p.dsAgg !== undefined && p.dsagg !== undefined && p.dsAgg !== p.dsagg) ctx.addIssue({ code: 'custom', path: ['dsagg'], message: 'differs from dsAgg' });
  })
  .transform((p) => ({ name: (p.name ?? p.metric)!, agg: p.agg, dsAgg: p.dsAgg ?? p.dsagg, availability: p.availability, conversion: p.conversion }));
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
export const selectionShape = {
  /** Stations or groups to read. Ids outside the caller's tenants answer 404. */
  entityIds: z.array(Id).min(1).max(1000).optional(),
  /** The tenant variant: when `entityIds` is absent, every station of these tenants (default: all the caller may read). */
  tenantIds: z.array(TenantId).min(1).max(1000).optional(),
  /** Keep only entities of these types (one type or a list). */
  entityTypeFilter: EntityTypeList.optional(),
  /** Keep only series whose tags match (SPEC 5), e.g. {"stack": ["Boiler 1"]}. Tags are entityId, entityName, entityType, deviceId and the device's own tags. */
  considerTags: TagFilter.optional(),
  /** Accepted for compatibility (default USER); what a caller may read comes from its credentials, never from this field. */
  userType: z.string().max(40).optional(),
  /** Accepted and ignored like `userType`: the view a caller reads with comes from its credentials. */
  viewUserType: z.string().max(40).optional(),
  /**
   * Read only the tenants of this corporate among those the caller may read (and `tenantIds`), as the
   * CORPORATE-ID header narrows a session. A corporate owning none of them answers 404.
   */
  corporateId: CorporateId.optional(),
};

/**
 * Fields SPEC 3 defines on data requests (trend and raw) that have no meaning here, accepted and
 * ignored (see IgnoredField): energy load classes, which this product does not model
 * (`sourceLoadCategory`, `sourceLoadType`); `rollupAdditionalTags`, since a combined series already
 * keeps every tag its members share; `isRawDataReport`, since raw rows come from
 * /api/rawdata/metric whatever the flag says.
 */
export const ignoredDataShape = {
  /** Accepted and ignored: energy load categories are not modelled. */
  sourceLoadCategory: IgnoredField,
  /** Accepted and ignored: energy load types are not modelled. */
  sourceLoadType: IgnoredField,
  /** Accepted and ignored: a combined series keeps every tag its members share. */
  rollupAdditionalTags: IgnoredField,
  /** Accepted and ignored: raw rows are /api/rawdata/metric's answer, with or without this flag. */
  isRawDataReport: z.boolean().optional(),
};

/**
 * The time window shared by trend and raw requests. Precedence: startDate (with endDate, default
 * now), else period, else duration, else 15d-ago.
 */
export const windowShape = {
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
  /**
   * Move the whole window this far back, in the words of `duration` ('1d-ago', '1n-ago', '1y-ago'),
   * to compare with an earlier period: the same days last year with '1y-ago'. Days, months and years
   * are calendar steps in `timezone`. Points carry their own (earlier) times.
   */
  shiftInterval: DurationText.optional(),
};

export type Window = { startDate?: string | undefined; endDate?: string | undefined; timezone: string };

/** Local dates can only be checked once the zone is known, so this runs over the whole request. */
export function checkDates(request: Window, ctx: z.RefinementCtx): void {
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
