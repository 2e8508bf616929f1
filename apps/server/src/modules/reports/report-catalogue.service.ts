import type { Address, ReportDefinition, ReportIndustryList, ReportParamsList } from '@enviro/contracts/report-catalogue';
import type { ReportRunParams } from '@enviro/contracts/report-catalogue';
import type { ReportFormat } from '@enviro/contracts/reports';
import { dailyFigure, monthlyFigure, percent, type QuarterSums } from '@enviro/domain/figures';
import { DATE_FORMATS, formatInZone } from '@enviro/domain/format-date';
import { roundValue } from '@enviro/domain/format-number';
import { addDays, startOfDay } from '@enviro/domain/time-zone';
import type { z } from 'zod';
import { reportTenant, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AvailabilityService } from '../compliance/availability.service.ts';
import type { LogoService } from '../documents/logo.service.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { calibrationReport } from './calibration-report.ts';
import { exceedanceReport } from './exceedance-report.ts';
import { quarterlyComplianceReport } from './quarterly-compliance-report.ts';
import { ReportCatalogueRepository, type StationParam } from './report-catalogue.repository.ts';
import { REPORT_DEFINITIONS, reportDefinition } from './report-definitions.ts';
import type { ReportBody, ReportScope, ReportSources } from './report-scope.ts';
import type { ReportCell, ReportFile, ReportTable } from './report-table.ts';
import { parallelMeasurementsReport } from './parallel-measurements-report.ts';
import { uptimeReport } from './uptime-report.ts';
import { writeReport } from './write-report.ts';
import type { Db } from '../../platform/database/database.ts';

export type RunParams = z.output<typeof ReportRunParams>;
/** Told how far a report got: rows so far and a share 0–1. */
export type Progress = (rows: number, share: number) => Promise<void> | void;

const ZONE = 'Asia/Kolkata';
const AVAILABILITY_NOTE =
  'Availability: quarter hours with data of those expected: closed quarters since the device came into service, calibration and maintenance quarters neither expected nor counted (as compliance counts them)';

/** The instants [from, to) the IST days `start` to `end` (inclusive) cover. */
const istDayRange = (start: string, end: string) => ({ from: new Date(startOfDay(start, ZONE)), to: new Date(startOfDay(addDays(end, 1), ZONE)) });
/** The IST days from `start` to `end` inclusive, YYYY-MM-DD. */
export function istDays(start: string, end: string): string[] {
  const out: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) out.push(day);
  return out;
}

/** The catalogue of reports and the building of their tables (SPEC 5, 7 Reports). */
export class ReportCatalogueService {
  private readonly repo: ReportCatalogueRepository;
  constructor(
    db: Db,
    private readonly entities: EntityService,
    private readonly logos: LogoService,
    private readonly availability: AvailabilityService,
    private readonly sources: ReportSources,
  ) {
    this.repo = new ReportCatalogueRepository(db);
  }

  /** Reports offered to the caller's kind of user: industries, boards or the site. */
  list(auth: Auth, audience?: 'tenant' | 'statutory' | 'site'): ReportDefinition[] {
    const readable = scopeTenantIds(auth);
    if (readable.length === 0) throw notFound('No reports');
    const own = auth.kind === 'user' ? (auth.userType === 'site' ? 'site' : auth.userType === 'statutory' || auth.userType === 'cgwa' ? 'statutory' : 'tenant') : 'tenant';
    const wanted = audience ?? own;
    return REPORT_DEFINITIONS.filter((d) => d.audiences.includes(wanted));
  }

  /** The tenants' own billing addresses by tenant, for their invoices (the subscriptions module, which checks the caller); a tenant without one is absent. */
  async billingAddressesOf(tenantIds: readonly number[]): Promise<Map<number, Omit<Address, 'addressType'>>> {
    const rows = await this.repo.tenantAddresses(tenantIds);
    return new Map(rows.map((row) => [row.tenant_id, { line1: row.line1, line2: row.line2, city: row.city, state: row.state, pincode: row.pincode, gstin: row.gstin }]));
  }

