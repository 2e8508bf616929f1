import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { STD_PARAM_COLUMNS, type StdParamRow } from '../../platform/database/std-param-columns.ts';
import type { DeviceParamRow, LimitRow, MountedDeviceRow, StationOfRoot } from '../entities/station-devices.ts';

/** The unit a device parameter reports in: its own when configured, else the catalogue's. */
const paramUnit = sql<string>`coalesce(${sql.ref('device_param.unit')}, ${sql.ref('std_param.unit')})`;

/** The devices on stations, as the entity tree shows them (entities/station-devices.ts). */
export class StationDevicesRepository extends Repository {
  /** Devices mounted on the given nodes, or on any node of the tenants when `entityIds` is null. */
  async mounted(tenantIds: readonly number[], entityIds: readonly string[] | null): Promise<MountedDeviceRow[]> {
    if (tenantIds.length === 0 || entityIds?.length === 0) return [];
    return this.db
      .selectFrom('device')
      .leftJoin('device_model', 'device_model.id', 'device.model_id')
      .leftJoin('device_make', 'device_make.id', 'device_model.make_id')
      .select([
        'device.tenant_id',
        'device.id',
        'device.entity_id',
        'device.name',
        'device.serial_no',
        'device.sensor_id',
        'device.deleted_date',
        'device_model.name as model_name',
        'device_make.name as make_name',
      ])
      .where('device.tenant_id', 'in', tenantIds)
      .where('device.entity_id', 'is not', null)
      .$if(entityIds !== null, (qb) => qb.where('device.entity_id', 'in', entityIds!))
      .execute();
  }

  /** Parameters of the devices `mounted` returns for the same arguments, in slot order. */
  async params(tenantIds: readonly number[], entityIds: readonly string[] | null): Promise<DeviceParamRow[]> {
    if (tenantIds.length === 0 || entityIds?.length === 0) return [];
    return this.db
      .selectFrom('device_param')
      .innerJoin('device', (j) =>
        j.onRef('device.tenant_id', '=', 'device_param.tenant_id').onRef('device.id', '=', 'device_param.device_id'),
      )
      .innerJoin('std_param', 'std_param.id', 'device_param.std_param_id')
      .select([
        ...STD_PARAM_COLUMNS,
        'device_param.tenant_id',
        'device_param.device_id',
        'device_param.slot',
        'device_param.unit as param_unit',
        'device_param.deleted_date as param_deleted_date',
      ])
      .where('device_param.tenant_id', 'in', tenantIds)
      .where('device.entity_id', 'is not', null)
      .$if(entityIds !== null, (qb) => qb.where('device.entity_id', 'in', entityIds!))
      .orderBy('device_param.device_id')
      .orderBy('device_param.slot')
      .execute();
  }

  /**
   * Limits of the parameters of devices on the stations of each root, one row per root, parameter
   * and unit, keeping the strictest band (highest min, lowest max). Devices and parameters removed
   * from service no longer alert, so they are left out. Empty `params`: all.
   */
  async limits(pairs: readonly StationOfRoot[], params: readonly string[]): Promise<LimitRow[]> {
    if (pairs.length === 0) return [];
    const { rows } = await sql<LimitRow>`
      SELECT s.root_id::text AS root_id, std_param.name, std_param.label, ${paramUnit} AS unit,
             max(param_limit.min_value) AS min, min(param_limit.max_value) AS max
      FROM unnest(${sql.val(pairs.map((p) => p.tenantId))}::int[], ${sql.val(pairs.map((p) => p.rootId))}::bigint[], ${sql.val(pairs.map((p) => p.entityId))}::bigint[])
           AS s(tenant_id, root_id, entity_id)
      JOIN device ON device.tenant_id = s.tenant_id AND device.entity_id = s.entity_id
      JOIN device_param ON device_param.tenant_id = device.tenant_id AND device_param.device_id = device.id
      JOIN param_limit ON param_limit.tenant_id = device_param.tenant_id AND param_limit.device_id = device_param.device_id
                      AND param_limit.slot = device_param.slot
      JOIN std_param ON std_param.id = device_param.std_param_id
      WHERE device.deleted_date IS NULL AND device_param.deleted_date IS NULL
        ${params.length > 0 ? sql`AND std_param.name = ANY(${sql.val([...params])}::text[])` : sql``}
      GROUP BY s.root_id, std_param.name, std_param.label, ${paramUnit}
      ORDER BY std_param.name, unit`.execute(this.db);
    return rows;
  }

  /** Devices in service mounted on the node. */
  async countInService(tenantId: number, entityId: number): Promise<number> {
    const row = await this.db
      .selectFrom('device')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tenant_id', '=', tenantId)
      .where('entity_id', '=', String(entityId))
      .where('deleted_date', 'is', null)
      .executeTakeFirstOrThrow();
    return row.n;
  }
}
