import { RawDataRequest, type RawDataResponse } from '@enviro/contracts/data/raw';
import { DataRequest, type TrendResult } from '@enviro/contracts/data/trend';
import { MAX_PDF_REPORT_ROWS, MAX_REPORT_ROWS, type ParameterReportRequest, type RawDataReportRequest, type ReportFormat } from '@enviro/contracts/reports';
import { DETECTOR_LABELS, type DetectorId } from '@enviro/domain/data-quality/detectors';
import { deviceDisplayId } from '@enviro/domain/display-id';
import { aggregationLabel } from '@enviro/domain/aggregation';
import { formatInZone } from '@enviro/domain/format-date';
import { roundValue } from '@enviro/domain/format-number';
import type { z } from 'zod';
import { assertCanReadTenant } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RawDataService } from '../data/raw.service.ts';
import type { TrendService } from '../data/trend.service.ts';
import type { ReportCell, ReportFile, ReportTable } from './report-table.ts';
import { writeReport } from './write-report.ts';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Rows fetched per page from the raw table. */
const PAGE_ROWS = 5000;

type RawReport = z.output<typeof RawDataReportRequest>;
type ParameterReport = z.output<typeof ParameterReportRequest>;

const rowLimit = (format: ReportFormat) => (format === 'PDF' ? MAX_PDF_REPORT_ROWS : MAX_REPORT_ROWS);

/**
 * The data-quality verdicts of the readings' slots (docs/DATA-QUALITY.md): defined here, filled in
 * reports.module.ts from app.dataQuality.
 */
export interface ReadingQualitySource {
  flaggedSlots(tenantIds: readonly number[], deviceIds: readonly string[], from: Date, to: Date): Promise<readonly { deviceId: string; param: string; at: number; state: string; detectors: readonly string[] }[]>;
}

const SLOT_MS = 15 * 60_000;

