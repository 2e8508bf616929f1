import { z } from 'zod';
import { EntityType, Instant, TenantId, TenantStatus } from './common.ts';

// ---------------------------------------------------------------------------------------------
// GET /api/stateDashboard/industyList/{id}
// ---------------------------------------------------------------------------------------------

/** Path of GET /api/stateDashboard/industyList/{id}. */
export const IndustryListParams = z.object({
  /** The statutory body (or a single industry) whose public industries to list. */
  id: TenantId,
});

/** How many stations of one type an industry has. */
export const StationTypeCount = z.object({
  /** Station type, e.g. 'cems'. */
  type: EntityType,
  /** Number of ENABLED stations of that type. */
  count: z.number().int().min(0),
});
export type StationTypeCount = z.infer<typeof StationTypeCount>;

/** Stations per live status (SPEC 4). */
export const LiveStatusCounts = z.object({
  /** Stations whose last reading is at most 15 minutes old. */
  LIVE: z.number().int().min(0),
  /** Stations whose last reading is at most 4 hours old. */
  DELAYED: z.number().int().min(0),
  /** Stations with older readings. */
  OFFLINE: z.number().int().min(0),
  /** Stations that never reported. */
  UNKNOWN: z.number().int().min(0),
});
export type LiveStatusCounts = z.infer<typeof LiveStatusCounts>;

/** One industry of the public list (SPEC 2). */
export const IndustrySummary = z.object({
  /** Tenant id; the link to the public industry page. */
  id: z.number().int().positive(),
  /** Display name. */
  name: z.string(),
  /** Display id, 'T-' and the id padded to 6 digits. */
  displayId: z.string(),
  /** ENABLED, TRIAL or GRACE: the statuses the public portal shows. */
  status: TenantStatus,
  /** Industry category, e.g. 'Cement'. */
  industryCategory: z.string().nullable(),
  /** City or district. */
  city: z.string().nullable(),
  /** Indian state. */
  state: z.string().nullable(),
  /** ENABLED stations: every node that is not a group or facility. */
  stationCount: z.number().int().min(0),
  /** Stations per type, in the SPEC 9 station type order. */
  stationTypes: z.array(StationTypeCount),
  /** Stations per live status at the time of the answer. */
  liveStatus: LiveStatusCounts,
  /** Latest reading of any of its stations (ISO 8601), or null when none ever reported. */
  lastDataAt: Instant.nullable(),
});
export type IndustrySummary = z.infer<typeof IndustrySummary>;

/** Answer of GET /api/stateDashboard/industyList/{id}: industries in natural name order. */
export const IndustryList = z.array(IndustrySummary);
export type IndustryList = z.infer<typeof IndustryList>;

// ---------------------------------------------------------------------------------------------
// GET /api/boards
// ---------------------------------------------------------------------------------------------

/** Query of GET /api/boards. */
export const BoardListQuery = z.object({
  /** Only the boards this industry reports to (none when the industry is not public). */
  industryId: TenantId.optional(),
});
export type BoardListQuery = z.infer<typeof BoardListQuery>;

/** A statutory body (a state pollution control board) whose industries the public portal lists. */
export const Board = z.object({
  /** Tenant id; the public portal's industries page of the board is /public/dashboard/industries/{id}. */
  id: z.number().int().positive(),
  /** Display name, e.g. 'Rajasthan State Pollution Control Board'. */
  name: z.string(),
  /** Indian state. */
  state: z.string().nullable(),
  /** City of its office. */
  city: z.string().nullable(),
});
export type Board = z.infer<typeof Board>;

/** Answer of GET /api/boards: the boards in a public status (ENABLED, TRIAL, GRACE), by state then name. */
export const BoardList = z.array(Board);
export type BoardList = z.infer<typeof BoardList>;
