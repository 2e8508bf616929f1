import { z } from 'zod';
import { TenantStatus } from './common.ts';

/**
 * GET /api/oversight: the overview a board (statutory, CGWA), quasi-regulator, corporate or
 * investor gets across the industries it may read, worst first (dashboards area, SPEC 1 dashboards,
 * 4 live status and regulator sync).
 */

/** Query of GET /api/oversight. */
export const OversightQuery = z.strictObject({
  /** Only industries whose name, city or state contains this text, ignoring case. */
  search: z.string().trim().max(100).optional(),
  /** Page number, from 0. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Rows per page. */
  size: z.coerce.number().int().min(1).max(500).default(50),
});
export type OversightQuery = z.infer<typeof OversightQuery>;

/** Stations of an industry by live status (SPEC 4). */
export const LiveCounts = z.object({
  /** Last reading at most 15 minutes old. */
  LIVE: z.number().int().min(0),
  /** Last reading 15 minutes to 4 hours old. */
  DELAYED: z.number().int().min(0),
  /** Older. */
  OFFLINE: z.number().int().min(0),
  /** Never reported. */
  UNKNOWN: z.number().int().min(0),
});
export type LiveCounts = z.infer<typeof LiveCounts>;

/** Stations by regulator sync (SPEC 4: In Sync, Out of Sync, Delayed). */
export const RegulatorSyncCounts = z.object({
  inSync: z.number().int().min(0),
  outOfSync: z.number().int().min(0),
  delayed: z.number().int().min(0),
});
export type RegulatorSyncCounts = z.infer<typeof RegulatorSyncCounts>;

/** One industry of the overview. */
export const OversightRow = z.object({
  /** The industry's tenant id; its page is /app/industries/{tenantId}. */
  tenantId: z.number().int().positive(),
  name: z.string(),
  status: TenantStatus,
  state: z.string().nullable(),
  city: z.string().nullable(),
  industryCategory: z.string().nullable(),
  /** Stations (not groups or facilities) the caller may see. */
  stations: z.number().int().min(0),
  live: LiveCounts,
  /** Stations whose latest value of some parameter, at most 15 minutes old, is outside its limits. */
  exceedingNow: z.number().int().min(0),
  /** Exceedance episodes (alerts on 15-minute averages beyond a limit, docs/DEFINITIONS.md; not single readings) that started since the start of this month in Asia/Kolkata. */
  exceedancesThisMonth: z.number().int().min(0),
  /**
   * Data availability over the last 24 hours in percent: the 15-minute slots holding data among
   * those of the stations' devices in service; null without devices.
   */
  availability: z.number().min(0).max(100).nullable(),
  /** Stations by regulator sync; null while no regulator connection reports (the regulator module's). */
  regulatorSync: RegulatorSyncCounts.nullable(),
});
export type OversightRow = z.infer<typeof OversightRow>;

/** Answer of GET /api/oversight. */
export const OversightOverview = z.object({
  /** Epoch milliseconds the figures are of. */
  at: z.number().int(),
  /** Over every industry matching the search, not only this page. */
  totals: z.object({
    industries: z.number().int().min(0),
    stations: z.number().int().min(0),
    live: LiveCounts,
    exceedingNow: z.number().int().min(0),
    /** Industries with at least one station in exceedance now. */
    industriesExceedingNow: z.number().int().min(0),
    exceedancesThisMonth: z.number().int().min(0),
    availability: z.number().min(0).max(100).nullable(),
  }),
  /**
   * Worst first: most stations in exceedance now, then most stations offline or never heard from,
   * then most exceedances this month, then lowest availability, then name.
   */
  items: z.array(OversightRow),
  /** Industries matching the search over all pages. */
  total: z.number().int().min(0),
  page: z.number().int().min(0),
  size: z.number().int().min(1),
});
export type OversightOverview = z.infer<typeof OversightOverview>;
