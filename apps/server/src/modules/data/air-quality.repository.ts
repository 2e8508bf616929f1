import { sql } from 'kysely';
import { PooledRepository } from '../../platform/database/pooled-repository.ts';
import { quartersOf } from './readings.queries.ts';

/** A pollutant series of a station: a device's slot, its mount period, and its conversion to the breakpoint table's unit. */
export interface AqiSeries {
  tenantId: number;
  deviceId: string;
  slot: number;
  stationId: string;
  /** Index of the pollutant in the caller's list. */
  pollutant: number;
  /** The mount period (epoch ms), null where open. */
  fromMs: number | null;
  toMs: number | null;
  /** table value = device value × factor + offset. */
  factor: number;
  offset: number;
}

/** A calibration or maintenance window of a device (epoch ms; `toMs` null while open). */
export interface DeviceWindow {
  deviceId: string;
  fromMs: number;
  toMs: number | null;
}

/** What the averages are taken over. */
export interface AqiWindows {
  /** The hours read: [readFrom, readTo), hour starts of the zone. */
  readFrom: number;
  readTo: number;
  /** First day's start (a day of the zone) and the end of the last day: no day when equal. */
  daysFrom: number;
  daysTo: number;
  /** End of the `now` window: an hour start of the zone. */
  nowEnd: number;
  zone: string;
  /** Pollutant indices averaged over 8 hours (CO, O3); the others over 24. */
  eightHour: readonly number[];
  /** Quarters of 4 an hour needs to be valid. */
  validQuarters: number;
  /** Valid hours an 8-hour window needs (its daily maximum is over such windows only). */
  minValidHours8: number;
}

/** One averaged concentration: a station's pollutant now (`day` null) or on a day. */
export interface AveragedRow {
  station_id: string;
  pollutant: number;
  day: string | null;
  value: number;
  hours: number;
}

/**
 * The National AQI's concentrations of many stations at once, averaged in SQL from the hourly
 * rollups (reading_1h) and, for the hours a calibration or maintenance window touches, from their
 * quarters outside the windows (enviro_quarters): never from raw readings. The hours are those of
 * POST /api/data/aqi (valid with 3 of 4 quarters holding data, in the table's unit, devices of a
 * station averaged together); the rules that turn them into indices stay in `@enviro/domain/aqi`.
 * The rollups are read as the worker left them, seconds behind ingestion at most.
 */
