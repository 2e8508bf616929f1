import { z } from 'zod';
import { Id, TenantId } from './common.ts';
import { ReportFormat } from './reports.ts';

// ---------------------------------------------------------------------------------------------
// Report catalogue (issue 14, SPEC 5 and 7 Reports): definitions with stable ids, report runs,
// report jobs, scheduled reports, billing address.
// ---------------------------------------------------------------------------------------------

/** Who a report is offered to: an industry's users, boards (statutory) or the site. */
export const ReportAudience = z.enum(['tenant', 'statutory', 'site']);

/** A report definition of the catalogue; ids are stable (35 and 36 are data availability, SPEC 5). */
export const ReportDefinition = z.object({
  /** Stable id used by POST /api/reports/{id} and schedules. */
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Which lists offer it. */
  audiences: z.array(ReportAudience),
  /** True for 35 and 36: the data-availability route serves it (SPEC 5). */
  dataAvailability: z.boolean(),
  /** `quarter`: the period must be a calendar quarter (IST), and a schedule of it quarterly; `days`: any IST days. */
  period: z.enum(['days', 'quarter']),
  /** `many`: covers every industry the caller reads unless one is named (36); `one`: one industry. */
  industries: z.enum(['one', 'many']),
});
export type ReportDefinition = z.infer<typeof ReportDefinition>;
export const ReportCatalogue = z.object({ items: z.array(ReportDefinition) });
export type ReportCatalogue = z.infer<typeof ReportCatalogue>;

/** A calendar day of IST, YYYY-MM-DD. */
export const IstDate = z.iso.date();

/** What a catalogue report covers. */
export const ReportRunParams = z
  .object({
    /** Industry the report is about; a board's availability report (36) may leave it out for all its industries. */
    tenantId: TenantId.optional(),
    /** Stations to include; empty means every station of the industry. */
    entityIds: z.array(Id).max(200).default([]),
    /** Standard parameter names; empty means every parameter. */
    params: z.array(z.string().min(1).max(64)).max(100).default([]),
    /** First day of the period (IST). */
    startDate: IstDate,
    /** Last day of the period (IST), inclusive. */
    endDate: IstDate,
  })
  .refine((r) => r.endDate >= r.startDate, { message: 'must not be before startDate', path: ['endDate'] })
  .refine((r) => Date.parse(r.endDate) - Date.parse(r.startDate) <= 366 * 86_400_000, { message: 'a report covers at most 366 days', path: ['endDate'] });
export type ReportRunParams = z.input<typeof ReportRunParams>;

/** Body of POST /api/reports/{id} and the data-availability routes. */
export const ReportRunRequest = z.object({
  /** File format. */
  format: ReportFormat.default('PDF'),
  request: ReportRunParams,
  /** Where ?isemail=email sends the file; the caller's own address when left out. */
  emails: z.array(z.email()).max(20).optional(),
});
export type ReportRunRequest = z.input<typeof ReportRunRequest>;

export const ReportIdParams = z.object({ id: z.coerce.number().int().positive().max(100_000) });
export const ReportEmailQuery = z.object({
  /** `email`: mail the file instead of answering with it. */
  isemail: z.enum(['email']).optional(),
});
export const ReportEmailed = z.object({ emailed: z.array(z.string()) });
export type ReportEmailed = z.infer<typeof ReportEmailed>;

/** Body of POST /api/parameterwisereport. */
export const ParameterWiseReportRequest = z.object({
  /** Title printed on the report. */
  reportName: z.string().min(1).max(120),
  /** Averaging: daily or monthly. */
  reportType: z.enum(['daily', 'monthly']),
  format: ReportFormat.default('PDF'),
  request: ReportRunParams,
});

// Report industry and report params (SPEC 7 Reports: "POST report industry and report params") ---

/** Body of POST /api/report-industry: which report the industries are wanted for. */
export const ReportIndustryRequest = z.object({
  /** Catalogue report id. */
  reportId: z.number().int().positive().max(100_000),
  /** Only industries whose name contains this (case-insensitive). */
  search: z.string().trim().max(100).optional(),
});
/** The industries the caller may run the report for, by name. */
export const ReportIndustryList = z.object({
  items: z.array(z.object({ tenantId: z.number(), name: z.string(), stations: z.number() })),
});
export type ReportIndustryList = z.infer<typeof ReportIndustryList>;

