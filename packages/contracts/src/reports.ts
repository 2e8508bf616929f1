import { z } from 'zod';
import { DEFAULT_DURATION, parseDuration } from '@enviro/domain/duration';
import { INTERVAL_NAMES } from '@enviro/domain/interval';
import { EntityType, Id, Instant, TenantId, ZoneOrDefault } from './common.ts';

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
      timezone: ZoneOrDefault,
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
  tenantId: TenantId,
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
    timezone: ZoneOrDefault,
  }),
});
export type ParameterReportRequest = z.input<typeof ParameterReportRequest>;
