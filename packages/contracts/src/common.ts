import { z } from 'zod';
import { AGGREGATORS } from '@enviro/domain/aggregation';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@enviro/domain/time-zone';

/** A database id as clients see it: a positive integer (bigint columns stay below 2^53). */
export const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export type Id = z.infer<typeof Id>;

/** Largest id of the tables keyed by a 32-bit integer (tenant, corporate); PostgreSQL refuses to compare a larger one with their keys. */
export const MAX_INT4_ID = 2_147_483_647;

/** A tenant's id (an industry's, a board's, a partner's): a positive integer of the tenant table's 32-bit key. */
export const TenantId = z.coerce.number().int().positive().max(MAX_INT4_ID);

/** A corporate's id: a positive integer of the corporate table's 32-bit key. */
export const CorporateId = TenantId;

/** Tenant statuses of SPEC 3. */
export const TenantStatus = z.enum(['ENABLED', 'DISABLED', 'TRIAL', 'GRACE', 'EXPIRED', 'DEMO', 'AWAITED', 'DELETED']);
export type TenantStatus = z.infer<typeof TenantStatus>;

/** Tenant (and user) types of SPEC 6. */
export const TenantType = z.enum(['tenant', 'statutory', 'cgwa', 'partner', 'site', 'investor', 'corporate_admin', 'quasi_regulator', 'default']);
export type TenantType = z.infer<typeof TenantType>;

/** Entity types of SPEC 3, spelled as the product spells them. */
export const EntityType = z.enum([
  'group', 'facility', 'eqms', 'cems', 'caaqms', 'space', 'ground water', 'water', 'wfm', 'audi', 'chiller',
  'lobby', 'Energy Meter', 'Ash', 'Bore well', 'inverter', 'meter', 'Water Level', 'mobile stack', 'chp',
]);
export type EntityType = z.infer<typeof EntityType>;

/** Aggregators for `agg` (across series) and `dsAgg` (inside a time bucket). */
export const Aggregator = z.enum(AGGREGATORS);
export type Aggregator = z.infer<typeof Aggregator>;

/** A named property of an entity (SPEC 3: Commisoning Date, Capacity, Operational). */
export const EntityProperty = z.object({
  /** Property name, e.g. 'Capacity'. */
  name: z.string().min(1).max(100),
  /** Property value as text, e.g. '120 MW'. */
  value: z.string().max(500),
});
export type EntityProperty = z.infer<typeof EntityProperty>;

/** The body of every error answer of the API. */
export const ApiError = z.object({
  /** HTTP status code. */
  statusCode: z.number().int(),
  /** HTTP reason phrase, e.g. 'Bad Request'. */
  error: z.string(),
  /** What went wrong; for input errors it starts with the field at fault, e.g. 'body.request.interval: …'. */
  message: z.string(),
  /** Dotted path of the field at fault, when one is to blame. */
  field: z.string().optional(),
  /** The validation issues, when the input had several: the first 20 (the message then says how many there were). */
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** Error answers every authenticated route may give, for its OpenAPI description. */
export const ERROR_RESPONSES = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError } as const;


/** A page of a server-side paged list. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    /** The rows of this page. */
    items: z.array(item),
    /** Rows matching the filters over all pages. */
    total: z.number().int().min(0),
    /** This page's number, from 0. */
    page: z.number().int().min(0),
    /** Rows per page asked for. */
    size: z.number().int().min(1),
  });
}

/** An ISO-8601 instant with its offset, e.g. 2024-03-10T00:00:00+05:30. */
export const Instant = z.iso.datetime({ offset: true });

/** An IANA time zone such as Asia/Kolkata, Asia/Kolkata when absent. */
export const ZoneOrDefault = z
  .string()
  .refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Kolkata' })
  .default(DEFAULT_TIME_ZONE);

/** Declared 200 answer of the report and document routes: the file's bytes. */
export const FileResponse = z.string().meta({ format: 'binary', description: 'The file, with a Content-Disposition name' });
