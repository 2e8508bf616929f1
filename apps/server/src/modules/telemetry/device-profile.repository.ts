import { Repository } from '../../platform/database/repository.ts';
import { deviceRows, isInServiceSql } from '../devices/devices.queries.ts';

/** What ingestion needs to know about a device, loaded once per access token and cached. */
export interface DeviceProfile {
  tenantId: number;
  /** bigint id as pg returns it. */
  deviceId: string;
  /** Station the device is mounted on. */
  entityId: string | null;
  /** Live parameters by standard parameter name. */
  params: Map<string, DeviceParam>;
  /** Highest live slot: the length of this device's reading rows. */
  width: number;
  /** Parameters with a param_limit row, checked for SYSTEM alerts. */
  limited: DeviceParam[];
}

export interface DeviceParam {
  slot: number;
  min: number | null;
  max: number | null;
}

/** Devices as ingestion sees them: by access token, with their live parameters and limits. */
export class DeviceProfileRepository extends Repository {
  /** The device behind an access token, or null when the token is unknown or its device soft-deleted. */
  async findByToken(accessToken: string): Promise<DeviceProfile | null> {
    const rows = await this.db
      .selectFrom('device_credential as c')
      .innerJoin(deviceRows(this.db).as('d'), (j) => j.onRef('d.tenant_id', '=', 'c.tenant_id').onRef('d.id', '=', 'c.device_id'))
      .leftJoin('device_param as p', (j) =>
        j.onRef('p.tenant_id', '=', 'd.tenant_id').onRef('p.device_id', '=', 'd.id').on('p.deleted_date', 'is', null),
      )
      .leftJoin('std_param as s', 's.id', 'p.std_param_id')
      .leftJoin('param_limit as l', (j) =>
        j.onRef('l.tenant_id', '=', 'p.tenant_id').onRef('l.device_id', '=', 'p.device_id').onRef('l.slot', '=', 'p.slot'),
      )
      .select(['d.tenant_id', 'd.id', 'd.entity_id', 'p.slot', 's.name', 'l.min_value', 'l.max_value'])
      .where('c.access_token', '=', accessToken)
      .where(isInServiceSql('d'))
      .execute();
    const first = rows[0];
    if (!first) return null;
    const profile: DeviceProfile = {
      tenantId: first.tenant_id,
      deviceId: first.id,
      entityId: first.entity_id,
      params: new Map(),
      width: 0,
      limited: [],
    };
    for (const r of rows) {
      if (r.slot === null || r.name === null) continue;
      const param: DeviceParam = { slot: r.slot, min: r.min_value, max: r.max_value };
      profile.params.set(r.name, param);
      profile.width = Math.max(profile.width, r.slot);
      if (param.min !== null || param.max !== null) profile.limited.push(param);
    }
    return profile;
  }

  /** The access token of a device, or undefined when it has none. */
  async accessTokenOf(deviceId: number): Promise<string | undefined> {
    const credential = await this.db
      .selectFrom('device_credential')
      .select('access_token')
      .where('device_id', '=', String(deviceId))
      .executeTakeFirst();
    return credential?.access_token;
  }
}