/** Body of POST /api/report-params: the stations of an industry and the parameters they report. */
export const ReportParamsRequest = z.object({
  /** Industry; the caller's own when left out. */
  tenantId: TenantId.optional(),
  /** Only the parameters of these stations; every station's when empty. */
  entityIds: z.array(Id).max(200).default([]),
});
export const ReportParamsList = z.object({
  stations: z.array(z.object({ id: z.number(), name: z.string() })),
  params: z.array(z.object({ name: z.string(), label: z.string(), unit: z.string() })),
});
export type ReportParamsList = z.infer<typeof ReportParamsList>;

// Jobs ------------------------------------------------------------------------------------------

export const CreateReportJob = z.object({
  /** Catalogue report id. */
  reportId: z.number().int().positive().max(100_000),
  format: ReportFormat.default('PDF'),
  request: ReportRunParams,
});
export const ReportJobStatus = z.enum(['queued', 'running', 'done', 'failed']);
export const ReportJob = z.object({
  id: z.number(),
  reportId: z.number(),
  format: ReportFormat,
  status: ReportJobStatus,
  /** 0–100. */
  percent: z.number(),
  /** Rows written so far. */
  rows: z.number(),
  error: z.string().nullable(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportJob = z.infer<typeof ReportJob>;
export const ReportJobList = z.object({ items: z.array(ReportJob) });

// Schedules -------------------------------------------------------------------------------------

export const ScheduleFrequency = z.enum(['daily', 'weekly', 'monthly', 'quarterly']);
export const CreateReportSchedule = z.object({
  /** Tenant the schedule belongs to; the caller's own when left out. */
  tenantId: TenantId.optional(),
  name: z.string().trim().min(1).max(120),
  reportId: z.number().int().positive().max(100_000),
  format: ReportFormat.default('PDF'),
  /** Stations and parameters; the period comes from the schedule. */
  entityIds: z.array(Id).max(200).default([]),
  params: z.array(z.string().min(1).max(64)).max(100).default([]),
  frequency: ScheduleFrequency,
  /** Time of day in IST, HH:mm, on the first day after the period ends. */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm'),
  recipients: z.array(z.email()).min(1).max(20),
  enabled: z.boolean().default(true),
});
export const ReportSchedule = z.object({
  id: z.number(),
  tenantId: z.number(),
  /** The industry's name: a board's or partner's schedules cover several. */
  tenantName: z.string(),
  name: z.string(),
  reportId: z.number(),
  format: ReportFormat,
  entityIds: z.array(z.number()),
  params: z.array(z.string()),
  frequency: ScheduleFrequency,
  time: z.string(),
  recipients: z.array(z.string()),
  enabled: z.boolean(),
});
export type ReportSchedule = z.infer<typeof ReportSchedule>;
export const ReportScheduleList = z.object({ items: z.array(ReportSchedule) });
export type ReportScheduleList = z.infer<typeof ReportScheduleList>;
export const ReportScheduleRun = z.object({
  id: z.number(),
  scheduleId: z.number(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(['running', 'sent', 'failed']),
  attempts: z.number(),
  error: z.string().nullable(),
  startedAt: z.string(),
  sentAt: z.string().nullable(),
});
export const ReportScheduleRunList = z.object({ items: z.array(ReportScheduleRun) });
export type ReportScheduleRunList = z.infer<typeof ReportScheduleRunList>;

// Address ---------------------------------------------------------------------------------------

/**
 * Path of GET /api/address/{tenantOrEntity}/{type}/{id}. The first two segments name a resource
 * path, like a route's own words: any other value answers 404 (no such address), as an unknown path would.
 */
export const AddressParams = z.object({
  /** Whose address: `tenant` or `entity` (a station). */
  tenantOrEntity: z.string().min(1).max(40),
  /** SPEC 3: addressType; only BILLING exists. */
  type: z.string().min(1).max(40),
  id: Id,
});
export const Address = z.object({
  addressType: z.literal('BILLING'),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  gstin: z.string().nullable(),
});
export type Address = z.infer<typeof Address>;
