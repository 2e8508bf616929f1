import { addCalendar, DEFAULT_TIME_ZONE, startOfDay } from '@enviro/domain/time-zone';
import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { DEVICE_ROWS, deviceRows } from '../devices/devices.queries.ts';
import { quartersOf } from '../data/readings.queries.ts';
import { devicesOf, inServiceFromSql, type ComplianceScope } from './compliance.repository.ts';
import { outsideLimitSql, suppressedQuarters } from './figures.queries.ts';

/** The compliance days are India's. */
const ZONE = DEFAULT_TIME_ZONE;

/** One device's IST day ('YYYY-MM-DD') to derive. */
export interface DeviceDay {
  tenantId: number;
  deviceId: string;
  day: string;
}

/**
 * The compliance tables per IST day (070_compliance_days.sql): each derivation replaces a device's
 * whole day, read from its rollups, limits and windows, so deriving a day twice is harmless.
 */
export class ComplianceDaysRepository extends Repository {
  /**
   * Derives the days again. A slot's judgement: its 15-minute average against the parameter's
   * limits, left out when the quarter overlaps a calibration or maintenance window of the device or
   * of its station (the rule alert evaluation applies); beyond it is an exceedance (docs/DEFINITIONS.md).
   */
  async derive(days: readonly DeviceDay[]): Promise<void> {
    // One statement per day: its bounds are then constants, so PostgreSQL reads only that day's
    // rollup partition and index range (bounds joined from a list made it scan the month).
    const byDay = new Map<string, DeviceDay[]>();
    for (const d of days) byDay.set(d.day, [...(byDay.get(d.day) ?? []), d]);
    for (const [day, list] of byDay) await this.deriveDay(day, list);
  }

  private async deriveDay(day: string, devices: readonly DeviceDay[]): Promise<void> {
    const start = startOfDay(day, ZONE);
    const dayStart = new Date(start);
    const dayEnd = new Date(addCalendar(start, 1, 'day', ZONE));
    const keys = sql`SELECT DISTINCT * FROM unnest(${sql.val(devices.map((d) => d.tenantId))}::int[], ${sql.val(devices.map((d) => d.deviceId))}::bigint[]) AS k(tenant_id, device_id)`;
    await sql`DELETE FROM compliance_param_day p USING (${keys}) k WHERE p.tenant_id = k.tenant_id AND p.device_id = k.device_id AND p.day = ${day}::date`.execute(this.db);
    await sql`DELETE FROM compliance_device_day p USING (${keys}) k WHERE p.tenant_id = k.tenant_id AND p.device_id = k.device_id AND p.day = ${day}::date`.execute(this.db);
    await sql`
      WITH k AS MATERIALIZED (
        SELECT k.tenant_id, k.device_id, d.entity_id FROM (${keys}) k LEFT JOIN ${DEVICE_ROWS} d ON d.tenant_id = k.tenant_id AND d.id = k.device_id
      ),
      supp AS (
        SELECT DISTINCT k.tenant_id, k.device_id, q.bucket
        FROM k JOIN suppression_window w ON w.tenant_id = k.tenant_id
          AND (w.device_id = k.device_id OR (w.device_id IS NULL AND w.entity_id = k.entity_id))
          AND w.starts_at < ${dayEnd} AND (w.ends_at IS NULL OR w.ends_at > ${dayStart})
        CROSS JOIN LATERAL generate_series(
          to_timestamp(floor(extract(epoch FROM greatest(w.starts_at, ${dayStart}::timestamptz)) / 900) * 900),
          least(coalesce(w.ends_at, ${dayEnd}::timestamptz), ${dayEnd}::timestamptz) - interval '1 microsecond',
          interval '15 minutes') AS q(bucket)
      ),
      judged AS (
        SELECT r.tenant_id, r.device_id, r.slot, r.bucket, r.sum, r.n, s.bucket IS NOT NULL AS suppressed,
               s.bucket IS NULL AND ${outsideLimitSql(sql`r.sum / r.n`, sql.raw('l.min_value'), sql.raw('l.max_value'))} AS beyond
        FROM k
        -- Through the device's parameters, so each is one range of the rollups' primary key.
        JOIN device_param dp ON dp.tenant_id = k.tenant_id AND dp.device_id = k.device_id
        CROSS JOIN LATERAL ${quartersOf(sql`k.tenant_id`, sql`k.device_id`, dayStart, dayEnd, sql`dp.slot`)} r
        LEFT JOIN param_limit l ON l.tenant_id = r.tenant_id AND l.device_id = r.device_id AND l.slot = r.slot
        LEFT JOIN supp s ON s.tenant_id = r.tenant_id AND s.device_id = r.device_id AND s.bucket = r.bucket
        WHERE r.n > 0
      ),
      devices AS (
        INSERT INTO compliance_device_day (tenant_id, device_id, day, quarters, unsuppressed)
        SELECT tenant_id, device_id, ${day}::date, count(DISTINCT bucket), count(DISTINCT bucket) FILTER (WHERE NOT suppressed)
        FROM judged GROUP BY 1, 2
      )
      INSERT INTO compliance_param_day (tenant_id, device_id, day, slot, with_data, within, beyond, suppressed, avg_sum)
      SELECT tenant_id, device_id, ${day}::date, slot,
             count(*) FILTER (WHERE NOT suppressed), count(*) FILTER (WHERE NOT suppressed AND NOT beyond), count(*) FILTER (WHERE beyond),
             count(*) FILTER (WHERE suppressed),
             coalesce(sum(sum / n) FILTER (WHERE NOT suppressed), 0)
      FROM judged GROUP BY 1, 2, 4`.execute(this.db);
  }

