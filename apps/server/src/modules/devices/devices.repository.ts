import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { entityRows } from '../entities/entities.queries.ts';

/** A new device with its parameters, each in its slot, and the access token it reports with. */
export interface NewDevice {
  tenantId: number;
  entityId: number;
  modelId: number | null;
  name: string;
  serialNo: string | null;
  sensorId: string | null;
  tags: Record<string, string>;
  params: { slot: number; stdParamId: number; unit: string | null; min: number | undefined; max: number | undefined }[];
  accessToken: string;
}

/** A device as the operator's list shows it, with its station, parameters and tokens. */
export interface OperatorDeviceRow {
  id: number;
  name: string;
  serialNo: string | null;
  entityId: number | null;
  entityName: string | null;
  entityType: string | null;
  lastDataAt: Date | null;
  accessTokens: string[];
  params: { slot: number; name: string; unit: string; min: number | null; max: number | null }[];
}

/** Devices with their parameters, limits and access tokens, and the makes and models they are of. */
export class DeviceRepository extends Repository {
  /** Ids of the standard parameters among `names` (those not in the catalogue are absent). */
  async stdParamIds(names: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('std_param').select(['id', 'name']).where('name', 'in', names).execute();
    return new Map(rows.map((r) => [r.name, r.id]));
  }

  /** The model's id, recording the make and model when new. */
  async modelId(make: string, model: string): Promise<number> {
    const m = await this.db
      .insertInto('device_make')
      .values({ name: make })
      .onConflict((oc) => oc.column('name').doUpdateSet({ name: make }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await this.db
      .insertInto('device_model')
      .values({ make_id: m.id, name: model })
      .onConflict((oc) => oc.columns(['make_id', 'name']).doUpdateSet({ name: model }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Inserts the device, its parameters, their limits and its token: run it in a transaction. Its id. */
  async create(d: NewDevice): Promise<number> {
    const device = await this.db
      .insertInto('device')
      .values({
        tenant_id: d.tenantId,
        entity_id: String(d.entityId),
        model_id: d.modelId,
        name: d.name,
        serial_no: d.serialNo,
        sensor_id: d.sensorId,
        tags: JSON.stringify(d.tags),
        deleted_date: null,
        last_data_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('device_param')
      .values(
        d.params.map((p) => ({
          tenant_id: d.tenantId,
          device_id: device.id,
          slot: p.slot,
          std_param_id: p.stdParamId,
          unit: p.unit,
          deleted_date: null,
        })),
      )
      .execute();
    const limited = d.params.filter((p) => p.min !== undefined || p.max !== undefined);
    if (limited.length > 0) {
      await this.db
        .insertInto('param_limit')
        .values(
          limited.map((p) => ({
            tenant_id: d.tenantId,
            device_id: device.id,
            slot: p.slot,
            min_value: p.min ?? null,
            max_value: p.max ?? null,
          })),
        )
        .execute();
    }
    await this.db
      .insertInto('device_credential')
      .values({ access_token: d.accessToken, tenant_id: d.tenantId, device_id: device.id })
      .execute();
    // Its first mount holds from the beginning of time: readings back-filled later are the station's.
    await this.db
      .insertInto('device_mount')
      .values({ tenant_id: d.tenantId, device_id: device.id, entity_id: String(d.entityId), mounted_at: sql`'-infinity'::timestamptz`, unmounted_at: null, mounted_by: null, unmounted_by: null })
      .execute();
    return Number(device.id);
  }

  /** Whether a device reports with this access token. */
  /** Devices in service per tenant, for the tenants given (none: absent). */
  async countInService(tenantIds: readonly number[]): Promise<Map<number, number>> {
    if (tenantIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('device')
      .select(['tenant_id', sql<number>`count(*)::int`.as('n')])
      .where('tenant_id', 'in', tenantIds)
      .where('deleted_date', 'is', null)
      .groupBy('tenant_id')
      .execute();
    return new Map(rows.map((r) => [r.tenant_id, r.n]));
  }

  async tokenTaken(accessToken: string): Promise<boolean> {
    const row = await this.db.selectFrom('device_credential').select('device_id').where('access_token', '=', accessToken).executeTakeFirst();
    return row !== undefined;
  }

  /** A tenant's live devices with their station, parameters (in slot order) and access tokens. */
  async listForOperator(tenantId: number): Promise<OperatorDeviceRow[]> {
    const rows = await this.db
      .selectFrom('device as d')
      .leftJoin(entityRows(this.db).as('e'), (j) => j.onRef('e.tenant_id', '=', 'd.tenant_id').onRef('e.id', '=', 'd.entity_id'))
      .select([
        'd.id',
        'd.name',
        'd.serial_no as serialNo',
        'd.entity_id as entityId',
        'e.name as entityName',
        'e.type as entityType',
        'd.last_data_at as lastDataAt',
        sql<string[]>`coalesce((SELECT array_agg(c.access_token ORDER BY c.created_at) FROM device_credential c
                                WHERE c.tenant_id = d.tenant_id AND c.device_id = d.id), '{}')`.as('accessTokens'),
        sql<OperatorDeviceRow['params']>`coalesce((
          SELECT json_agg(json_build_object('slot', p.slot, 'name', s.name, 'unit', coalesce(p.unit, s.unit),
                                            'min', l.min_value, 'max', l.max_value) ORDER BY p.slot)
          FROM device_param p JOIN std_param s ON s.id = p.std_param_id
          LEFT JOIN param_limit l ON l.tenant_id = p.tenant_id AND l.device_id = p.device_id AND l.slot = p.slot
          WHERE p.tenant_id = d.tenant_id AND p.device_id = d.id AND p.deleted_date IS NULL), '[]')`.as('params'),
      ])
      .where('d.tenant_id', '=', tenantId)
      .where('d.deleted_date', 'is', null)
      .orderBy('d.id')
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), entityId: r.entityId === null ? null : Number(r.entityId) }));
  }
}
