import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { seriesTable, type SeriesKey } from './trend.repository.ts';

/** A reading row: one device at one instant, with its microsecond time for exact paging. */
export interface RawRow {
  device_id: string;
  /** Epoch microseconds as text: JavaScript numbers cannot carry them exactly. */
  micros: string;
  vals: (number | null)[];
}

export interface RawPage {
  from: number;
  to: number;
  limit: number;
  offset: number;
  /** Continue after this (time, device id); see RawDataResponse.nextCursor. */
  after?: { micros: string; deviceId: string } | undefined;
}

/** Raw reading rows for the raw data table, one device at one instant each. */
export class RawRepository extends Repository {
  /**
   * Reading rows of the devices in [from, to) holding a value for at least one of the series within
   * the period the series covers (its device's mount on the series' station), by time then device
   * id. Paging by cursor (keyset) stays cheap on deep pages; offset is for small ones.
   */
  async rows(keys: readonly SeriesKey[], page: RawPage): Promise<RawRow[]> {
    if (keys.length === 0) return [];
    const after = page.after
      ? sql`(x.ts, x.device_id) > (timestamptz 'epoch' + ${page.after.micros}::int8 * interval '1 microsecond', ${page.after.deviceId}::bigint)`
      : sql`true`;
    const result = await sql<RawRow>`
      WITH s AS (SELECT * FROM ${seriesTable(keys)})
      SELECT x.device_id, (extract(epoch FROM x.ts) * 1000000)::int8::text AS micros, x.vals
      FROM (SELECT DISTINCT tenant_id, device_id FROM s) d
      CROSS JOIN LATERAL enviro_readings(d.tenant_id, d.device_id, ${new Date(page.from).toISOString()}, ${new Date(page.to).toISOString()}) x
      WHERE ${after}
        AND EXISTS (SELECT 1 FROM s WHERE s.tenant_id = x.tenant_id AND s.device_id = x.device_id
                    AND x.ts >= s.from_ts AND x.ts < s.to_ts AND x.vals[s.slot] IS NOT NULL)
      ORDER BY x.ts, x.device_id
      LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db);
    return result.rows;
  }
}
