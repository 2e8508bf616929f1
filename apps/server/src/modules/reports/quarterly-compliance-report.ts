import type { CalibrationType } from '@enviro/domain/calibration-schedule';
import { badRequest } from '../../platform/errors.ts';
import { calibrationChecks } from './calibration-checks.ts';
import { calibrationsIn } from './calibration-report.ts';
import type { StationParam } from './report-catalogue.repository.ts';
import { chosen, limitRange, percent, type ReportBody, type ReportScope, type ReportSources } from './report-scope.ts';
import { periodContaining } from './schedule-period.ts';

const SLOTS_PER_DAY = 96;
/** Availability below which a parameter is listed as short of data in the summary (the compliance figures' threshold). */
const LOW_AVAILABILITY = 85;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'Q2 2024 (April to June)' for a calendar quarter; 400 naming the field when the dates are not one. */
export function quarterLabel(startDate: string, endDate: string): string {
  const q = periodContaining('quarterly', startDate);
  if (q.start !== startDate) throw badRequest('body.request.startDate', 'the quarterly compliance report covers a calendar quarter: start on 1 January, April, July or October');
  if (q.end !== endDate) throw badRequest('body.request.endDate', `the quarterly compliance report covers a calendar quarter: end on ${q.end}`);
  const month = Number(startDate.slice(5, 7)) - 1;
  return `Q${month / 3 + 1} ${startDate.slice(0, 4)} (${MONTHS[month]} to ${MONTHS[month + 2]})`;
}

/**
 * Report 6, the quarterly compliance report (REGULATORY.md: quarterly reporting of operation and
 * calibration): per station and parameter, availability, the share within limits and the
 * exceedances from the compliance module, and the calibration checks done of those due from the
 * devices module; a summary page of the industry's totals.
 */
export async function quarterlyComplianceReport({ compliance, calibration }: ReportSources, scope: ReportScope, stationParams: readonly StationParam[], industry: string): Promise<ReportBody> {
  const quarter = quarterLabel(scope.params.startDate, scope.params.endDate);
  const data = await compliance.complianceData(scope.auth, { tenantId: scope.tenantId, from: scope.params.startDate, to: scope.params.endDate });
  await scope.progress(data.stations.length, 0.4);
  const [calibrations, schedules] = await Promise.all([calibrationsIn(calibration, scope), calibration.schedules(scope.auth, scope.tenantId)]);
  await scope.progress(data.stations.length, 0.7);

  const completed = new Map<string, CalibrationType[]>();
  for (const c of calibrations.filter((x) => x.status === 'COMPLETED')) {
    for (const p of c.params) completed.set(`${c.deviceId}/${p.name}`, [...(completed.get(`${c.deviceId}/${p.name}`) ?? []), c.type]);
  }
  const label = new Map(stationParams.map((p) => [`${p.deviceId}/${p.slot}`, p.label]));
  const totals = { expected: 0, withData: 0, within: 0, exceedances: 0, minutes: 0, due: 0, done: 0, low: 0, params: 0 };
  const stations = data.stations.filter((s) => chosen(scope.params, s.stationId, null)).sort((a, b) => a.stationName.localeCompare(b.stationName) || a.stationId - b.stationId);
  const rows = stations.flatMap((s) => {
    totals.expected += s.uptime.slots - s.uptime.suppressedSlots;
    totals.withData += s.uptime.slotsWithData;
    return s.parameters
      .filter((p) => chosen(scope.params, s.stationId, p.parameter))
      .map((p) => {
        const rules = schedules.rules.filter((r) => r.param === p.parameter);
        const checks = calibrationChecks(rules, completed.get(`${p.deviceId}/${p.parameter}`) ?? [], Math.floor(p.slots / SLOTS_PER_DAY));
        totals.within += p.slotsWithinLimits;
        totals.exceedances += p.exceedances;
        totals.minutes += p.exceedanceMinutes;
        totals.due += checks.due;
        totals.done += checks.done;
        totals.params++;
        if (p.availability !== null && p.availability < LOW_AVAILABILITY) totals.low++;
        return [s.stationName, label.get(`${p.deviceId}/${p.slot}`) ?? p.parameter, p.unit, limitRange(p.limitMin, p.limitMax), p.availability, p.withinLimits, p.exceedances, p.exceedanceMinutes, checks.done, checks.due];
      });
  });
  const withDataOfParams = stations.flatMap((s) => s.parameters.filter((p) => chosen(scope.params, s.stationId, p.parameter))).reduce((n, p) => n + p.slotsWithData, 0);
  return {
    columns: ['Station', 'Parameter', 'Unit', 'Limit', 'Availability (%)', 'Within limits (%)', 'Exceedances (15-minute slots)', 'Minutes above limit', 'Calibration checks done', 'Calibration checks due'],
    rows,
    notes: [`Quarter: ${quarter}`, 'Calibration and maintenance windows are neither expected nor counted against compliance'],
    summary: {
      title: `Summary: ${industry}, ${quarter}`,
      items: [
        ['Stations', stations.length],
        ['Parameters', totals.params],
        ['Data availability (%)', percent(totals.withData, totals.expected)],
        ['Within limits (% of slots with data)', percent(totals.within, withDataOfParams)],
        ['Exceedances (15-minute slots beyond a limit)', totals.exceedances],
        ['Minutes above limit', totals.minutes],
        ['Calibration checks done', totals.done],
        ['Calibration checks due', totals.due],
        [`Parameters below ${LOW_AVAILABILITY} % availability`, totals.low],
      ],
    },
  };
}
