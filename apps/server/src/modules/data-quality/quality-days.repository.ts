import type { SlotQuality } from '@enviro/domain/data-quality/assess';
import type { QualitySlot } from '@enviro/domain/data-quality/detectors';
import type { SlotReceipt } from '@enviro/domain/data-quality/receipts';
import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { quartersOf } from '../data/readings.queries.ts';
import { DEVICE_ROWS } from '../devices/devices.queries.ts';

/** A parameter of a device as the detectors read it: its standard name, upper limit and slots. */
export interface DeviceSeries {
  slot: number;
  param: string;
  limit: number | null;
  slots: QualitySlot[];
}

/** A device's IST day's verdicts, written over whatever was there. */
export interface AssessedDay {
  tenantId: number;
  deviceId: string;
  day: string;
  /** The day's slots that are not valid. */
  flagged: readonly SlotQuality[];
  slots: number;
  counted: number;
  credit: number;
  states: Record<string, number>;
  fired: Record<string, number>;
}

/**
 * What the quality worker reads of a device (its parameters, limits and 15-minute rollups) and
 * writes (slot_quality and quality_device_day, migration 130): it replaces a device's whole day,
 * so assessing a day twice is harmless.
 */
export class QualityDaysRepository extends Repository {
  /** The device's station now (windows of a station cover its devices), or undefined when it is gone. */
  async stationOf(tenantId: number, deviceId: string): Promise<{ entityId: string | null } | undefined> {
    const { rows } = await sql<{ entity_id: string | null }>`SELECT entity_id::text FROM ${DEVICE_ROWS} d WHERE d.tenant_id = ${tenantId} AND d.id = ${deviceId}::bigint`.execute(this.db);
    return rows[0] && { entityId: rows[0].entity_id };
  }

