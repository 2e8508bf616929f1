import { z } from 'zod';
import { Id, TenantId } from './common.ts';
import { TimeRange } from './time.ts';

/**
 * Compliance and uptime (SPEC 7 "Compliance and uptime", REGULATORY.md): per station and parameter
 * over a period of IST days, the share of 15-minute slots with data, the share within limits and
 * the exceedances, with calibration and maintenance windows left out of every count; the
 * compliance timeline (SPEC 9: default limit 100); and the site's and boards' statistics.
 *
 * Shares are percentages with one decimal, null when nothing was expected (no slot outside
 * calibration/maintenance in the period).
 */

const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const Percent = z.number().min(0).max(100).nullable();

/** A period of whole IST days: a month 'YYYY-MM', a quarter 'YYYY-Qn', or from/to dates. */
export const PeriodQuery = z.strictObject({
  /** A month 'YYYY-MM' or a quarter 'YYYY-Q1'..'YYYY-Q4' (IST); overrides from/to. */
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/, 'a month YYYY-MM or a quarter YYYY-Qn').optional(),
  /** First IST day, 'YYYY-MM-DD' (default: 30 days before `to`). */
  from: LocalDate.optional(),
  /** Last IST day included, 'YYYY-MM-DD' (default: today). */
  to: LocalDate.optional(),
  /** Only this industry (a tenant the caller reads). */
  tenantId: TenantId.optional(),
  /** Only this station. */
  stationId: Id.optional(),
});
export type PeriodQuery = z.infer<typeof PeriodQuery>;

/** The period a figure covers, as instants (epoch ms) and as IST dates. */
export const Period = z.object({
  /** Start, epoch ms (IST midnight). */
  from: z.number().int(),
  /** End, exclusive, epoch ms; never beyond the last closed 15-minute slot. */
  to: z.number().int(),
  /** First IST day. */
  fromDate: z.string(),
  /** Last IST day included. */
  toDate: z.string(),
  timeZone: z.literal('Asia/Kolkata'),
});
export type Period = z.infer<typeof Period>;

/** The fields every answer over a period opens with: the period, and the same period as a TimeRange. */
const covered = {
  period: Period,
  /**
   * The period as resolved, in the time model all answers share: `from` and `to` as `period`'s,
   * written with their offset, zone Asia/Kolkata, and the caller's words (`raw`: the month or quarter,
   * or the from and to dates, 'today' for a `to` left out).
   */
  range: TimeRange,
};

/** Figures of one parameter of a station (or a whole station) over the period. */
export const ComplianceFigures = z.object({
  /** 15-minute slots in the period. */
  slots: z.number().int().min(0),
  /** Slots in a calibration or maintenance window: neither expected nor counted. */
  suppressedSlots: z.number().int().min(0),
  /** Slots outside those windows holding data. */
  slotsWithData: z.number().int().min(0),
  /** Slots with data whose 15-minute average lies within the limits. */
  slotsWithinLimits: z.number().int().min(0),
  /** slotsWithData / (slots - suppressedSlots). */
  availability: Percent,
  /** slotsWithinLimits / slotsWithData. */
  withinLimits: Percent,
  /** Exceedances: slots outside calibration and maintenance whose 15-minute average is beyond a limit (docs/DEFINITIONS.md). */
  exceedances: z.number().int().min(0),
  /** Minutes above the limit: exceedances x 15. */
  exceedanceMinutes: z.number().int().min(0),
});
export type ComplianceFigures = z.infer<typeof ComplianceFigures>;

export const ParameterCompliance = ComplianceFigures.extend({
  deviceId: z.number().int(),
  deviceName: z.string(),
  slot: z.number().int(),
  /** Standard parameter name (pm, so2...). */
  parameter: z.string(),
  unit: z.string().nullable(),
  limitMin: z.number().nullable(),
  limitMax: z.number().nullable(),
});
export type ParameterCompliance = z.infer<typeof ParameterCompliance>;

export const StationCompliance = z.object({
  tenantId: z.number().int(),
  tenantName: z.string(),
  stationId: z.number().int(),
  stationName: z.string(),
  stationType: z.string().nullable(),
  /** Device uptime: slots where any parameter of the station's devices reported. */
  uptime: ComplianceFigures.pick({ slots: true, suppressedSlots: true, slotsWithData: true, availability: true }),
  /**
   * Scheduled calibration checks of the station's devices (REGULATORY.md protocol, or the industry's
   * own schedule) due in the period, and those done by their due date; share = onTime / due.
   */
  calibration: z.object({ due: z.number().int().min(0), onTime: z.number().int().min(0), share: Percent }),
  /**
   * Slots of the period queued for the regulator and those it accepted; share = accepted / slots.
   * Null when the station is not mapped to a regulator (or the regulator module is absent).
   */
  regulatorSync: z.object({ slots: z.number().int().min(0), accepted: z.number().int().min(0), share: Percent }).nullable(),
  parameters: z.array(ParameterCompliance),
});
export type StationCompliance = z.infer<typeof StationCompliance>;

/** GET /api/getComplianceData: the scorecard per station and parameter, worst availability first. */
export const ComplianceData = z.object({
  ...covered,
  stations: z.array(StationCompliance),
});
export type ComplianceData = z.infer<typeof ComplianceData>;

