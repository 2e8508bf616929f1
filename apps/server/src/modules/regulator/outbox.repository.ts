import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { DEVICE_ROWS } from '../devices/devices.queries.ts';
import { ENTITY_ROWS } from '../entities/entities.queries.ts';
import { quartersOf, readingsOf } from '../data/readings.queries.ts';

export interface ClaimedRecord {
  tenant_id: number;
  id: string;
  connection_id: string;
  station_id: string;
  slot: Date;
  kind: string;
  params: string[] | null;
  version: number;
  attempts: number;
}

export interface SlotValueRow {
  tenant_id: number;
  device_id: string;
  entity_id: string | null;
  bucket: Date;
  slot: number;
  value: number;
  param_name: string;
  unit: string;
}

/** What a push did to one record. */
export interface PushResult {
  tenantId: number;
  id: string;
  connectionId: string;
  stationId: string;
  slot: Date;
  version: number;
  kind: string;
  outcome: 'SUCCESS' | 'RETRY' | 'REJECT' | 'EXPIRED' | 'STOP';
  errorCode: string | null;
  answer: string;
  httpStatus: number | null;
  at: Date;
  durationMs: number;
  nextTryAt: Date;
  values: number;
  calibrationValues: number;
  /** False for a record refused before any request (no values, missing credential). */
  attempted: boolean;
}

