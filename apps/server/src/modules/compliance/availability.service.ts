import { addDays } from '@enviro/domain/time-zone';
import type { Db } from '../../platform/database/database.ts';
import { ComplianceRepository, type ComplianceScope } from './compliance.repository.ts';
import { expectedSlots, resolvePeriod, splitAtToday, type ResolvedPeriod } from './compliance.service.ts';
import { AvailabilityRepository } from './compliance-days.repository.ts';

/** One device parameter on one IST day: quarters expected and with data, as compliance counts them. */
export interface ParameterDay {
  deviceId: number;
  slot: number;
  day: string;
  /** Closed quarters in service outside calibration and maintenance windows. */
  expected: number;
  /** Of those, quarters holding data of the parameter. */
  withData: number;
}

/** One device on one IST day: quarters expected and quarters with data of any parameter. */
export interface DeviceDay {
  tenantId: number;
  deviceId: number;
  day: string;
  expected: number;
  withData: number;
}

/** One device parameter on one IST day: its quarters with data and the sum of their 15-minute averages. */
export interface QuarterSumsDay {
  deviceId: number;
  slot: number;
  day: string;
  quarters: number;
  sumOfAverages: number;
}

const instant = (v: Date | number) => (v instanceof Date ? v.getTime() : v);
const key = (...parts: (string | number)[]) => parts.join('|');

/**
 * Availability and daily means for the reports module (reports 1, 2, 35 and 36), counted exactly as
 * compliance counts them (docs/DEFINITIONS.md): quarters expected from the device's coming into
 * service, closed quarters only, calibration and maintenance quarters neither expected nor with data.
 * `fromDay` and `toDay` are IST dates, inclusive.
 */
export class AvailabilityService {
  private readonly repo: ComplianceRepository;
  private readonly days: AvailabilityRepository;

  constructor(db: Db) {
    this.repo = new ComplianceRepository(db);
    this.days = new AvailabilityRepository(db);
  }

  /** Per device: quarters expected on each day of the period, calibration and maintenance quarters taken off. */
  private async expected(scope: ComplianceScope, period: ResolvedPeriod) {
    const [devices, supp] = await Promise.all([this.repo.devices(scope), this.repo.suppressedDays(scope, new Date(period.from), new Date(period.to))]);
    const suppressed = new Map(supp.map((r) => [key(r.device_id, r.day), r.n]));
    const out = new Map<string, { tenantId: number; days: Map<string, number> }>();
    for (const d of devices) {
      const days = new Map<string, number>();
      for (const [day, n] of expectedSlots(period, instant(d.in_service_from))) days.set(day, Math.max(0, n - (suppressed.get(key(d.device_id, day)) ?? 0)));
      out.set(d.device_id, { tenantId: d.tenant_id, days });
    }
    return out;
  }

  /** Report 35: per device parameter and IST day, quarters expected and with data. */
  async parameterDays(tenantId: number, deviceIds: readonly number[], fromDay: string, toDay: string, now = Date.now()): Promise<ParameterDay[]> {
    if (deviceIds.length === 0) return [];
    const period = resolvePeriod({ from: fromDay, to: toDay }, now);
    const scope: ComplianceScope = { tenantIds: [tenantId] };
    const { stored, live } = splitAtToday(period, now);
    const [expected, closed, open] = await Promise.all([
      this.expected(scope, period),
      stored ? this.repo.storedParameterDays(scope, stored.fromDay, stored.toDay) : [],
      live ? this.repo.parameterDays(scope, live.from, live.to) : [],
    ]);
    const withData = new Map([...closed, ...open].map((r) => [key(r.device_id, r.slot, r.day), r.with_data]));
    const wanted = new Set(deviceIds.map(String));
    const params = (await this.repo.parameters(scope)).filter((p) => wanted.has(p.device_id));
    return period.days.flatMap((d) =>
      params.map((p) => ({
        deviceId: Number(p.device_id),
        slot: p.slot,
        day: d.date,
        expected: expected.get(p.device_id)?.days.get(d.date) ?? 0,
        withData: withData.get(key(p.device_id, p.slot, d.date)) ?? 0,
      })),
    );
  }

  /** Report 36: per device of the tenants and IST day, quarters expected and with data of any parameter. */
  async deviceDays(tenantIds: readonly number[], fromDay: string, toDay: string, now = Date.now()): Promise<DeviceDay[]> {
    if (tenantIds.length === 0) return [];
    const period = resolvePeriod({ from: fromDay, to: toDay }, now);
    const scope: ComplianceScope = { tenantIds };
    const { stored, live } = splitAtToday(period, now);
    const [expected, closed, open] = await Promise.all([
      this.expected(scope, period),
      stored ? this.repo.storedUptimeDays(scope, stored.fromDay, stored.toDay) : [],
      live ? this.repo.uptimeDays(scope, live.from, live.to) : [],
    ]);
    const withData = new Map([...closed, ...open].map((r) => [key(r.device_id, r.day), r.n]));
    return [...expected].flatMap(([deviceId, e]) =>
      period.days.map((d) => ({ tenantId: e.tenantId, deviceId: Number(deviceId), day: d.date, expected: e.days.get(d.date) ?? 0, withData: withData.get(key(deviceId, d.date)) ?? 0 })),
    );
  }

  /**
   * The open data API's daily series (issue 37): per IST day from `fromDay` to `toDay`, report 1's
   * figures summed over some device parameters (a station's series of one parameter, its past
   * devices' included): quarters expected, quarters with data and the sum of their 15-minute
   * averages, as `parameterDays` and `quarterSums` count them, in one statement.
   */
  async seriesDays(tenantId: number, pairs: readonly { deviceId: number; slot: number }[], fromDay: string, toDay: string, now = Date.now()) {
    const period = resolvePeriod({ from: fromDay, to: toDay }, now);
    const { stored, live } = splitAtToday(period, now);
    if (pairs.length === 0) return period.days.map((d) => ({ day: d.date, expected: 0, quarters: 0, sumOfAverages: 0 }));
    return this.days.seriesDays({ tenantIds: [tenantId] }, pairs, {
      fromDay: period.fromDate,
      toDay: period.toDate,
      from: new Date(period.from),
      to: new Date(period.to),
      // No closed day: a last stored day before the first, so none is read.
      storedToDay: stored?.toDay ?? addDays(period.fromDate, -1),
      liveFrom: live?.from ?? new Date(period.to),
    });
  }

  /**
   * Reports 1 and 2: per device parameter and IST day, the closed quarters with data outside
   * calibration and maintenance and the sum of their 15-minute averages (closed days from the
   * compliance days, 096_compliance_quarter_means.sql); with `parameterDays`'s expected quarters for
   * the capture.
   */
  async quarterSums(tenantId: number, deviceIds: readonly number[], fromDay: string, toDay: string, now = Date.now()): Promise<{ sums: QuarterSumsDay[]; days: ParameterDay[] }> {
    if (deviceIds.length === 0) return { sums: [], days: [] };
    const period = resolvePeriod({ from: fromDay, to: toDay }, now);
    const scope: ComplianceScope = { tenantIds: [tenantId] };
    const { stored, live } = splitAtToday(period, now);
    const [closed, open, days] = await Promise.all([
      stored ? this.days.storedQuarterSums(scope, deviceIds, stored.fromDay, stored.toDay) : [],
      live ? this.days.quarterSums(scope, deviceIds, live.from, live.to) : [],
      this.parameterDays(tenantId, deviceIds, fromDay, toDay, now),
    ]);
    return { sums: [...closed, ...open], days };
  }
}