/** Report files of the public portal: raw readings of stations, and one parameter across stations. */
export class ReportService {
  constructor(
    private readonly raw: RawDataService,
    private readonly trends: TrendService,
    private readonly quality: ReadingQualitySource | null = null,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every reading of the stations' devices in the range, one row per device and instant. */
  async rawData(auth: Auth, body: RawReport): Promise<ReportFile> {
    const { request, format } = body;
    const limit = rowLimit(format);
    const base = {
      entityIds: request.entityIds,
      ...(request.params.length > 0 ? { params: request.params.map((name) => ({ name })) } : {}),
      startDate: request.startDate,
      endDate: request.endDate,
      timezone: request.timezone,
      includeDescendants: true,
      limit: PAGE_ROWS,
    };
    let page: RawDataResponse = await this.raw.table(auth, dataRequest(RawDataRequest, base));
    const columns = page.columns;
    const rows: ReportCell[][] = [];
    const stations = new Set<string>();
    const labels = new Map(columns.map((c) => [c.name, c.label]));
    for (;;) {
      const verdicts = await this.verdicts(auth, page);
      for (const r of page.rows) {
        stations.add(r.entityName);
        rows.push([
          formatInZone(r.time, TIME_FORMAT, request.timezone),
          r.entityName,
          deviceDisplayId(r.deviceId),
          ...columns.map((c) => r.values[c.name] ?? null),
          qualityCell(verdicts.get(`${r.deviceId}:${Math.floor(r.time / SLOT_MS) * SLOT_MS}`), labels, r.values),
        ]);
      }
      if (rows.length > limit) throw tooMany('body.request.endDate', limit, format, 'pick a shorter range');
      if (page.nextCursor === null) break;
      page = await this.raw.table(auth, dataRequest(RawDataRequest, { ...base, cursor: page.nextCursor }));
    }
    const table: ReportTable = {
      title: 'Raw data report',
      notes: [
        stations.size > 0 ? `Stations: ${[...stations].join(', ')}` : 'No readings in this range',
        `From ${formatInZone(Date.parse(request.startDate), TIME_FORMAT, request.timezone)} to ${formatInZone(Date.parse(request.endDate), TIME_FORMAT, request.timezone)} (${request.timezone})`,
      ],
      columns: ['Time', 'Station', 'Device', ...columns.map((c) => (c.unit ? `${c.label} (${c.unit})` : c.label)), 'Quality'],
      rows,
    };
    return writeReport(table, format, this.now(), request.timezone);
  }

  /** The page's slots that are not valid, by `${deviceId}:${slot start}`. */
  private async verdicts(auth: Auth, page: RawDataResponse): Promise<Map<string, { param: string; state: string; detectors: readonly string[] }[]>> {
    const out = new Map<string, { param: string; state: string; detectors: readonly string[] }[]>();
    if (!this.quality || page.rows.length === 0) return out;
    const times = page.rows.map((r) => r.time);
    const from = new Date(Math.floor(Math.min(...times) / SLOT_MS) * SLOT_MS);
    const to = new Date(Math.max(...times) + SLOT_MS);
    const devices = [...new Set(page.rows.map((r) => String(r.deviceId)))];
    for (const f of await this.quality.flaggedSlots(auth.tenantIds, devices, from, to)) {
      const key = `${f.deviceId}:${f.at}`;
      out.set(key, [...(out.get(key) ?? []), f]);
    }
    return out;
  }

  /** One parameter of the tenant's stations of one type, by its catalogue aggregation per interval, one column per station. */
  async parameter(auth: Auth, tenantId: number, body: ParameterReport): Promise<ReportFile> {
    assertCanReadTenant(auth, tenantId);
    const { request, format } = body;
    // Narrowed to the path's tenant: another tenant's station answers 404 like a missing one.
    const scoped: Auth = { ...auth, tenantIds: [tenantId] };
    const trends = await this.trends.entityMetric(
      scoped,
      dataRequest(
        DataRequest,
        {
          entityIds: request.entityIds,
          entityTypeFilter: request.entityType,
          params: [{ name: request.paramName }],
          duration: request.duration,
          interval: request.interval,
          timezone: request.timezone,
        },
        { entityTypeFilter: 'entityType', params: 'paramName' },
      ),
    );
    const table = parameterTable(trends, request);
    if (table.rows.length > rowLimit(format)) throw tooMany('body.request.interval', rowLimit(format), format, 'choose a longer averaging interval');
    return writeReport(table, format, this.now(), request.timezone);
  }
}

function parameterTable(trends: readonly TrendResult[], request: ParameterReport['request']): ReportTable {
  const times = [...new Set(trends.flatMap((t) => t.data.map((p) => p.time)))].sort((a, b) => a - b);
  const byStation = trends.map((t) => new Map(t.data.map((p) => [p.time, p.value])));
  const first = trends[0];
  const label = first ? `${first.paramLabel}${first.unit ? ` (${first.unit})` : ''}` : request.paramName;
  return {
    title: `${first?.paramLabel ?? request.paramName} report`,
    notes: [
      `${label}, ${aggregationLabel(first?.dsAgg ?? null, request.interval)}, ${request.duration}`,
      `Station type: ${request.entityType}; times in ${request.timezone}`,
    ],
    columns: ['Time', ...trends.map((t) => t.entityName ?? `Station ${t.entityId}`)],
    rows: times.map((time) => [formatInZone(time, TIME_FORMAT, request.timezone), ...byStation.map((m) => roundValue(m.get(time) ?? null))]),
  };
}

/**
 * The data request a report makes, checked as the data routes check theirs. A report field can
 * pass the report's contract and fail the data request's (year 0 is an ISO instant, but no date
 * of the data routes): that is the caller's 400, naming the report's field.
 */
function dataRequest<T extends z.ZodType>(schema: T, input: z.input<T>, reportFields: Record<string, string> = {}): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  throw badRequest(`body.request.${reportFields[field] ?? field}`, issue.message);
}

/**
 * A raw row's quality: "valid", or each of its parameters whose slot is not, with the detectors
 * that fired ("SO2 suspect: Flat line (stuck value)"); the row's values are never changed.
 */
function qualityCell(verdicts: readonly { param: string; state: string; detectors: readonly string[] }[] | undefined, labels: ReadonlyMap<string, string>, values: Record<string, number | null>): string {
  const own = (verdicts ?? []).filter((v) => values[v.param] !== null && values[v.param] !== undefined);
  if (own.length === 0) return 'valid';
  return own.map((v) => `${labels.get(v.param) ?? v.param} ${v.state}${v.detectors.length > 0 ? `: ${v.detectors.map((d) => DETECTOR_LABELS[d as DetectorId] ?? d).join(', ')}` : ''}`).join('; ');
}

function tooMany(field: string, limit: number, format: ReportFormat, advice: string) {
  return badRequest(field, `a ${format} report holds at most ${limit} rows; ${advice}`);
}