export class AirQualityRepository extends PooledRepository {
  async averages(series: readonly AqiSeries[], windows: readonly DeviceWindow[], w: AqiWindows): Promise<AveragedRow[]> {
    if (series.length === 0) return [];
    const ts = (ms: number | null, open: string) => (ms === null ? open : new Date(ms).toISOString());
    const from = new Date(w.readFrom);
    const readTo = new Date(w.readTo);
    const nowEnd = new Date(w.nowEnd);
    const daysFrom = new Date(w.daysFrom);
    const daysTo = new Date(w.daysTo);
    const arr = <T>(values: readonly T[], type: string) => sql`${sql.val(values)}::${sql.raw(type)}`;
    return this.prepared<AveragedRow>(sql`
      WITH s AS (
        SELECT * FROM unnest(
          ${arr(series.map((x) => x.tenantId), 'int[]')}, ${arr(series.map((x) => x.deviceId), 'bigint[]')},
          ${arr(series.map((x) => x.slot), 'int[]')}, ${arr(series.map((x) => x.stationId), 'bigint[]')},
          ${arr(series.map((x) => x.pollutant), 'int[]')},
          ${arr(series.map((x) => ts(x.fromMs, '-infinity')), 'timestamptz[]')}, ${arr(series.map((x) => ts(x.toMs, 'infinity')), 'timestamptz[]')},
          ${arr(series.map((x) => x.factor), 'float8[]')}, ${arr(series.map((x) => x.offset), 'float8[]')}
        ) AS s(tenant_id, device_id, slot, station_id, pollutant, from_ts, to_ts, factor, "offset")
      ),
      w AS (
        SELECT * FROM unnest(
          ${arr(windows.length ? windows.map((x) => x.deviceId) : ['0'], 'bigint[]')},
          ${arr(windows.length ? windows.map((x) => ts(x.fromMs, '-infinity')) : ['infinity'], 'timestamptz[]')},
          ${arr(windows.length ? windows.map((x) => ts(x.toMs, 'infinity')) : ['infinity'], 'timestamptz[]')}
        ) AS w(device_id, starts_at, ends_at)
      ),
      -- Hours no window touches: the hourly rollup, valid with enough quarters holding data.
      clean AS (
        SELECT s.station_id, s.pollutant, r.bucket, (r.sum / r.n) * s.factor + s."offset" AS v
        FROM s
        JOIN reading_1h r ON r.tenant_id = s.tenant_id AND r.device_id = s.device_id AND r.slot = s.slot
          AND r.bucket >= greatest(${from}::timestamptz, s.from_ts) AND r.bucket + interval '1 hour' <= least(${readTo}::timestamptz, s.to_ts)
        WHERE r.slots >= ${w.validQuarters} AND r.n > 0
          AND NOT EXISTS (SELECT 1 FROM w WHERE w.device_id = s.device_id AND w.starts_at < r.bucket + interval '1 hour' AND w.ends_at > r.bucket)
      ),
      -- Hours a window touches, taken again from their quarters outside every window.
      touched_hours AS (
        SELECT DISTINCT s.tenant_id, s.device_id, s.slot, s.station_id, s.pollutant, s.factor, s."offset", h AS hour
        FROM s
        JOIN w ON w.device_id = s.device_id AND w.starts_at < ${readTo}::timestamptz AND w.ends_at > ${from}::timestamptz
        CROSS JOIN LATERAL generate_series(
          ${from}::timestamptz + floor(extract(epoch FROM greatest(w.starts_at, ${from}::timestamptz) - ${from}::timestamptz) / 3600)::float8 * interval '1 hour',
          least(w.ends_at, ${readTo}::timestamptz) - interval '1 microsecond',
          interval '1 hour'
        ) AS h
        WHERE h >= s.from_ts AND h + interval '1 hour' <= s.to_ts
      ),
      touched AS (
        SELECT t.station_id, t.pollutant, t.hour AS bucket, avg((q.sum / q.n) * t.factor + t."offset") AS v
        FROM touched_hours t
        CROSS JOIN LATERAL ${quartersOf(sql`t.tenant_id`, sql`t.device_id`, sql`t.hour`, sql`t.hour + interval '1 hour'`, sql`t.slot`)} q
        WHERE q.n > 0
          AND NOT EXISTS (SELECT 1 FROM w WHERE w.device_id = t.device_id AND w.starts_at < q.bucket + interval '15 minutes' AND w.ends_at > q.bucket)
        GROUP BY t.station_id, t.pollutant, t.device_id, t.slot, t.hour
        HAVING count(*) >= ${w.validQuarters}
      ),
      hourly AS MATERIALIZED (
        SELECT station_id, pollutant, bucket, avg(v) AS v
        FROM (SELECT * FROM clean UNION ALL SELECT * FROM touched) x
        GROUP BY station_id, pollutant, bucket
      ),
      eight AS (
        SELECT g.station_id, g.pollutant, t AS bucket,
          avg(h.v) OVER run AS v, count(h.v) OVER run AS hours
        FROM (SELECT DISTINCT station_id, pollutant FROM hourly WHERE pollutant = ANY(${arr(w.eightHour, 'int[]')})) g
        CROSS JOIN generate_series(${from}::timestamptz, ${daysTo}::timestamptz - interval '1 hour', interval '1 hour') AS t
        LEFT JOIN hourly h ON h.station_id = g.station_id AND h.pollutant = g.pollutant AND h.bucket = t
        WHERE ${daysTo}::timestamptz > ${daysFrom}::timestamptz
        WINDOW run AS (PARTITION BY g.station_id, g.pollutant ORDER BY t ROWS BETWEEN 7 PRECEDING AND CURRENT ROW)
      )
      SELECT station_id::text, pollutant, NULL::text AS day, avg(v)::float8 AS value, count(*)::int AS hours
      FROM hourly
      WHERE bucket < ${nowEnd}::timestamptz AND bucket >= ${nowEnd}::timestamptz - CASE WHEN pollutant = ANY(${arr(w.eightHour, 'int[]')}) THEN interval '8 hours' ELSE interval '24 hours' END
      GROUP BY station_id, pollutant
      UNION ALL
      SELECT station_id::text, pollutant, to_char(bucket AT TIME ZONE ${w.zone}, 'YYYY-MM-DD'), avg(v)::float8, count(*)::int
      FROM hourly
      WHERE bucket >= ${daysFrom}::timestamptz AND bucket < ${daysTo}::timestamptz AND NOT pollutant = ANY(${arr(w.eightHour, 'int[]')})
      GROUP BY station_id, pollutant, 3
      UNION ALL
      -- CO and O3: a day's largest 8-hour mean among those ending within it with enough valid hours.
      (
        SELECT DISTINCT ON (station_id, pollutant, day) station_id::text, pollutant, day, v::float8, hours::int
        FROM (SELECT *, to_char(bucket AT TIME ZONE ${w.zone}, 'YYYY-MM-DD') AS day FROM eight) e
        WHERE bucket >= ${daysFrom}::timestamptz AND hours >= ${w.minValidHours8}
        ORDER BY station_id, pollutant, day, v DESC
      )
    `);
  }
}
