import { formatInZone } from '@enviro/domain/format-date';
import type { Auth } from '../../platform/access/auth.ts';
import type { AlertEpisodeService } from '../alerts/alert-episodes.service.ts';
import type { ComplianceService } from '../compliance/compliance.service.ts';
import type { CalibrationService } from '../devices/calibration.service.ts';
import type { MeasurementService } from '../measurements/measurements.service.ts';
import type { ReportCell, ReportTable } from './report-table.ts';
import type { Progress, RunParams } from './report-catalogue.service.ts';
import type { CorrectionLayer } from '../data/corrections.service.ts';

/** The records of other modules that reports 3 to 6 are built from, read through their services. */
export interface ReportSources {
  episodes: AlertEpisodeService;
  compliance: ComplianceService;
  calibration: CalibrationService;
  /** Manual measurements beside the analysers' averages (report 7). */
  measurements: MeasurementService;
  /** The correction layer, whose periods in force each report names in its notes (absent: none named). */
  corrections?: Pick<CorrectionLayer, 'covering'>;
}

/** What a catalogue report is built for: the caller, one industry, the period and the choices. */
export interface ReportScope {
  /** The caller (or, in a job, a reader of the tenants the caller read when it was queued). */
  auth: Auth;
  tenantId: number;
  params: RunParams;
  /** IST midnight starting `params.startDate`. */
  from: Date;
  /** IST midnight after `params.endDate` (exclusive). */
  to: Date;
  progress: Progress;
}

/** The part of a report a builder makes; the service adds title, period and letterhead. */
export interface ReportBody {
  columns: string[];
  rows: ReportCell[][];
  notes?: string[];
  summary?: ReportTable['summary'];
}

export const REPORT_ZONE = 'Asia/Kolkata';
/** An instant as reports print it: IST, to the minute. */
export const istTime = (at: string | number | Date) => formatInZone(at, 'YYYY-MM-DD HH:mm', REPORT_ZONE);
/** One decimal percentage, null when nothing was expected. */
export const percent = (part: number, whole: number) => (whole <= 0 ? null : Math.round((1000 * part) / whole) / 10);

/** A parameter's limits as words the PDF's standard fonts can print ('5 to 100', 'max 50'), null without any. */
export const limitRange = (min: number | null, max: number | null) =>
  min !== null && max !== null ? `${min} to ${max}` : max !== null ? `max ${max}` : min !== null ? `min ${min}` : null;

/** Whether a row of station `entityId` and parameter `name` is among the ones asked for (empty: all). */
export function chosen(params: RunParams, entityId: number | null, name: string | null): boolean {
  if (params.entityIds.length > 0 && (entityId === null || !params.entityIds.includes(entityId))) return false;
  if (params.params.length > 0 && (name === null || !params.params.includes(name))) return false;
  return true;
}

/** Reads every page of a paged service answer, reporting progress between pages. */
export async function allPages<T>(read: (page: number) => Promise<{ items: T[]; total: number }>, progress: Progress, share: [number, number]): Promise<T[]> {
  const out: T[] = [];
  for (let page = 0; ; page++) {
    const { items, total } = await read(page);
    out.push(...items);
    await progress(out.length, share[0] + (share[1] - share[0]) * (total === 0 ? 1 : Math.min(1, out.length / total)));
    if (items.length === 0 || out.length >= total) return out;
  }
}