/** The outbox of regulator records (040_regulator.sql): queueing, claiming with leases, results. */
export class OutboxRepository extends Repository {
  /**
   * Queues a record per enabled mapping that names the device's station, for each changed slot.
   * A record still waiting keeps its place (its payload is read when sent) and its version rises; one
   * sent or refused goes back to waiting as a CORRECTION; one expired stays expired.
   */
  async enqueueSlots(slots: readonly { tenantId: number; deviceId: string; bucket: Date }[]): Promise<number> {
    if (slots.length === 0) return 0;
    const result = await sql`
      INSERT INTO regulator_outbox AS o (tenant_id, connection_id, station_id, slot, kind)
      SELECT DISTINCT s.tenant_id, m.connection_id, d.entity_id, s.bucket, 'REALTIME'
      FROM unnest(${slots.map((s) => s.tenantId)}::int[], ${slots.map((s) => s.deviceId)}::bigint[], ${slots.map((s) => s.bucket.toISOString())}::timestamptz[])
        AS s(tenant_id, device_id, bucket)
      JOIN ${DEVICE_ROWS} d ON d.tenant_id = s.tenant_id AND d.id = s.device_id AND d.entity_id IS NOT NULL
      JOIN regulator_mapping m ON m.tenant_id = s.tenant_id AND m.enabled
      JOIN regulator_connection c ON c.id = m.connection_id AND c.enabled
      WHERE m.stations @> jsonb_build_array(jsonb_build_object('stationId', d.entity_id))
      ON CONFLICT (tenant_id, connection_id, station_id, slot) DO UPDATE SET
        status = 'PENDING',
        kind = CASE WHEN o.status = 'PENDING' THEN o.kind ELSE 'CORRECTION' END,
        version = o.version + 1,
        params = NULL,
        attempts = CASE WHEN o.status = 'PENDING' THEN o.attempts ELSE 0 END,
        next_try_at = CASE WHEN o.status = 'PENDING' THEN o.next_try_at ELSE now() END,
        waiting_since = CASE WHEN o.status = 'PENDING' THEN o.waiting_since ELSE now() END,
        updated_at = now()
      WHERE o.status <> 'EXPIRED'`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Queues a station's slots with data in [from, to) again for a republish request. */
  async enqueueRange(input: { tenantId: number; connectionIds: string[]; stationId: number; from: Date; to: Date; republishId: string; params: string[] }): Promise<number> {
    const result = await sql`
      INSERT INTO regulator_outbox AS o (tenant_id, connection_id, station_id, slot, kind, republish_id, params)
      SELECT DISTINCT r.tenant_id, c.id, d.entity_id, r.bucket, 'REPUBLISH', ${input.republishId}::bigint, ${input.params.length ? input.params : null}::text[]
      FROM ${DEVICE_ROWS} d
      CROSS JOIN LATERAL ${quartersOf(sql`d.tenant_id`, sql`d.id`, input.from, input.to)} r
      CROSS JOIN unnest(${input.connectionIds}::bigint[]) AS c(id)
      WHERE d.tenant_id = ${input.tenantId} AND d.entity_id = ${input.stationId}
      ON CONFLICT (tenant_id, connection_id, station_id, slot) DO UPDATE SET
        status = 'PENDING', kind = 'REPUBLISH', version = o.version + 1, republish_id = excluded.republish_id,
        params = excluded.params, attempts = 0, next_try_at = now(), last_error = NULL, updated_at = now(),
        waiting_since = CASE WHEN o.status = 'PENDING' THEN o.waiting_since ELSE now() END`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Queues every slot with data since `from` of the industry's mapped stations on a connection (operator set-up, demo). */
  async enqueueSince(tenantId: number, connectionId: string, from: Date): Promise<number> {
    const result = await sql`
      INSERT INTO regulator_outbox (tenant_id, connection_id, station_id, slot, kind)
      SELECT DISTINCT r.tenant_id, m.connection_id, d.entity_id, r.bucket, 'DELAYED'
      FROM regulator_mapping m
      JOIN ${DEVICE_ROWS} d ON d.tenant_id = m.tenant_id AND d.entity_id IS NOT NULL
      CROSS JOIN LATERAL ${quartersOf(sql`d.tenant_id`, sql`d.id`, from, sql`now()`)} r
      WHERE m.tenant_id = ${tenantId} AND m.connection_id = ${connectionId} AND r.bucket + interval '15 minutes' <= now()
        AND m.stations @> jsonb_build_array(jsonb_build_object('stationId', d.entity_id))
      ON CONFLICT (tenant_id, connection_id, station_id, slot) DO NOTHING`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Marks waiting records older than their connection's back-fill limit EXPIRED. */
  async expire(): Promise<number> {
    const result = await sql`
      UPDATE regulator_outbox o SET status = 'EXPIRED', last_error = 'BACKFILL_LIMIT: older than ' || c.backfill_days || ' days', lease_until = NULL, lease_owner = NULL, updated_at = now()
      FROM regulator_connection c
      WHERE o.connection_id = c.id AND o.status = 'PENDING' AND o.slot < now() - make_interval(days => c.backfill_days)
        AND (o.lease_until IS NULL OR o.lease_until < now())`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /**
   * Leases due records, each the oldest waiting record of its connection and station (so a station's
   * slots go out in order), at most `perConnection` less `busy` (what this sender has in flight) of
   * each connection, so a connection whose endpoint hangs holds only its own share. Skips rows another
   * sender holds (lease or row lock) and industries a configuration error stopped on the connection.
   */
  async claim(owner: string, opts: { limit: number; perConnection: number; busy: ReadonlyMap<string, number>; leaseMs: number }): Promise<ClaimedRecord[]> {
    const busy = [...opts.busy].filter(([, n]) => n > 0);
    // A connection with its whole share in flight (an endpoint that hangs) is not read at all: its
    // waiting records would only be walked to be left out.
    const full = busy.filter(([, n]) => n >= opts.perConnection).map(([c]) => c);
    const { rows } = await sql<ClaimedRecord>`
      WITH heads AS (
        SELECT DISTINCT ON (connection_id, tenant_id, station_id) connection_id, tenant_id, id, next_try_at, lease_until
        FROM regulator_outbox WHERE status = 'PENDING' AND connection_id <> ALL(${full}::bigint[])
        ORDER BY connection_id, tenant_id, station_id, slot
      ), due AS (
        SELECT h.tenant_id, h.id, h.next_try_at, h.connection_id,
          row_number() OVER (PARTITION BY h.connection_id ORDER BY h.next_try_at) AS n
        FROM heads h
        LEFT JOIN regulator_mapping m ON m.tenant_id = h.tenant_id AND m.connection_id = h.connection_id
        WHERE h.next_try_at <= now() AND (h.lease_until IS NULL OR h.lease_until < now()) AND m.stopped_at IS NULL
      ), room AS (
        SELECT due.tenant_id, due.id FROM due
        LEFT JOIN unnest(${busy.map(([c]) => c)}::bigint[], ${busy.map(([, n]) => n)}::int[]) AS b(connection_id, n) ON b.connection_id = due.connection_id
        WHERE due.n <= ${opts.perConnection} - coalesce(b.n, 0)
        ORDER BY due.next_try_at LIMIT ${opts.limit}
      ), locked AS (
        SELECT o.tenant_id, o.id FROM regulator_outbox o JOIN room ON room.tenant_id = o.tenant_id AND room.id = o.id
        WHERE o.status = 'PENDING' AND (o.lease_until IS NULL OR o.lease_until < now())
        FOR UPDATE OF o SKIP LOCKED
      )
      UPDATE regulator_outbox o SET lease_until = now() + make_interval(secs => ${opts.leaseMs / 1000}), lease_owner = ${owner}
      FROM locked WHERE o.tenant_id = locked.tenant_id AND o.id = locked.id
      RETURNING o.tenant_id, o.id::text AS id, o.connection_id::text AS connection_id, o.station_id::text AS station_id, o.slot, o.kind, o.params, o.version, o.attempts`.execute(this.db);
    return rows;
  }

  /**
   * The raw readings of devices in [from, to) averaged per 30 seconds, per parameter slot: what CPCB
   * wants every 30 s while a device is calibrated (its ODAMS document, 2.4.3).
   */
  async halfMinuteValues(tenantId: number, deviceIds: readonly string[], from: Date, to: Date): Promise<{ device_id: string; slot: number; at: Date; value: number }[]> {
    if (deviceIds.length === 0) return [];
    const { rows } = await sql<{ device_id: string; slot: number; at: Date; value: number }>`
      SELECT r.device_id::text AS device_id, v.slot::int AS slot,
        to_timestamp(floor(extract(epoch FROM r.ts) / 30) * 30) AS at, avg(v.value) AS value
      FROM unnest(${[...deviceIds]}::bigint[]) AS d(id)
      CROSS JOIN LATERAL ${readingsOf(tenantId, sql`d.id`, from, to)} r
      CROSS JOIN LATERAL unnest(r.vals) WITH ORDINALITY AS v(value, slot)
      WHERE v.value IS NOT NULL
      GROUP BY 1, 2, 3 ORDER BY 3`.execute(this.db);
    return rows;
  }

  /** The stations' positions, from their Latitude and Longitude properties where both are numbers. */
  async stationPositions(stations: readonly { tenantId: number; stationId: string }[]): Promise<{ tenant_id: number; station_id: string; latitude: number; longitude: number }[]> {
    if (stations.length === 0) return [];
    const { rows } = await sql<{ tenant_id: number; station_id: string; latitude: number; longitude: number }>`
      SELECT e.tenant_id, e.id::text AS station_id, lat.v::float8 AS latitude, lng.v::float8 AS longitude
      FROM ${ENTITY_ROWS} e
      CROSS JOIN LATERAL (SELECT p->>'value' AS v FROM jsonb_array_elements(e.properties) p WHERE p->>'name' = 'Latitude' LIMIT 1) lat
      CROSS JOIN LATERAL (SELECT p->>'value' AS v FROM jsonb_array_elements(e.properties) p WHERE p->>'name' = 'Longitude' LIMIT 1) lng
      WHERE (e.tenant_id, e.id) IN (SELECT * FROM unnest(${stations.map((s) => s.tenantId)}::int[], ${stations.map((s) => s.stationId)}::bigint[]))
        AND lat.v ~ '^-?[0-9]+(\.[0-9]+)?$' AND lng.v ~ '^-?[0-9]+(\.[0-9]+)?$'`.execute(this.db);
    return rows;
  }

  /** The 15-minute averages of the stations' devices in the claimed slots, with parameter names and units. */
  async slotValues(records: readonly { tenantId: number; stationId: string; slot: Date }[]): Promise<SlotValueRow[]> {
    if (records.length === 0) return [];
    // The series of the stations' devices first (MATERIALIZED), so each quarter is one probe of
    // the quarters' full key (tenant, device, slot, bucket); by device and bucket alone each walked
    // every row of the device in the month's partition.
    const { rows } = await sql<SlotValueRow>`
      WITH s AS MATERIALIZED (
        SELECT k.tenant_id, d.id AS device_id, d.entity_id, dp.slot, k.bucket, dp.std_param_id, dp.unit
        FROM unnest(${records.map((r) => r.tenantId)}::int[], ${records.map((r) => r.stationId)}::bigint[], ${records.map((r) => r.slot.toISOString())}::timestamptz[])
          AS k(tenant_id, station_id, bucket)
        JOIN ${DEVICE_ROWS} d ON d.tenant_id = k.tenant_id AND d.entity_id = k.station_id AND d.deleted_date IS NULL
        JOIN device_param dp ON dp.tenant_id = d.tenant_id AND dp.device_id = d.id AND dp.deleted_date IS NULL
      )
      SELECT r.tenant_id, r.device_id::text AS device_id, s.entity_id::text AS entity_id, r.bucket, r.slot,
        r.sum / r.n AS value, sp.name AS param_name, coalesce(s.unit, sp.unit) AS unit
      FROM s
      CROSS JOIN LATERAL ${quartersOf(sql`s.tenant_id`, sql`s.device_id`, sql`s.bucket`, sql`s.bucket + interval '15 minutes'`)} r
      JOIN std_param sp ON sp.id = s.std_param_id
      WHERE r.slot = s.slot AND r.n > 0`.execute(this.db);
    return rows;
  }

  /** Writes the results of a round: the records' new states, one attempt row each, the stations' newest accepted slots. */
  async complete(owner: string, results: readonly PushResult[]): Promise<void> {
    if (results.length === 0) return;
    const col = <T>(f: (r: PushResult) => T) => results.map(f);
    await sql`
      UPDATE regulator_outbox o SET
        status = CASE WHEN o.version <> r.version THEN 'PENDING'
                      WHEN r.outcome = 'SUCCESS' THEN 'SENT' WHEN r.outcome = 'REJECT' THEN 'REJECTED'
                      WHEN r.outcome = 'EXPIRED' THEN 'EXPIRED' ELSE 'PENDING' END,
        kind = CASE WHEN o.version <> r.version AND r.outcome = 'SUCCESS' THEN 'CORRECTION' ELSE r.kind END,
        attempts = o.attempts + CASE WHEN r.attempted THEN 1 ELSE 0 END,
        next_try_at = CASE WHEN r.outcome IN ('RETRY', 'STOP') AND o.version = r.version THEN r.next_try_at ELSE now() END,
        sent_at = CASE WHEN r.outcome = 'SUCCESS' THEN now() ELSE o.sent_at END,
        last_error = CASE WHEN r.outcome = 'SUCCESS' THEN NULL ELSE r.error END,
        value_count = r.value_count, calibration_count = r.calibration_count,
        lease_until = NULL, lease_owner = NULL, updated_at = now()
      FROM unnest(${col((r) => r.tenantId)}::int[], ${col((r) => r.id)}::bigint[], ${col((r) => r.version)}::int[], ${col((r) => r.outcome)}::text[],
                  ${col((r) => (r.errorCode ? `${r.errorCode}: ${r.answer}`.slice(0, 500) : null))}::text[], ${col((r) => r.nextTryAt.toISOString())}::timestamptz[],
                  ${col((r) => r.values)}::int[], ${col((r) => r.calibrationValues)}::int[], ${col((r) => r.kind)}::text[], ${col((r) => r.attempted)}::boolean[])
        AS r(tenant_id, id, version, outcome, error, next_try_at, value_count, calibration_count, kind, attempted)
      WHERE o.tenant_id = r.tenant_id AND o.id = r.id AND o.lease_owner = ${owner}`.execute(this.db);

    const attempted = results.filter((r) => r.attempted);
    if (attempted.length > 0) {
      const a = <T>(f: (r: PushResult) => T) => attempted.map(f);
      await sql`
        INSERT INTO regulator_attempt (tenant_id, connection_id, station_id, slot, kind, at, duration_ms, outcome, http_status, error_code, answer)
        SELECT * FROM unnest(${a((r) => r.tenantId)}::int[], ${a((r) => r.connectionId)}::bigint[], ${a((r) => r.stationId)}::bigint[],
          ${a((r) => r.slot.toISOString())}::timestamptz[], ${a((r) => r.kind)}::text[], ${a((r) => r.at.toISOString())}::timestamptz[],
          ${a((r) => r.durationMs)}::int[], ${a((r) => (r.outcome === 'SUCCESS' ? 'SUCCESS' : 'ERROR'))}::text[], ${a((r) => r.httpStatus)}::int[],
          ${a((r) => r.errorCode)}::text[], ${a((r) => r.answer.slice(0, 500))}::text[])`.execute(this.db);
    }

    const accepted = results.filter((r) => r.outcome === 'SUCCESS');
    if (accepted.length > 0) {
      const s = <T>(f: (r: PushResult) => T) => accepted.map(f);
      await sql`
        INSERT INTO regulator_station_sync AS x (tenant_id, connection_id, station_id, last_accepted_slot, last_sent_at)
        SELECT * FROM unnest(${s((r) => r.tenantId)}::int[], ${s((r) => r.connectionId)}::bigint[], ${s((r) => r.stationId)}::bigint[],
          ${s((r) => r.slot.toISOString())}::timestamptz[], ${s((r) => r.at.toISOString())}::timestamptz[])
        ON CONFLICT (tenant_id, connection_id, station_id) DO UPDATE SET
          last_accepted_slot = GREATEST(x.last_accepted_slot, excluded.last_accepted_slot), last_sent_at = excluded.last_sent_at`.execute(this.db);
    }
  }

  /** Deletes up to `limit` settled records and attempts older than `days` (the log routes read at most 92 days back). */
  async prune(days: number, limit: number): Promise<number> {
    const records = await sql`
      DELETE FROM regulator_outbox WHERE (tenant_id, id) IN (
        SELECT tenant_id, id FROM regulator_outbox WHERE status <> 'PENDING' AND slot < now() - make_interval(days => ${days}) LIMIT ${limit})`.execute(this.db);
    const attempts = await sql`
      DELETE FROM regulator_attempt WHERE (tenant_id, id) IN (
        SELECT tenant_id, id FROM regulator_attempt WHERE at < now() - make_interval(days => ${days}) LIMIT ${limit})`.execute(this.db);
    return Number(records.numAffectedRows ?? 0) + Number(attempts.numAffectedRows ?? 0);
  }

  /** Records waiting (for /metrics, tests, the bench). */
  async pending(): Promise<number> {
    const row = await this.db
      .selectFrom('regulator_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
