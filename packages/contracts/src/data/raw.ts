import { z } from 'zod';
import { IgnoredField, ParamRef, checkDates, ignoredDataShape, selectionShape, windowShape } from './request.ts';

/** Raw data request of POST /api/rawdata/metric: raw rows of a range as a table, paged. */
export const RawDataRequest = z
  .strictObject({
    ...selectionShape,
    ...windowShape,
    ...ignoredDataShape,
    /** Accepted and ignored: raw rows are not combined. */
    aggLevel: IgnoredField,
    /** Parameters (table columns); default every parameter of the selected devices. */
    params: z.array(ParamRef).min(1).max(256).optional(),
    /** Also read the stations under the requested groups. */
    includeDescendants: z.boolean().default(false),
    /** Raw rows are always every instance; accepted as the raw data report sends it (SPEC 9). */
    interval: z.enum(['instances', 'instances_1']).optional(),
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