  /** The tenants' devices (deleted or not: their history stays readable). */
  async deviceIds(tenantIds: readonly number[]): Promise<{ tenantId: number; deviceId: string }[]> {
    if (tenantIds.length === 0) return [];
    const rows = await this.db.selectFrom(deviceRows(this.db).as('device')).select(['tenant_id', 'id']).where('tenant_id', 'in', [...tenantIds]).execute();
    return rows.map((r) => ({ tenantId: r.tenant_id, deviceId: String(r.id) }));
  }
}

/** A device parameter's quarters with data outside windows on one IST day and the sum of their 15-minute averages. */
export interface QuarterSumsRow {
  deviceId: number;
  slot: number;
  day: string;
  quarters: number;
  sumOfAverages: number;
}

/**
 * What daily and monthly means are built from (reports 1 and 2): per device parameter and IST day,
 * quarters with data outside calibration and maintenance and the sum of their 15-minute averages;
 * closed days from the compliance days, the day still open from the rollups.
 */
export class AvailabilityRepository extends Repository {
  /**
   * Per IST day of a period, summed over some device parameters: quarters expected (from the
   * device's coming into service to the last closed quarter, calibration and maintenance quarters
   * taken off), quarters with data outside those windows and the sum of their 15-minute averages.
   * One statement for what `quarterSums` and `parameterDays` answer per parameter and day: the same
   * figures (report 1), counted by the same SQL. `storedToDay` is the last closed day read from the
   * compliance days; from `liveFrom` (today's midnight) to `to` the rollups are read.
   */
  async seriesDays(
    scope: ComplianceScope,
    pairs: readonly { deviceId: number; slot: number }[],
    p: { fromDay: string; toDay: string; from: Date; to: Date; storedToDay: string; liveFrom: Date },
  ): Promise<{ day: string; expected: number; quarters: number; sumOfAverages: number }[]> {
    const { rows } = await sql<{ day: string; expected: number; quarters: number; sumOfAverages: number }>`
      WITH devs AS (${devicesOf(scope)} AND d.id = ANY(${sql.val(pairs.map((x) => String(x.deviceId)))}::bigint[])),
      pairs AS (SELECT DISTINCT * FROM unnest(${sql.val(pairs.map((x) => String(x.deviceId)))}::bigint[], ${sql.val(pairs.map((x) => x.slot))}::int[]) AS p (device_id, slot)),
      days AS (
        SELECT g::date AS day, g AT TIME ZONE ${ZONE} AS day_start, (g + interval '1 day') AT TIME ZONE ${ZONE} AS day_end
        FROM generate_series(${p.fromDay}::timestamp, ${p.toDay}::timestamp, interval '1 day') g),
      served AS (
        SELECT v.device_id, dp.slot FROM devs v
        JOIN device_param dp ON dp.tenant_id = v.tenant_id AND dp.device_id = v.device_id AND dp.deleted_date IS NULL
        JOIN pairs q ON q.device_id = v.device_id AND q.slot = dp.slot),
      -- Materialized: inlined, its subqueries ran once a day of the period.
      since AS MATERIALIZED (SELECT v.device_id, ${inServiceFromSql('d')} AS at FROM devs v JOIN ${DEVICE_ROWS} d ON d.tenant_id = v.tenant_id AND d.id = v.device_id),
      supp AS (${suppressedQuarters(p.from, p.to)}),
      supp_days AS (SELECT device_id, (bucket AT TIME ZONE ${ZONE})::date AS day, count(*)::int AS n FROM supp GROUP BY 1, 2),
      expected AS (
        SELECT x.day, sum(greatest(0, greatest(0, (
                 extract(epoch FROM least(x.day_end, ${p.to}::timestamptz))
                 - floor(extract(epoch FROM greatest(x.day_start, s.at)) / 900) * 900) / 900) - coalesce(sd.n, 0)))::int AS n
        FROM served v JOIN since s ON s.device_id = v.device_id CROSS JOIN days x
        LEFT JOIN supp_days sd ON sd.device_id = v.device_id AND sd.day = x.day
        GROUP BY x.day),
      stored AS (
        SELECT c.day, sum(c.with_data)::int AS quarters, sum(c.avg_sum) AS total
        FROM devs v JOIN compliance_param_day c ON c.tenant_id = v.tenant_id AND c.device_id = v.device_id
        JOIN pairs q ON q.device_id = c.device_id AND q.slot = c.slot
        WHERE c.day BETWEEN ${p.fromDay}::date AND ${p.storedToDay}::date AND c.with_data > 0
        GROUP BY c.day),
      live AS (
        SELECT (r.bucket AT TIME ZONE ${ZONE})::date AS day, count(*)::int AS quarters, sum(r.sum / r.n)::float8 AS total
        FROM devs v
        JOIN device_param dp ON dp.tenant_id = v.tenant_id AND dp.device_id = v.device_id AND dp.deleted_date IS NULL
        JOIN pairs q ON q.device_id = v.device_id AND q.slot = dp.slot
        CROSS JOIN LATERAL ${quartersOf(sql`v.tenant_id`, sql`v.device_id`, p.liveFrom, p.to, sql`dp.slot`)} r
        WHERE r.n > 0
          AND NOT EXISTS (SELECT 1 FROM supp s WHERE s.device_id = r.device_id AND s.bucket = r.bucket)
        GROUP BY 1)
      SELECT to_char(x.day, 'YYYY-MM-DD') AS day, coalesce(e.n, 0) AS expected,
             coalesce(st.quarters, 0) + coalesce(lv.quarters, 0) AS quarters, coalesce(st.total, 0) + coalesce(lv.total, 0) AS "sumOfAverages"
      FROM days x LEFT JOIN expected e ON e.day = x.day LEFT JOIN stored st ON st.day = x.day LEFT JOIN live lv ON lv.day = x.day
      ORDER BY x.day`.execute(this.db);
    return rows;
  }