/** One row of an uptime listing (per device, station or industry). */
export const UptimeRow = z.object({
  id: z.number().int(),
  name: z.string(),
  tenantId: z.number().int(),
  slots: z.number().int().min(0),
  suppressedSlots: z.number().int().min(0),
  slotsWithData: z.number().int().min(0),
  availability: Percent,
});
export type UptimeRow = z.infer<typeof UptimeRow>;

export const UptimeList = z.object({ ...covered, items: z.array(UptimeRow) });
export type UptimeList = z.infer<typeof UptimeList>;

export const UptimeParams = z.strictObject({
  /** A device id, or with `?of=tenant` a tenant id. */
  deviceOrTenant: Id,
});
export const UptimeQuery = PeriodQuery.omit({ tenantId: true, stationId: true }).extend({
  /** What the id names: a device (default) or a tenant. */
  of: z.enum(['device', 'tenant']).default('device'),
});
export type UptimeQuery = z.infer<typeof UptimeQuery>;

/** GET /api/getGroupByUptime: uptime grouped by industry or by station. */
export const GroupByUptimeQuery = PeriodQuery.extend({
  groupBy: z.enum(['tenant', 'station']).default('tenant'),
});
export type GroupByUptimeQuery = z.infer<typeof GroupByUptimeQuery>;

/** GET /api/getAllStations: the stations the caller reads with this period's uptime. */
export const StationListRow = UptimeRow.extend({
  stationType: z.string().nullable(),
  status: z.string().nullable(),
  tenantName: z.string(),
});
export const StationList = z.object({ ...covered, items: z.array(StationListRow) });
export type StationList = z.infer<typeof StationList>;

/** GET /api/getParametersDataDatewise: per IST day and parameter of one station. */
export const DatewiseQuery = PeriodQuery.extend({ stationId: Id });
export type DatewiseQuery = z.infer<typeof DatewiseQuery>;
export const DatewiseRow = ComplianceFigures.extend({
  /** IST day 'YYYY-MM-DD'. */
  date: z.string(),
  deviceId: z.number().int(),
  slot: z.number().int(),
  parameter: z.string(),
});
export const Datewise = z.object({ ...covered, items: z.array(DatewiseRow) });
export type Datewise = z.infer<typeof Datewise>;

/** GET /api/complianceTimeline: events of a station or an industry, newest first. */
export const TimelineQuery = z.strictObject({
  tenantId: TenantId.optional(),
  stationId: Id.optional(),
  from: LocalDate.optional(),
  to: LocalDate.optional(),
  period: PeriodQuery.shape.period,
  /** At most this many events (SPEC 9: 100). */
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type TimelineQuery = z.infer<typeof TimelineQuery>;
export const TimelineEvent = z.object({
  /** STATUS: the station's working status changed; SYNC: the regulator stopped or started accepting its data. */
  kind: z.enum(['EXCEEDANCE', 'OUTAGE', 'CALIBRATION', 'MAINTENANCE', 'STATUS', 'SYNC']),
  /** Start, epoch ms. */
  at: z.number().int(),
  /** End, epoch ms; null while it lasts. */
  until: z.number().int().nullable(),
  tenantId: z.number().int(),
  stationId: z.number().int().nullable(),
  deviceId: z.number().int().nullable(),
  /** For an exceedance: its parameter, peak and slots. */
  parameter: z.string().nullable(),
  peak: z.number().nullable(),
  slots: z.number().int().nullable(),
  text: z.string(),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;
export const Timeline = z.object({ ...covered, items: z.array(TimelineEvent), limit: z.number().int() });
export type Timeline = z.infer<typeof Timeline>;

/** Statistics over the tenants the caller reads (site: all). */
export const StatsQuery = z.strictObject({ tenantId: TenantId.optional() });
export type StatsQuery = z.infer<typeof StatsQuery>;
const Counts = z.record(z.string(), z.number().int().min(0));
export const Stats = z.object({
  tenants: z.number().int().min(0),
  industries: z.number().int().min(0),
  stations: z.number().int().min(0),
  devices: z.number().int().min(0),
  users: z.number().int().min(0),
});
export type Stats = z.infer<typeof Stats>;
/** Counts by a key: tenants by type and status, stations by type and status, devices by live status... */
export const CountStats = z.object({ total: z.number().int().min(0), byStatus: Counts, byType: Counts });
export type CountStats = z.infer<typeof CountStats>;
/** GET /api/complianceStats: this month's availability and exceedance counts over the caller's stations. */
export const ComplianceStats = z.object({
  ...covered,
  stations: z.number().int().min(0),
  availability: Percent,
  withinLimits: Percent,
  /** Exceedances (15-minute slots beyond a limit) over the caller's stations in the period. */
  exceedances: z.number().int().min(0),
  /** Exceedance episodes (alerts on 15-minute averages, docs/DEFINITIONS.md) that started in the period: the oversight overview's figure. */
  exceedanceEpisodes: z.number().int().min(0),
  stationsWithExceedances: z.number().int().min(0),
  stationsBelow85: z.number().int().min(0),
});
export type ComplianceStats = z.infer<typeof ComplianceStats>;