  /** The billing address of a tenant or station the caller may read; 404 otherwise or when none is stored. */
  async address(auth: Auth, kind: string, type: string, id: number): Promise<Address> {
    const readable = scopeTenantIds(auth);
    if ((kind !== 'tenant' && kind !== 'entity') || type.toUpperCase() !== 'BILLING') throw notFound(`No ${type} address of ${kind} ${id}`);
    const ownerKind = kind;
    const tenantId = ownerKind === 'tenant' ? id : await this.repo.entityTenant(id);
    if (tenantId === null || !readable.includes(tenantId)) throw notFound(`No ${ownerKind} with id= ${id} exists`);
    const row = await this.repo.address(tenantId, ownerKind, id);
    if (!row) throw notFound(`No billing address for ${ownerKind} ${id}`);
    return { addressType: 'BILLING', line1: row.line1, line2: row.line2, city: row.city, state: row.state, pincode: row.pincode, gstin: row.gstin };
  }

  /** Builds a catalogue report as a file; `title` overrides the definition's name (parameter-wise reports). */
  async file(auth: Auth, id: number, format: ReportFormat, params: RunParams, progress: Progress = () => {}, title?: string, now = Date.now()): Promise<ReportFile & { rows: number }> {
    const table = await this.table(auth, id, params, progress, title);
    const file = await writeReport(table, format, now, ZONE);
    return { ...file, rows: table.rows.length };
  }

  /**
   * The corrections in force over the report's series and period, one note each: the values the
   * report shows there are corrected (docs/CHANGE-REQUESTS.md, "The correction layer").
   */
  private async correctionNotes(stationParams: readonly StationParam[], from: Date, to: Date): Promise<string[]> {
    if (!this.sources.corrections || stationParams.length === 0) return [];
    const found = await this.sources.corrections.covering(stationParams.map((p) => ({ tenantId: p.tenantId, deviceId: String(p.deviceId), slot: p.slot })), from, to);
    return found.flatMap((c) => {
      const p = stationParams.find((x) => String(x.deviceId) === c.deviceId && x.slot === c.slot);
      if (!p) return [];
      const rule = c.rule.kind === 'LINEAR' ? `reading × ${c.rule.factor}${c.rule.offset ? ` + ${c.rule.offset}` : ''}` : c.rule.kind === 'REPLACE' ? `replaced by ${c.rule.value}` : 'readings left out as not process data';
      return [`Corrected values: ${p.entityName} ${p.label}, ${formatInZone(c.from.getTime(), DATE_FORMATS.instant)} to ${formatInZone(c.to.getTime(), DATE_FORMATS.instant)} IST (${rule}; version ${c.version}, approved by ${c.approvedBy}: ${c.reason})`];
    });
  }

