import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';

/** A period when a device's or a station's readings are calibration or maintenance data. */
export interface SuppressionWindow {
  id: string;
  tenantId: number;
  /** The device, or null for every device of `entityId`. */
  deviceId: string | null;
  entityId: string | null;
  kind: 'CALIBRATION' | 'MAINTENANCE';
  startsAt: Date;
  /** Null while open. */
  endsAt: Date | null;
  source: string | null;
  reason: string | null;
  /** For a window a calibration opened, its type (a zero check, a span check, a multipoint check); else null. */
  calibrationType: 'ZERO' | 'SPAN' | 'MULTIPOINT' | null;
}

export interface OpenWindow {
  tenantId: number;
  deviceId?: string | null;
  entityId?: string | null;
  kind: SuppressionWindow['kind'];
  startsAt: Date;
  endsAt?: Date | null;
  source?: string | null;
  reason?: string | null;
}

const COLUMNS = ['id', 'tenant_id', 'device_id', 'entity_id', 'kind', 'starts_at', 'ends_at', 'source', 'reason'] as const;

type Row = { id: string; tenant_id: number; device_id: string | null; entity_id: string | null; kind: SuppressionWindow['kind']; starts_at: Date; ends_at: Date | null; source: string | null; reason: string | null; calibration_type?: string | null };

const toWindow = (r: Row): SuppressionWindow => ({
  id: r.id,
  tenantId: r.tenant_id,
  deviceId: r.device_id,
  entityId: r.entity_id,
  kind: r.kind,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  source: r.source,
  reason: r.reason,
  calibrationType: (r.calibration_type ?? null) as SuppressionWindow['calibrationType'],
});

/** Suppression windows (019_slot_changes_and_suppression.sql). */
export class SuppressionWindowRepository extends Repository {
  async open(w: OpenWindow): Promise<SuppressionWindow> {
    const row = await this.db
      .insertInto('suppression_window')
      .values({
        tenant_id: w.tenantId,
        device_id: w.deviceId ?? null,
        entity_id: w.entityId ?? null,
        kind: w.kind,
        starts_at: w.startsAt,
        ends_at: w.endsAt ?? null,
        source: w.source ?? null,
        reason: w.reason ?? null,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toWindow(row as Row);
  }

  /** Closes an open window at `endsAt`; answers false when it was not open. */
  async close(tenantId: number, id: string, endsAt: Date): Promise<boolean> {
    const r = await this.db
      .updateTable('suppression_window')
      .set({ ends_at: endsAt })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('ends_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Windows of the tenant (or tenants: device and station ids are unique across them) that overlap
   * [from, to) and cover one of the devices, directly or through their station (`entityIds`, the
   * devices' stations).
   */
  async overlapping(tenantId: number | readonly number[], deviceIds: readonly string[], entityIds: readonly string[], from: Date, to: Date): Promise<SuppressionWindow[]> {
    if (deviceIds.length === 0 && entityIds.length === 0) return [];
    const tenantIds = typeof tenantId === 'number' ? [tenantId] : [...tenantId];
    const rows = await this.db
      .selectFrom('suppression_window')
      .select(COLUMNS)
      // A calibration's window: its type tells a zero check from a span or multipoint one.
      .select(sql<string | null>`(SELECT c.type FROM calibration c WHERE c.tenant_id = suppression_window.tenant_id AND c.window_id = suppression_window.id)`.as('calibration_type'))
      .where('tenant_id', 'in', tenantIds)
      .where((eb) =>
        eb.or([
          eb('device_id', '=', sql<string>`ANY(${sql.val(deviceIds.length ? deviceIds : ['0'])}::bigint[])`),
          eb.and([eb('device_id', 'is', null), eb('entity_id', '=', sql<string>`ANY(${sql.val(entityIds.length ? entityIds : ['0'])}::bigint[])`)]),
        ]),
      )
      .where('starts_at', '<', to)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', from)]))
      .orderBy('starts_at')
      .execute();
    return rows.map((r) => toWindow(r as Row));
  }
}
