import { sql } from 'kysely';
import { DELAYED_WITHIN_MS, LIVE_WITHIN_MS } from '@enviro/domain/live-status';
import { CREDENTIAL_CHANNEL } from '../../platform/database/channels.ts';
import { Repository } from '../../platform/database/repository.ts';
import type { EntityRestriction } from '../../platform/access/entity-access.ts';
import { ENTITY_ROWS, entityRows, visibleStationSql } from '../entities/entities.queries.ts';

/** A device as the fleet list shows it. */
export interface FleetDeviceRow {
  tenant_id: number;
  id: string;
  name: string;
  make: string | null;
  model: string | null;
  model_id: number | null;
  serial_no: string | null;
  sensor_id: string | null;
  entity_id: string | null;
  entity_name: string | null;
  entity_type: string | null;
  last_data_at: Date | null;
  param_count: number;
  deleted_date: Date | null;
  tags: Record<string, string>;
}

export interface FleetFilter {
  search?: string | undefined;
  status?: 'LIVE' | 'DELAYED' | 'OFFLINE' | 'UNKNOWN' | undefined;
  entityId?: number | undefined;
  /** Only devices not mounted on any station. */
  unmounted?: boolean;
  /** The stations the caller is limited to, if any (EntityService.restriction). */
  restriction?: EntityRestriction | null;
  deleted: boolean;
  page: number;
  size: number;
}

export interface FleetParamRow {
  slot: number;
  std_param_id: number;
  name: string;
  label: string;
  unit: string | null;
  std_unit: string;
  min: number | null;
  max: number | null;
  deleted_date: Date | null;
}

export interface MountRow {
  device_id: string;
  entity_id: string;
  entity_name: string;
  /** Null for a mount older than the history. */
  mounted_at: Date | null;
  unmounted_at: Date | null;
}

/** A parameter of a device being written: its catalogue entry, unit and limits. */
export interface ParamWrite {
  stdParamId: number;
  unit: string | null;
  min: number | null;
  max: number | null;
}

export interface DeviceWrite {
  name: string;
  modelId: number | null;
  serialNo: string | null;
  sensorId: string | null;
  tags: Record<string, string>;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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

/**
 * The device aggregate: devices with their parameters, limits, access tokens and mounts, and the
 * makes and models they are of, as the fleet pages and the operator list, create, edit, mount and
 * remove them. Every read is scoped by tenant ids.
 */
export class DeviceRepository extends Repository {
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


