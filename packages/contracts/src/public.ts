import { z } from 'zod';
import { DEFAULT_DURATION, parseDuration } from '@enviro/domain/duration';
import { INTERVAL_NAMES } from '@enviro/domain/interval';
import { PERIODS } from '@enviro/domain/period';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@enviro/domain/time-zone';
import { EntityType, Id, TenantStatus } from './common.ts';
import { LiveStatus, QueryBoolean } from './entity.ts';

const Instant = z.iso.datetime({ offset: true });

const TimeZone = z
  .string()
  .refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Kolkata' })
  .default(DEFAULT_TIME_ZONE);

// ---------------------------------------------------------------------------------------------
// GET /api/stateDashboard/industyList/{id}
// ---------------------------------------------------------------------------------------------

/** Path of GET /api/stateDashboard/industyList/{id}. */
export const IndustryListParams = z.object({
  /** The statutory body (or a single industry) whose public industries to list. */
  id: Id,
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
// POST /api/tenants/{tenantId}/alertData
// ---------------------------------------------------------------------------------------------

/** Path of POST /api/tenants/{tenantId}/alertData. */
export const AlertDataParams = z.object({
  /** Tenant whose alerts to count. */
  tenantId: Id,
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
    timezone: TimeZone,
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

// ---------------------------------------------------------------------------------------------
// Reports: POST /api/raw-data-report, POST /api/public-parameter-report/{tenantId}
// ---------------------------------------------------------------------------------------------

/** SPEC 5: report files come as CSV, PDF or XLS (an Excel workbook). */
export const ReportFormat = z.enum(['CSV', 'PDF', 'XLS']);
export type ReportFormat = z.infer<typeof ReportFormat>;

/** Most rows a CSV or XLS report holds; longer ranges must be split or averaged. */
export const MAX_REPORT_ROWS = 50_000;
/** Most rows a PDF report holds (about 250 pages). */
export const MAX_PDF_REPORT_ROWS = 10_000;

/** Body of POST /api/raw-data-report: every reading of the stations' devices in a range. */
export const RawDataReportRequest = z.object({
  /** File format. */
  format: ReportFormat,
  /** The data request (SPEC 3), wrapped under `request`. */
  request: z
    .object({
      /** Stations whose devices' readings to list (their descendants' devices included). */
      entityIds: z.array(Id).min(1).max(20),
      /** Standard parameter names to include; empty means every parameter of the devices. */
      params: z.array(z.string().min(1).max(64)).max(256).default([]),
      /** Start of the range (inclusive, ISO 8601). */
      startDate: Instant,
      /** End of the range (exclusive, ISO 8601). */
      endDate: Instant,
      /** Zone the times in the file are written in. */
      timezone: TimeZone,
      /** Raw readings only (SPEC 9: instances_1). */
      interval: z.literal('instances_1').default('instances_1'),
      /** Marks the request as a raw data report (SPEC 3); always true here. */
      isRawDataReport: z.boolean().default(true),
    })
    .refine((r) => Date.parse(r.endDate) > Date.parse(r.startDate), { message: 'must be after startDate', path: ['endDate'] }),
});
export type RawDataReportRequest = z.input<typeof RawDataReportRequest>;

/** Path of POST /api/public-parameter-report/{tenantId}. */
export const ParameterReportParams = z.object({
  /** Tenant whose stations the report covers. */
  tenantId: Id,
});

/**
 * Body of POST /api/public-parameter-report/{tenantId}: one parameter across stations of one type,
 * averaged per interval (the single-parameter dashboard's download).
 */
export const ParameterReportRequest = z.object({
  /** File format. */
  format: ReportFormat,
  /** What the report covers, wrapped under `request` like every data request. */
  request: z.object({
    /** Station type the stations belong to, e.g. 'cems'. */
    entityType: EntityType,
    /** Standard parameter name, e.g. 'pm'. */
    paramName: z.string().min(1).max(64),
    /** Stations of the tenant to include, one column each. */
    entityIds: z.array(Id).min(1).max(50),
    /** Range ending now, e.g. '15d-ago' (SPEC 9 choices: 7d-ago, 15d-ago, 30d-ago, 1y-ago). */
    duration: z
      .string()
      .refine((d) => parseDuration(d) !== undefined, { message: "must be a duration such as '15d-ago'" })
      .default(DEFAULT_DURATION),
    /** Averaging interval; 'instances' lists every reading. */
    interval: z.enum(INTERVAL_NAMES).default('minute_15'),
    /** Zone of bucket boundaries and of the times in the file. */
    timezone: TimeZone,
  }),
});
export type ParameterReportRequest = z.input<typeof ParameterReportRequest>;

/** Declared 200 answer of the report and document routes: the file's bytes. */
export const FileResponse = z.string().meta({ format: 'binary', description: 'The file, with a Content-Disposition name' });

// ---------------------------------------------------------------------------------------------
// POST /api/documentById
// ---------------------------------------------------------------------------------------------

/** Name of the station property holding the path of its CTO (consent to operate) document. */
export const CTO_DOCUMENT_PROPERTY = 'CTO Document';

/** Body of POST /api/documentById. */
export const DocumentRequest = z.object({
  /**
   * Path of the document: the owning tenant's id, a slash, then the document's name, e.g.
   * '12/cto/stack-1.pdf'. A station's 'CTO Document' property holds its CTO's path.
   */
  pathName: z
    .string()
    .trim()
    .max(500)
    .regex(/^[1-9]\d{0,15}\/[^/].*$/, "must be '<tenant id>/<name>', e.g. '12/cto/stack-1.pdf'"),
});
export type DocumentRequest = z.infer<typeof DocumentRequest>;
