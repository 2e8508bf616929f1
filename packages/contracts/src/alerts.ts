import { z } from 'zod';
import { INTERVAL_NAMES } from '@enviro/domain/interval';
import { PERIODS } from '@enviro/domain/period';
import { Id, Instant, TenantId, ZoneOrDefault } from './common.ts';
import { QueryBoolean } from './entities.ts';

// ---------------------------------------------------------------------------------------------
// POST /api/tenants/{tenantId}/alertData
// ---------------------------------------------------------------------------------------------

/** Path of POST /api/tenants/{tenantId}/alertData. */
export const AlertDataParams = z.object({
  /** Tenant whose alerts to count. */
  tenantId: TenantId,
});

/** Query of POST /api/tenants/{tenantId}/alertData. */
export const AlertDataQuery = z.object({
  /** 'true': counts per parameter; 'false' (default): counts per interval bucket. */
  isGroupByParameter: QueryBoolean.default(false),
});

/** Bucket intervals alert counts can be grouped by. */
export const AlertInterval = z.enum(INTERVAL_NAMES).exclude(['instances']);

/** Alert count form (SPEC 3). Either startDate and endDate, or a calendar period (the current one). */
export const AlertCountRequest = z
  .object({
    /** Start of the range (inclusive, ISO 8601). */
    startDate: Instant.optional(),
    /** End of the range (exclusive, ISO 8601). */
    endDate: Instant.optional(),
    /** Without dates: the current day, month (default, SPEC 9) or year in `timezone`, up to now. */
    period: z.enum(PERIODS).default('month'),
    /** Bucket of the per-interval counts (SPEC 9 default day_1). */
    interval: AlertInterval.default('day_1'),
    /** Alert types to count (SPEC 9: SYSTEM). */
    types: z.array(z.string().min(1).max(32)).min(1).max(10).default(['SYSTEM']),
    /** Count only alerts of this node and its descendants. */
    nodeId: Id.optional(),
    /** Zone of the period and of bucket boundaries. */
    timezone: ZoneOrDefault,
  })
  .refine((r) => (r.startDate === undefined) === (r.endDate === undefined), {
    message: 'give both startDate and endDate, or neither',
    path: ['endDate'],
  })
  .refine((r) => r.startDate === undefined || r.endDate === undefined || Date.parse(r.endDate) > Date.parse(r.startDate), {
    message: 'must be after startDate',
    path: ['endDate'],
  });
export type AlertCountRequest = z.input<typeof AlertCountRequest>;

/** Alerts of one parameter. */
export const ParameterAlertCount = z.object({
  /** Standard parameter name, e.g. 'pm'. */
  paramName: z.string(),
  /** Display label, e.g. 'PM'. */
  paramLabel: z.string(),
  /** Alerts in the range. */
  count: z.number().int().min(0),
});

/** Alerts in one bucket. */
export const IntervalAlertCount = z.object({
  /** Bucket start (ISO 8601). */
  time: Instant,
  /** Alerts in the bucket. */
  count: z.number().int().min(0),
});

const AlertCountsBase = {
  /** Start of the counted range (ISO 8601). */
  from: Instant,
  /** End of the counted range, exclusive (ISO 8601). */
  to: Instant,
  /** All alerts in the range. */
  total: z.number().int().min(0),
};

/** Answer of POST /api/tenants/{tenantId}/alertData. */
export const AlertCounts = z.discriminatedUnion('groupBy', [
  z.object({
    /** Counts per parameter (isGroupByParameter=true), parameters with alerts only, by label. */
    groupBy: z.literal('parameter'),
    ...AlertCountsBase,
    /** One entry per parameter with alerts, most alerts first. */
    groups: z.array(ParameterAlertCount),
  }),
  z.object({
    /** Counts per bucket of `interval`. */
    groupBy: z.literal('interval'),
    ...AlertCountsBase,
    /** Every bucket of the range in time order, zero counts included. */
    groups: z.array(IntervalAlertCount),
  }),
]);
export type AlertCounts = z.infer<typeof AlertCounts>;