  async storedQuarterSums(scope: ComplianceScope, deviceIds: readonly number[], fromDay: string, toDay: string): Promise<QuarterSumsRow[]> {
    if (deviceIds.length === 0) return [];
    const { rows } = await sql<QuarterSumsRow>`
      WITH devs AS (${devicesOf(scope)} AND d.id = ANY(${sql.val(deviceIds.map(String))}::bigint[]))
      SELECT c.device_id::int AS "deviceId", c.slot, to_char(c.day, 'YYYY-MM-DD') AS day, c.with_data AS quarters, c.avg_sum AS "sumOfAverages"
      FROM devs v JOIN compliance_param_day c ON c.tenant_id = v.tenant_id AND c.device_id = v.device_id
      WHERE c.day BETWEEN ${fromDay}::date AND ${toDay}::date AND c.with_data > 0`.execute(this.db);
    return rows;
  }

  async quarterSums(scope: ComplianceScope, deviceIds: readonly number[], from: Date, to: Date): Promise<QuarterSumsRow[]> {
    if (deviceIds.length === 0 || from >= to) return [];
    const { rows } = await sql<QuarterSumsRow>`
      WITH devs AS (${devicesOf(scope)} AND d.id = ANY(${sql.val(deviceIds.map(String))}::bigint[])),
      supp AS (${suppressedQuarters(from, to)})
      SELECT r.device_id::int AS "deviceId", r.slot, to_char(r.bucket AT TIME ZONE ${ZONE}, 'YYYY-MM-DD') AS day,
             count(*)::int AS quarters, sum(r.sum / r.n)::float8 AS "sumOfAverages"
      FROM devs v
      JOIN device_param dp ON dp.tenant_id = v.tenant_id AND dp.device_id = v.device_id AND dp.deleted_date IS NULL
      CROSS JOIN LATERAL ${quartersOf(sql`v.tenant_id`, sql`v.device_id`, from, to, sql`dp.slot`)} r
      WHERE r.n > 0
        AND NOT EXISTS (SELECT 1 FROM supp s WHERE s.tenant_id = r.tenant_id AND s.device_id = r.device_id AND s.bucket = r.bucket)
      GROUP BY 1, 2, 3`.execute(this.db);
    return rows;
  }
}