  /**
   * One page of the tenants' devices matching the filter, and the count over all pages. The page's
   * ids are found first (joins only where the search needs them) and only its rows are described, so
   * a deep page costs no more than the first.
   */
  async list(tenantIds: readonly number[], filter: FleetFilter, now: number): Promise<{ rows: FleetDeviceRow[]; total: number }> {
    if (tenantIds.length === 0) return { rows: [], total: 0 };
    const matching = this.matching(tenantIds, filter, now);
    const [page, count] = await Promise.all([
      matching.select('d.id').orderBy('d.id').limit(filter.size).offset(filter.page * filter.size).execute(),
      matching.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    if (page.length === 0) return { rows: [], total: count.n };
    const rows = await this.summaries()
      .where('d.tenant_id', 'in', tenantIds)
      .where('d.id', 'in', page.map((r) => r.id))
      .orderBy('d.id')
      .execute();
    return { rows, total: count.n };
  }

  /** The tenants' devices matching the filter, joined to what the search reads. */
  private matching(tenantIds: readonly number[], filter: FleetFilter, now: number) {
    let q = this.db
      .selectFrom('device as d')
      .where('d.tenant_id', 'in', tenantIds)
      .where('d.deleted_date', filter.deleted ? 'is not' : 'is', null);
    if (filter.entityId !== undefined) q = q.where('d.entity_id', '=', String(filter.entityId));
    if (filter.unmounted) q = q.where('d.entity_id', 'is', null);
    // A user limited to some stations lists the devices on those only (in stock: none).
    if (filter.restriction) q = q.where(visibleStationSql(filter.restriction, 'd.tenant_id', 'd.entity_id'));
    if (filter.search) {
      const like = `%${likeEscape(filter.search)}%`;
      q = q.where((eb) =>
        eb.or([
          eb('d.name', 'ilike', like),
          eb('d.serial_no', 'ilike', like),
          eb('d.sensor_id', 'ilike', like),
          eb.exists(
            eb.selectFrom(entityRows(this.db).as('e')).select(sql`1`.as('x')).whereRef('e.tenant_id', '=', 'd.tenant_id').whereRef('e.id', '=', 'd.entity_id').where('e.name', 'ilike', like),
          ),
          eb.exists(
            eb
              .selectFrom('device_model as m')
              .innerJoin('device_make as mk', 'mk.id', 'm.make_id')
              .select(sql`1`.as('x'))
              .whereRef('m.id', '=', 'd.model_id')
              .where((w) => w.or([w('m.name', 'ilike', like), w('mk.name', 'ilike', like)])),
          ),
        ]),
      );
    }
    const live = new Date(now - LIVE_WITHIN_MS);
    const delayed = new Date(now - DELAYED_WITHIN_MS);
    if (filter.status === 'LIVE') q = q.where('d.last_data_at', '>=', live);
    if (filter.status === 'DELAYED') q = q.where('d.last_data_at', '<', live).where('d.last_data_at', '>=', delayed);
    if (filter.status === 'OFFLINE') q = q.where('d.last_data_at', '<', delayed);
    if (filter.status === 'UNKNOWN') q = q.where('d.last_data_at', 'is', null);
    return q;
  }

  /** The device in one of the tenants, removed ones too, or undefined. */
  find(tenantIds: readonly number[], id: number): Promise<FleetDeviceRow | undefined> {
    if (tenantIds.length === 0) return Promise.resolve(undefined);
    return this.summaries().where('d.tenant_id', 'in', tenantIds).where('d.id', '=', String(id)).executeTakeFirst();
  }

  private summaries() {
    return this.db
      .selectFrom('device as d')
      .leftJoin(entityRows(this.db).as('e'), (j) => j.onRef('e.tenant_id', '=', 'd.tenant_id').onRef('e.id', '=', 'd.entity_id'))
      .leftJoin('device_model as m', 'm.id', 'd.model_id')
      .leftJoin('device_make as mk', 'mk.id', 'm.make_id')
      .select([
        'd.tenant_id',
        'd.id',
        'd.name',
        'mk.name as make',
        'm.name as model',
        'd.model_id',
        'd.serial_no',
        'd.sensor_id',
        'd.entity_id',
        'e.name as entity_name',
        'e.type as entity_type',
        'd.last_data_at',
        'd.deleted_date',
        'd.tags',
        sql<number>`(SELECT count(*)::int FROM device_param p WHERE p.tenant_id = d.tenant_id AND p.device_id = d.id AND p.deleted_date IS NULL)`.as('param_count'),
      ]);
  }

  /** The device's parameters in slot order, removed ones too, with their limits. */
  async params(tenantId: number, deviceId: number): Promise<FleetParamRow[]> {
    return this.db
      .selectFrom('device_param as p')
      .innerJoin('std_param as s', 's.id', 'p.std_param_id')
      .leftJoin('param_limit as l', (j) => j.onRef('l.tenant_id', '=', 'p.tenant_id').onRef('l.device_id', '=', 'p.device_id').onRef('l.slot', '=', 'p.slot'))
      .select(['p.slot', 'p.std_param_id', 's.name', 's.label', 'p.unit', 's.unit as std_unit', 'l.min_value as min', 'l.max_value as max', 'p.deleted_date'])
      .where('p.tenant_id', '=', tenantId)
      .where('p.device_id', '=', String(deviceId))
      .orderBy('p.slot')
      .execute();
  }

  /** Which stations the device served when, latest first. */
  async mounts(tenantId: number, deviceId: number): Promise<MountRow[]> {
    return this.db
      .selectFrom('device_mount as m')
      .innerJoin(entityRows(this.db).as('e'), (j) => j.onRef('e.tenant_id', '=', 'm.tenant_id').onRef('e.id', '=', 'm.entity_id'))
      .select(['m.device_id', 'm.entity_id', 'e.name as entity_name', sql<Date | null>`CASE WHEN isfinite(m.mounted_at) THEN m.mounted_at END`.as('mounted_at'), 'm.unmounted_at'])
      .where('m.tenant_id', '=', tenantId)
      .where('m.device_id', '=', String(deviceId))
      .orderBy('m.mounted_at', 'desc')
      .orderBy('m.id', 'desc')
      .execute();
  }

  /** The access tokens the device reports with. */
  async tokens(tenantId: number, deviceId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('device_credential')
      .select('access_token')
      .where('tenant_id', '=', tenantId)
      .where('device_id', '=', String(deviceId))
      .orderBy('created_at')
      .execute();
    return rows.map((r) => r.access_token);
  }

  /** Ids of the standard parameters among `names` (those not in the catalogue are absent). */
  async stdParamIds(names: readonly string[]): Promise<Map<string, number>> {
    if (names.length === 0) return new Map();
    const rows = await this.db.selectFrom('std_param').select(['id', 'name']).where('name', 'in', names).execute();
    return new Map(rows.map((r) => [r.name, r.id]));
  }

  /** Catalogue units by parameter id. */
  async stdUnits(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('std_param').select(['id', 'unit']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.unit]));
  }

