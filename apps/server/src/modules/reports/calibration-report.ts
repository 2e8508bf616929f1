import type { Calibration, CalibrationDue } from '@enviro/contracts/devices/calibration';
import { formatInZone } from '@enviro/domain/format-date';
import type { CalibrationService } from '../devices/calibration.service.ts';
import { chosen, istTime, REPORT_ZONE, type ReportBody, type ReportScope, type ReportSources } from './report-scope.ts';

const PAGE = 200;

/** The check of the schedule a calibration of this kind takes part in (a zero or span check is half of a two-point one). */
export const checkOf = (type: Calibration['type']) => (type === 'MULTIPOINT' ? 'MULTIPOINT' : 'TWO_POINT');

/**
 * The industry's calibrations that started in the period, oldest first, read through the devices
 * module's calibration service (newest first, so reading stops at the first page that reaches
 * back before the period).
 */
export async function calibrationsIn(service: CalibrationService, scope: ReportScope): Promise<Calibration[]> {
  const from = scope.from.getTime();
  const to = scope.to.getTime();
  const out: Calibration[] = [];
  for (let page = 0; ; page++) {
    const { items, total } = await service.list(scope.auth, { tenantId: scope.tenantId, page, pageSize: PAGE });
    out.push(...items.filter((c) => Date.parse(c.startedAt) >= from && Date.parse(c.startedAt) < to));
    const oldest = items.at(-1);
    if (!oldest || Date.parse(oldest.startedAt) < from || (page + 1) * PAGE >= total) break;
  }
  return out.reverse();
}

/**
 * Report 5: every point of every parameter of the calibrations that started in the period: kind,
 * expected and measured values, deviation, the verdict by the tenant's (else the protocol's)
 * tolerance, the certificate, and when the parameter's check is next due (as of now).
 */
export async function calibrationReport({ calibration: service }: ReportSources, scope: ReportScope): Promise<ReportBody> {
  const calibrations = await calibrationsIn(service, scope);
  await scope.progress(calibrations.length, 0.5);
  const due = new Map<string, CalibrationDue>();
  for (const d of await service.due(scope.auth, { tenantId: scope.tenantId })) due.set(`${d.deviceId}/${d.param}/${d.check}`, d);
  const rows = calibrations.flatMap((c) =>
    c.params
      .filter((p) => chosen(scope.params, c.entityId, p.name))
      .flatMap((p) => {
        const next = due.get(`${c.deviceId}/${p.name}/${checkOf(c.type)}`);
        return p.points.map((pt) => [
          istTime(c.startedAt),
          c.entityName,
          c.deviceName,
          p.label,
          p.unit,
          c.type,
          pt.kind,
          pt.expected,
          pt.measured,
          pt.deviationPercent,
          p.verdict,
          c.status,
          c.documentPath ?? 'none',
          next ? formatInZone(next.dueAt, 'YYYY-MM-DD', REPORT_ZONE) : null,
          next?.state ?? null,
        ]);
      }),
  );
  return {
    columns: ['Started (IST)', 'Station', 'Device', 'Parameter', 'Unit', 'Kind', 'Point', 'Expected', 'Measured', 'Deviation (%)', 'Verdict', 'Status', 'Certificate', 'Next due', 'Due state'],
    rows,
    notes: [`Calibrations: ${calibrations.length}; next due and due state as of ${istTime(Date.now())} IST`],
  };
}