  /** Builds a catalogue report's table; checks the caller may read the industry first. */
  async table(auth: Auth, id: number, params: RunParams, progress: Progress = () => {}, title?: string): Promise<ReportTable> {
    const tenantIds = scopeTenantIds(auth, params.tenantId === undefined ? undefined : [params.tenantId]);
    const def = reportDefinition(id);
    if (!def) throw notFound(`No report with id= ${id} exists`);
    if (id === 36) return this.industryAvailability(tenantIds, def, params, progress, title);
    const tenantId = reportTenant(auth, params.tenantId, 'body.request.tenantId');
    const name = (await this.repo.tenantName(tenantId)) ?? `Tenant ${tenantId}`;
    // A user limited to some stations gets those only, whichever they name.
    const [all, visible] = await Promise.all([this.repo.stationParams(tenantId, params.entityIds, params.params), this.entities.visibleIds(auth, tenantId)]);
    const seen = visible && new Set(visible);
    const stationParams = seen === null ? all : all.filter((p) => seen.has(String(p.entityId)));
    const { from, to } = istDayRange(params.startDate, params.endDate);
    const deviceIds = [...new Set(stationParams.map((p) => p.deviceId))];
    await progress(0, 0.1);
    const columns = ['Station', 'Parameter', 'Unit'];
    const letterhead = { name, address: await this.addressLines(tenantId), logo: await this.logos.reportLogo(tenantId, params.entityIds) };
    const notes = [`Industry: ${name}`, `Period: ${params.startDate} to ${params.endDate} (IST, Asia/Kolkata)`, ...(await this.correctionNotes(stationParams, from, to))];
    const built = await this.built(id, { auth, tenantId, params, from, to, progress }, stationParams, name);
    if (built) {
      await progress(built.rows.length, 0.9);
      return { title: title ?? def.name, notes: [...notes, ...(built.notes ?? [])], letterhead, columns: built.columns, rows: built.rows, ...(built.summary ? { summary: built.summary } : {}) };
    }
    if (id === 1 || id === 2) {
      const rows = await this.averageRows(id === 1 ? 'day' : 'month', tenantId, stationParams, params);
      await progress(rows.length, 0.9);
      return {
        title: title ?? def.name,
        notes: [...notes, `Average: the mean of the ${id === 1 ? "day's" : "month's"} 15-minute averages, calibration and maintenance quarters left out; ${id === 1 ? 'a day needs 64 quarter hours (16 hours) with data' : 'a month needs two thirds of its expected quarter hours with data'}, else its average is left empty beside its data capture`],
        letterhead,
        columns: [id === 1 ? 'Date' : 'Month', ...columns, 'Average', 'Quarters with data', 'Data capture (%)'],
        rows,
      };
    }
    // 35: availability per station, parameter and day, and over the range.
    const days = await this.availability.parameterDays(tenantId, deviceIds, params.startDate, params.endDate);
    const byKey = new Map(days.map((d) => [`${d.deviceId}:${d.slot}:${d.day}`, d]));
    const rows: ReportCell[][] = [];
    const totals = new Map<StationParam, { withData: number; expected: number }>();
    for (const day of istDays(params.startDate, params.endDate)) {
      for (const p of stationParams) {
        const d = byKey.get(`${p.deviceId}:${p.slot}:${day}`) ?? { withData: 0, expected: 0 };
        const t = totals.get(p) ?? { withData: 0, expected: 0 };
        t.withData += d.withData;
        t.expected += d.expected;
        totals.set(p, t);
        rows.push([day, p.entityName, p.label, p.unit, d.withData, d.expected, percent(d.withData, d.expected)]);
      }
    }
    for (const p of stationParams) {
      const t = totals.get(p) ?? { withData: 0, expected: 0 };
      rows.push([`${params.startDate} to ${params.endDate}`, p.entityName, p.label, p.unit, t.withData, t.expected, percent(t.withData, t.expected)]);
    }
    await progress(rows.length, 0.9);
    return {
      title: title ?? def.name,
      notes: [...notes, AVAILABILITY_NOTE, 'The last rows give each parameter\'s total over the range'],
      letterhead,
      columns: ['Date', ...columns, 'Slots with data', 'Slots expected', 'Availability (%)'],
      rows,
    };
  }

  /** Reports 1 and 2: per day or month and station parameter, the mean of the 15-minute averages with its data capture. */
  private async averageRows(unit: 'day' | 'month', tenantId: number, stationParams: readonly StationParam[], params: RunParams): Promise<ReportCell[][]> {
    const deviceIds = [...new Set(stationParams.map((p) => p.deviceId))];
    const { sums, days } = await this.availability.quarterSums(tenantId, deviceIds, params.startDate, params.endDate);
    const periodOf = (day: string) => (unit === 'day' ? day : day.slice(0, 7));
    const add = <T extends object>(m: Map<string, T>, k: string, zero: T, f: (t: T) => void) => f(m.get(k) ?? (m.set(k, zero), m.get(k)!));
    const quarterSums = new Map<string, QuarterSums>();
    for (const r of sums) add(quarterSums, `${r.deviceId}:${r.slot}:${periodOf(r.day)}`, { quarters: 0, sumOfAverages: 0 }, (t) => ((t.quarters += r.quarters), (t.sumOfAverages += r.sumOfAverages)));
    const expected = new Map<string, { n: number }>();
    for (const d of days) add(expected, `${d.deviceId}:${d.slot}:${periodOf(d.day)}`, { n: 0 }, (t) => (t.n += d.expected));
    const periods = [...new Set(istDays(params.startDate, params.endDate).map(periodOf))];
    const figure = unit === 'day' ? dailyFigure : monthlyFigure;
    return periods.flatMap((period) =>
      stationParams.map((p) => {
        const k = `${p.deviceId}:${p.slot}:${period}`;
        const f = figure(quarterSums.get(k) ?? { quarters: 0, sumOfAverages: 0 }, expected.get(k)?.n ?? 0);
        return [period, p.entityName, p.label, p.unit, roundValue(f.average), f.quarters, f.capture];
      }),
    );
  }