  async modelExists(modelId: number): Promise<boolean> {
    return (await this.db.selectFrom('device_model').select('id').where('id', '=', modelId).executeTakeFirst()) !== undefined;
  }

  /**
   * Holds the serial number until the transaction ends, so two writers of one serial number take
   * turns between `serialTaken` and their write. Serial numbers are unique across tenants, which no
   * index of a table distributed by tenant can hold (docs/STORAGE.md, "Distribution by tenant").
   */
  async lockSerial(serialNo: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`device_serial:${serialNo.toLowerCase()}`}, 0))`.execute(this.db);
  }

  /** Whether a live device other than `exceptId` has this serial number (any tenant, ignoring case). */
  async serialTaken(serialNo: string, exceptId: number | null): Promise<boolean> {
    let q = this.db
      .selectFrom('device')
      .select('id')
      .where(sql`lower(serial_no)`, '=', serialNo.toLowerCase())
      .where('deleted_date', 'is', null);
    if (exceptId !== null) q = q.where('id', '<>', String(exceptId));
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Whether the station is an ENABLED node of the tenant. */
  async stationExists(tenantId: number, entityId: number): Promise<{ type: string; name: string } | undefined> {
    return this.db
      .selectFrom(entityRows(this.db).as('entity'))
      .select(['type', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(entityId))
      .where('status', '=', 'ENABLED')
      .executeTakeFirst();
  }

  /** Inserts the device (not mounted) with its parameters in slots 1, 2, ... and its token; its id. */
  async insert(tenantId: number, d: DeviceWrite, params: readonly ParamWrite[], accessToken: string): Promise<number> {
    const row = await this.db
      .insertInto('device')
      .values({
        tenant_id: tenantId,
        entity_id: null,
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
    const id = Number(row.id);
    await this.writeParams(tenantId, id, params);
    await this.db.insertInto('device_credential').values({ access_token: accessToken, tenant_id: tenantId, device_id: id }).execute();
    return id;
  }

  async update(tenantId: number, id: number, d: DeviceWrite): Promise<void> {
    await this.db
      .updateTable('device')
      .set({ model_id: d.modelId, name: d.name, serial_no: d.serialNo, sensor_id: d.sensorId, tags: JSON.stringify(d.tags) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .execute();
  }

  /**
   * Makes the device's parameters these: one already there (even removed) keeps its slot and is
   * live again, a new one takes the next slot (slots are never reused), one left out is removed.
   * Limits are replaced.
   */
  async writeParams(tenantId: number, deviceId: number, params: readonly ParamWrite[]): Promise<void> {
    const existing = await this.params(tenantId, deviceId);
    const slotOf = new Map(existing.map((p) => [p.std_param_id, p.slot]));
    let next = existing.reduce((max, p) => Math.max(max, p.slot), 0);
    const slots = params.map((p) => slotOf.get(p.stdParamId) ?? ++next);
    const device = String(deviceId);
    await this.db.deleteFrom('param_limit').where('tenant_id', '=', tenantId).where('device_id', '=', device).execute();
    const kept = new Set(params.map((p) => p.stdParamId));
    const removed = existing.filter((p) => !kept.has(p.std_param_id) && p.deleted_date === null).map((p) => p.slot);
    if (removed.length > 0) {
      await this.db
        .updateTable('device_param')
        .set({ deleted_date: sql`now()` })
        .where('tenant_id', '=', tenantId)
        .where('device_id', '=', device)
        .where('slot', 'in', removed)
        .execute();
    }
    await this.db
      .insertInto('device_param')
      .values(params.map((p, i) => ({ tenant_id: tenantId, device_id: device, slot: slots[i]!, std_param_id: p.stdParamId, unit: p.unit, deleted_date: null })))
      .onConflict((oc) => oc.columns(['tenant_id', 'device_id', 'slot']).doUpdateSet((eb) => ({ unit: eb.ref('excluded.unit'), deleted_date: null })))
      .execute();
    const limited = params.flatMap((p, i) => (p.min !== null || p.max !== null ? [{ tenant_id: tenantId, device_id: device, slot: slots[i]!, min_value: p.min, max_value: p.max }] : []));
    if (limited.length > 0) await this.db.insertInto('param_limit').values(limited).execute();
  }

  /** Removes the device from service: deletedDate now, unmounted, its tokens revoked (returned). */
  async softDelete(tenantId: number, id: number, userId: number): Promise<string[]> {
    await this.closeMount(tenantId, id, userId);
    await this.db
      .updateTable('device')
      .set({ deleted_date: sql`now()`, entity_id: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .execute();
    return this.revokeTokens(tenantId, id);
  }

  /** Deletes the device's tokens; the ones deleted. */
  async revokeTokens(tenantId: number, deviceId: number): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('device_credential')
      .where('tenant_id', '=', tenantId)
      .where('device_id', '=', String(deviceId))
      .returning('access_token')
      .execute();
    return rows.map((r) => r.access_token);
  }

  async addToken(tenantId: number, deviceId: number, accessToken: string): Promise<void> {
    await this.db.insertInto('device_credential').values({ access_token: accessToken, tenant_id: tenantId, device_id: deviceId }).execute();
  }

  /** Tells every server (on commit) to forget these tokens' cached profiles. */
  async announceTokens(tokens: readonly string[]): Promise<void> {
    for (const token of tokens) await sql`SELECT pg_notify(${CREDENTIAL_CHANNEL}, ${token})`.execute(this.db);
  }

  /** Locks the device row for the rest of the transaction (mounts of one device are made one at a time). */
  async lock(tenantId: number, id: number): Promise<{ entity_id: string | null } | undefined> {
    return this.db
      .selectFrom('device')
      .select('entity_id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .forUpdate()
      .executeTakeFirst();
  }

  /** Closes the device's open mount at now, if any; sets no entity. */
  async closeMount(tenantId: number, deviceId: number, userId: number | null): Promise<void> {
    await this.db
      .updateTable('device_mount')
      .set({ unmounted_at: sql`now()`, unmounted_by: userId === null ? null : String(userId) })
      .where('tenant_id', '=', tenantId)
      .where('device_id', '=', String(deviceId))
      .where('unmounted_at', 'is', null)
      .execute();
  }

  /**
   * Mounts the device on the station from now, closing any other mount; a device's first mount holds
   * from the beginning of time, so readings back-filled later are that station's.
   */
  async mount(tenantId: number, deviceId: number, entityId: number, userId: number | null): Promise<void> {
    await this.closeMount(tenantId, deviceId, userId);
    const from = sql<Date>`CASE WHEN EXISTS (SELECT 1 FROM device_mount WHERE tenant_id = ${tenantId} AND device_id = ${String(deviceId)})
                           THEN now() ELSE '-infinity'::timestamptz END`;
    await this.db
      .insertInto('device_mount')
      .values({ tenant_id: tenantId, device_id: deviceId, entity_id: entityId, mounted_at: from, unmounted_at: null, mounted_by: userId === null ? null : String(userId), unmounted_by: null })
      .execute();
    await this.setEntity(tenantId, deviceId, entityId);
  }

  async setEntity(tenantId: number, deviceId: number, entityId: number | null): Promise<void> {
    await this.db
      .updateTable('device')
      .set({ entity_id: entityId === null ? null : String(entityId) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(deviceId))
      .execute();
  }

  /** The latest reading of the station itself and of its devices now mounted. */
  async lastDataAt(tenantId: number, entityId: number): Promise<Date | null> {
    const { rows } = await sql<{ at: Date | null }>`
      SELECT greatest(
        (SELECT last_data_at FROM ${ENTITY_ROWS} entity WHERE tenant_id = ${tenantId} AND id = ${String(entityId)}),
        (SELECT max(last_data_at) FROM device WHERE tenant_id = ${tenantId} AND entity_id = ${String(entityId)} AND deleted_date IS NULL)
      ) AS at`.execute(this.db);
    return rows[0]?.at ?? null;
  }

  /** 15-minute slots with at least one reading, per day of Asia/Kolkata, in [from, to). */
  /**
   * Starts (epoch ms) of the 15-minute slots in [from, to) in which the device reported. Raw and
   * archived readings alike through the data module's SQL function (220_reading_archive.sql): the
   * devices module is built before the data module and cannot import its readingsOf.
   */
  async dataSlots(tenantId: number, deviceId: number, from: Date, to: Date): Promise<number[]> {
    const { rows } = await sql<{ slot: Date }>`
      SELECT DISTINCT enviro_bucket15(ts) AS slot
      FROM enviro_readings(${tenantId}, ${String(deviceId)}, ${from}, ${to})`.execute(this.db);
    return rows.map((r) => r.slot.getTime());
  }

  /** Raw readings of the device in [from, to), in time order, at most `limit`. */
  async readings(tenantId: number, deviceId: number, from: Date, to: Date, limit: number): Promise<{ ts: Date; vals: (number | null)[] }[]> {
    const { rows } = await sql<{ ts: Date; vals: (number | null)[] }>`
      SELECT ts, vals FROM enviro_readings(${tenantId}, ${String(deviceId)}, ${from}, ${to}) ORDER BY ts LIMIT ${limit}`.execute(this.db);
    return rows;
  }

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