  /** The other devices in service mounted on the same station. */
  async stationPartners(tenantId: number, entityId: string, deviceId: string): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      SELECT d.id::text FROM ${DEVICE_ROWS} d
      WHERE d.tenant_id = ${tenantId} AND d.entity_id = ${entityId}::bigint AND d.id <> ${deviceId}::bigint AND d.deleted_date IS NULL
      ORDER BY d.id`.execute(this.db);
    return rows.map((r) => r.id);
  }

  /**
   * The station's other devices in service measuring one of `judged`, when this device measures one
   * of `context`: those whose cross-parameter verdicts this device's data decides.
   */
  async dependents(tenantId: number, entityId: string, deviceId: string, context: readonly string[], judged: readonly string[]): Promise<string[]> {
    const measures = (device: string, names: readonly string[]) => sql`EXISTS (
      SELECT 1 FROM device_param dp JOIN std_param sp ON sp.id = dp.std_param_id
      WHERE dp.tenant_id = ${tenantId} AND dp.device_id = ${sql.raw(device)} AND dp.deleted_date IS NULL AND sp.name = ANY(${sql.val(names)}::text[]))`;
    const { rows } = await sql<{ id: string }>`
      SELECT d.id::text FROM ${DEVICE_ROWS} d
      WHERE d.tenant_id = ${tenantId} AND d.entity_id = ${entityId}::bigint AND d.id <> ${deviceId}::bigint AND d.deleted_date IS NULL
        AND ${measures('d.id', judged)}
        AND EXISTS (SELECT 1 FROM (SELECT ${deviceId}::bigint AS id) me WHERE ${measures('me.id', context)})
      ORDER BY d.id`.execute(this.db);
    return rows.map((r) => r.id);
  }

  /** Holds the device's verdicts until the transaction ends: one pass at a time replaces its days. */
  async holdDevice(tenantId: number, deviceId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext('enviro.quality_device'), hashtext(${`${tenantId}:${deviceId}`}))`.execute(this.db);
  }

  /** The devices in service of the tenants. */
  async deviceIds(tenantIds: readonly number[]): Promise<{ tenantId: number; deviceId: string }[]> {
    const { rows } = await sql<{ tenant_id: number; id: string }>`
      SELECT d.tenant_id, d.id::text FROM ${DEVICE_ROWS} d WHERE d.tenant_id = ANY(${sql.val(tenantIds)}::int[]) AND d.deleted_date IS NULL ORDER BY d.tenant_id, d.id`.execute(this.db);
    return rows.map((r) => ({ tenantId: r.tenant_id, deviceId: r.id }));
  }

  /** Every parameter of the device with its slots in [from, to), in time order. */
  async series(tenantId: number, deviceId: string, from: Date, to: Date): Promise<DeviceSeries[]> {
    const params = await sql<{ slot: number; name: string; max_value: number | null }>`
      SELECT dp.slot, sp.name, l.max_value
      FROM device_param dp
      JOIN std_param sp ON sp.id = dp.std_param_id
      LEFT JOIN param_limit l ON l.tenant_id = dp.tenant_id AND l.device_id = dp.device_id AND l.slot = dp.slot
      WHERE dp.tenant_id = ${tenantId} AND dp.device_id = ${deviceId}::bigint AND dp.deleted_date IS NULL
      ORDER BY dp.slot`.execute(this.db);
    const { rows } = await sql<{ slot: number; at: string; n: number; avg: number; min: number; max: number }>`
      SELECT r.slot, (extract(epoch FROM r.bucket) * 1000)::bigint::text AS at, r.n, r.sum / r.n AS avg, r.min, r.max
      FROM ${quartersOf(tenantId, sql`${deviceId}::bigint`, from, to)} r
      WHERE r.n > 0
      ORDER BY r.slot, r.bucket`.execute(this.db);
    const bySlot = new Map<number, QualitySlot[]>();
    for (const r of rows) {
      const list = bySlot.get(r.slot) ?? [];
      if (list.length === 0) bySlot.set(r.slot, list);
      list.push({ at: Number(r.at), n: r.n, avg: r.avg, min: r.min, max: r.max });
    }
    return params.rows.map((p) => ({ slot: p.slot, param: p.name, limit: p.max_value, slots: bySlot.get(p.slot) ?? [] }));
  }

  /** When the device's slots in [from, to) reached the server, where ingestion recorded it. */
  async receipts(tenantId: number, deviceId: string, from: Date, to: Date): Promise<SlotReceipt[]> {
    const { rows } = await sql<{ at: string; received_first: string; lag_min_ms: string; lag_max_ms: string; first_ms: number; last_ms: number }>`
      SELECT (extract(epoch FROM bucket) * 1000)::bigint::text AS at, (extract(epoch FROM received_first) * 1000)::bigint::text AS received_first,
             lag_min_ms, lag_max_ms, first_ms, last_ms
      FROM slot_receipt
      WHERE tenant_id = ${tenantId} AND device_id = ${deviceId}::bigint AND bucket >= ${from} AND bucket < ${to}
      ORDER BY bucket`.execute(this.db);
    return rows.map((r) => ({
      at: Number(r.at),
      receivedFirst: Number(r.received_first),
      lagMin: Number(r.lag_min_ms),
      lagMax: Number(r.lag_max_ms),
      firstOffset: r.first_ms,
      lastOffset: r.last_ms,
    }));
  }

  async replaceDays(days: readonly AssessedDay[], dayBounds: (day: string) => { from: Date; to: Date }): Promise<void> {
    for (const d of days) {
      const { from, to } = dayBounds(d.day);
      await sql`DELETE FROM slot_quality WHERE tenant_id = ${d.tenantId} AND device_id = ${d.deviceId}::bigint AND bucket >= ${from} AND bucket < ${to}`.execute(this.db);
      await sql`DELETE FROM quality_device_day WHERE tenant_id = ${d.tenantId} AND device_id = ${d.deviceId}::bigint AND day = ${d.day}::date`.execute(this.db);
      if (d.flagged.length > 0) {
        await sql`
          INSERT INTO slot_quality (tenant_id, device_id, slot, bucket, state, detectors)
          SELECT ${d.tenantId}, ${d.deviceId}::bigint, slot, to_timestamp(at / 1000.0), state, string_to_array(detectors, ',')
          FROM unnest(${sql.val(d.flagged.map((f) => f.slot))}::smallint[], ${sql.val(d.flagged.map((f) => f.at))}::bigint[],
                      ${sql.val(d.flagged.map((f) => f.state))}::text[], ${sql.val(d.flagged.map((f) => f.detectors.join(',')))}::text[]) AS f(slot, at, state, detectors)`.execute(this.db);
      }
      if (d.slots > 0) {
        await sql`
          INSERT INTO quality_device_day (tenant_id, device_id, day, slots, counted, credit, states, fired)
          VALUES (${d.tenantId}, ${d.deviceId}::bigint, ${d.day}::date, ${d.slots}, ${d.counted}, ${d.credit}, ${JSON.stringify(d.states)}::jsonb, ${JSON.stringify(d.fired)}::jsonb)`.execute(this.db);
      }
    }
  }
}