  /** The reports built from other modules' records (3–7); undefined for the ones built here. */
  private async built(id: number, scope: ReportScope, stationParams: readonly StationParam[], industry: string): Promise<ReportBody | undefined> {
    switch (id) {
      case 3:
        return exceedanceReport(this.sources, scope);
      case 4:
        return uptimeReport(this.sources, scope, scope.params.params.length === 0 ? stationParams : await this.repo.stationParams(scope.tenantId, scope.params.entityIds, []));
      case 5:
        return calibrationReport(this.sources, scope);
      case 6:
        return quarterlyComplianceReport(this.sources, scope, stationParams, industry);
      case 7:
        return parallelMeasurementsReport(this.sources, scope, stationParams);
      default:
        return undefined;
    }
  }

  /** POST /api/report-industry: the industries the caller may run a report for (a board: its industries). */
  async industries(auth: Auth, reportId: number, search: string | undefined): Promise<ReportIndustryList> {
    const tenantIds = scopeTenantIds(auth);
    if (!reportDefinition(reportId)) throw badRequest('body.reportId', `no report with id ${reportId}`);
    return { items: await this.repo.industries(tenantIds, search ?? '') };
  }

  /** POST /api/report-params: an industry's stations and the parameters of their devices, for the report form. */
  async reportParams(auth: Auth, tenantId: number | undefined, entityIds: readonly number[]): Promise<ReportParamsList> {
    const id = reportTenant(auth, tenantId, 'body.tenantId');
    const [all, chosen] = await Promise.all([this.repo.stationParams(id, [], []), entityIds.length > 0 ? this.repo.stationParams(id, entityIds, []) : null]);
    const stations = new Map(all.map((p) => [p.entityId, p.entityName]));
    const unknown = entityIds.find((e) => !stations.has(e));
    if (unknown !== undefined) throw notFound(`No station with id= ${unknown} exists`);
    const params = new Map((chosen ?? all).map((p) => [p.name, { name: p.name, label: p.label, unit: p.unit }]));
    return { stations: [...stations].map(([sid, name]) => ({ id: sid, name })), params: [...params.values()].sort((a, b) => a.label.localeCompare(b.label)) };
  }

  /** 36: per industry and day, the share of its station devices' expected 15-minute slots holding data; the range in 'Period (%)' and a total row. */
  private async industryAvailability(tenantIds: readonly number[], def: ReportDefinition, params: RunParams, progress: Progress, title?: string): Promise<ReportTable> {
    const [industries, deviceDays] = await Promise.all([this.repo.industryDevices(tenantIds), this.availability.deviceDays(tenantIds, params.startDate, params.endDate)]);
    const days = istDays(params.startDate, params.endDate);
    const cells = new Map<string, { withData: number; expected: number }>();
    const devices = new Map<number, Set<number>>();
    const listed = new Set(industries.map((t) => t.tenantId));
    for (const d of deviceDays.filter((x) => listed.has(x.tenantId))) {
      for (const k of [`${d.tenantId}:${d.day}`, `${d.tenantId}:*`, `*:${d.day}`, '*:*']) {
        const c = cells.get(k) ?? { withData: 0, expected: 0 };
        c.withData += d.withData;
        c.expected += d.expected;
        cells.set(k, c);
      }
      devices.set(d.tenantId, (devices.get(d.tenantId) ?? new Set()).add(d.deviceId));
    }
    const share = (k: string) => percent(cells.get(k)?.withData ?? 0, cells.get(k)?.expected ?? 0);
    const rows: ReportCell[][] = industries.map((t) => [t.name, devices.get(t.tenantId)?.size ?? 0, share(`${t.tenantId}:*`), ...days.map((d) => share(`${t.tenantId}:${d}`))]);
    rows.push(['All industries', [...devices.values()].reduce((n, s) => n + s.size, 0), share('*:*'), ...days.map((d) => share(`*:${d}`))]);
    await progress(rows.length, 0.9);
    return {
      title: title ?? def.name,
      notes: [`Industries: ${industries.length}`, `Period: ${params.startDate} to ${params.endDate} (IST, Asia/Kolkata)`, AVAILABILITY_NOTE, "'Period (%)' is the range's total; the last row is every industry's"],
      columns: ['Industry', 'Devices', 'Period (%)', ...days],
      rows,
    };
  }

  private async addressLines(tenantId: number): Promise<string[]> {
    const a = await this.repo.address(tenantId, 'tenant', tenantId);
    if (!a) return [];
    return [a.line1, a.line2, [a.city, a.state, a.pincode].filter(Boolean).join(', '), a.gstin ? `GSTIN ${a.gstin}` : null].filter((l): l is string => !!l);
  }
}
