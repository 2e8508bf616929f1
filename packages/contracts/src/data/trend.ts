import { z } from 'zod';
import { Aggregator } from '../common.ts';
import { TimeRange } from '../time.ts';
import { DataParam, IgnoredField, IntervalName, checkDates, ignoredDataShape, selectionShape, windowShape } from './request.ts';

/**
 * Where a trend combines series (SPEC 3 aggLevel): 'device' answers each device's series alone,
 * 'entity' one series per station (its devices combined), 'tenant' one per tenant (its stations
 * combined, tagged with `tenantId`), 'all' one for everything (as `groupAll`). Series are combined
 * with each parameter's `agg`; `groupByTags` splits each of these groups further.
 */
export const AGG_LEVELS = ['device', 'entity', 'tenant', 'all'] as const;
export type AggLevel = (typeof AGG_LEVELS)[number];

const trendShape = {
  ...selectionShape,
  ...windowShape,
  ...ignoredDataShape,
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
  /**
   * Where series are combined: 'device', 'entity', 'tenant' or 'all' (see AGG_LEVELS). Default:
   * 'device' for /api/data/metric, 'entity' for /api/data/entityMetric; `groupAll` means 'all'.
   */
  aggLevel: z.enum(AGG_LEVELS).optional(),
  /**
   * Answer the readings as received, before the corrections a board approved (docs/CHANGE-REQUESTS.md,
   * "The correction layer"). Default: corrected values, as every figure uses them; the corrected
   * periods are listed in `corrected` and their points marked either way.
   */
  original: z.boolean().optional(),
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
    /**
     * Keep only entities whose name contains this text or whose type is it, ignoring case: 'stack'
     * keeps "Stack 1" and "Boiler stack", 'cems' keeps CEMS stations. Empty keeps every entity.
     */
    entityFilter: z.string().max(200).optional(),
    /** Accepted and ignored: equipment types of the energy product are not modelled. */
    equipmentType: IgnoredField,
    /** Accepted and ignored: a display placeholder of the dashboards that send it, no part of the query. */
    placeHolder: IgnoredField,
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
  /** True when an approved correction covers (part of) the bucket or the reading: the value is corrected (or, with `original`, would be). */
  corrected: z.literal(true).optional(),
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
  /**
   * Periods inside the range when a device of the series was being calibrated or maintained: its
   * readings then are calibration data, not process data (drawn marked). Absent when there were none.
   */
  suppressed: z
    .array(
      z.object({
        /** CALIBRATION or MAINTENANCE. */
        kind: z.enum(['CALIBRATION', 'MAINTENANCE']),
        /** Its device (null: a whole station's window). */
        deviceId: z.number().int().nullable(),
        from: z.string(),
        /** Null while it is still open. */
        to: z.string().nullable(),
      }),
    )
    .optional(),
  /**
   * Runs of 15-minute slots inside the range that the data-quality detectors found suspect or invalid
   * (docs/DATA-QUALITY.md), each with what fired: drawn marked; the values are not changed. Absent
   * when there were none.
   */
  flagged: z
    .array(
      z.object({
        state: z.enum(['suspect', 'invalid']),
        /** Detector names (DETECTORS of @enviro/domain/data-quality/detectors). */
        detectors: z.array(z.string()),
        from: z.string(),
        to: z.string(),
      }),
    )
    .optional(),
  /**
   * Periods inside the range whose readings an approved correction changes (the current version of
   * each): the values shown are corrected unless the request asked for `original`. Absent when none.
   */
  corrected: z
    .array(
      z.object({
        from: z.string(),
        to: z.string(),
        /** Version of the correction of this period (a later correction of it supersedes with the next). */
        version: z.number().int(),
        /** LINEAR (raw × factor + offset), REPLACE (a value) or INVALID (no value). */
        kind: z.enum(['LINEAR', 'REPLACE', 'INVALID']),
        /** Why, as the board approved it. */
        reason: z.string(),
        /** The change request it came from, when it came from one. */
        changeRequestId: z.number().int().nullable(),
      }),
    )
    .optional(),
  /**
   * The range the request resolved to, in its zone and words, the same on every series of an
   * answer. It travels on each series because the answer is an array, which SPEC 3 fixes: a client
   * reads it off any series (an answer without series covered a range with no data to draw).
   */
  range: TimeRange,
});
export type TrendResult = z.infer<typeof TrendResult>;

/**
 * Answer of /api/data/metric and /api/data/entityMetric: per parameter in request order, series by
 * entity name; each series carries the resolved range (`range`).
 */
export const TrendResponse = z.array(TrendResult);
