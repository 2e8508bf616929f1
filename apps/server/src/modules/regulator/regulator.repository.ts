import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { deviceRows, isInServiceSql } from '../devices/devices.queries.ts';
import { entityRows } from '../entities/entities.queries.ts';
import { isNotDeletedSql, tenantRows } from '../tenants/tenants.queries.ts';

export interface ConnectionRow {
  id: string;
  statutory_id: number;
  statutory_name: string;
  name: string;
  protocol: string;
  url: string;
  enabled: boolean;
  backfill_days: number;
  credentials: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ConnectionFigures {
  connection_id: string;
  industries: number;
  pending: number;
  last_accepted_slot: Date | null;
}

export interface MappingRow {
  tenant_id: number;
  connection_id: string;
  connection_name: string;
  protocol: string;
  connection_enabled: boolean;
  statutory_id: number;
  statutory_name: string;
  enabled: boolean;
  industry_id: string;
  credentials: string | null;
  connection_credentials: string | null;
  stations: unknown;
  stopped_at: Date | null;
  stopped_code: string | null;
  stopped_message: string | null;
  stopped_device: string | null;
  updated_at: Date;
}

export interface MappableRow {
  station_id: string;
  station_name: string;
  station_type: string;
  device_id: string;
  device_name: string;
  slot: number | null;
  param_name: string | null;
  param_label: string | null;
  unit: string | null;
}

export interface ConnectionValues {
  statutory_id: number;
  name: string;
  protocol: string;
  url: string;
  enabled: boolean;
  backfill_days: number;
  credentials: string | null;
}

/** Regulator endpoints and each industry's mapping onto them (040_regulator.sql). */
export class RegulatorConfigRepository extends Repository {
  async connections(id?: number, lock = false): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('regulator_connection as c')
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'c.statutory_id')
      .select(['c.id', 'c.statutory_id', 't.name as statutory_name', 'c.name', 'c.protocol', 'c.url', 'c.enabled', 'c.backfill_days', 'c.credentials', 'c.created_at', 'c.updated_at'])
      .$if(id !== undefined, (q) => q.where('c.id', '=', String(id)))
      .$if(lock, (q) => q.forUpdate('c'))
      .orderBy('t.name')
      .orderBy('c.name')
      .orderBy('c.id')
      .execute();
  }

  /** Mapped industries, waiting records and the newest accepted slot of each connection. */
  async figures(): Promise<ConnectionFigures[]> {
    const { rows } = await sql<ConnectionFigures>`
      SELECT c.id::text AS connection_id,
        (SELECT count(*)::int FROM regulator_mapping m WHERE m.connection_id = c.id) AS industries,
        (SELECT count(*)::int FROM regulator_outbox o WHERE o.connection_id = c.id AND o.status = 'PENDING') AS pending,
        (SELECT max(s.last_accepted_slot) FROM regulator_station_sync s WHERE s.connection_id = c.id) AS last_accepted_slot
      FROM regulator_connection c`.execute(this.db);
    return rows;
  }

  /** The newest attempt of each connection. */
  async lastAttempts(): Promise<{ connection_id: string; at: Date; outcome: string; error_code: string | null; answer: string }[]> {
    const { rows } = await sql<{ connection_id: string; at: Date; outcome: string; error_code: string | null; answer: string }>`
      SELECT DISTINCT ON (connection_id) connection_id::text AS connection_id, at, outcome, error_code, answer
      FROM regulator_attempt WHERE at > now() - interval '7 days'
      ORDER BY connection_id, at DESC`.execute(this.db);
    return rows;
  }

  /** The industries associated with a statutory body, by name. */
  async associatedIndustries(statutoryId: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectFrom('statutory_association as a')
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'a.tenant_id')
      .select(['t.id', 't.name'])
      .where('a.statutory_id', '=', statutoryId)
      .where('t.type', '=', 'tenant')
      .where(isNotDeletedSql('t'))
      .orderBy('t.name')
      .execute();
  }

  async tenantKind(id: number): Promise<{ id: number; name: string; type: string; status: string; state: string | null; city: string | null } | undefined> {
    return this.db.selectFrom(tenantRows(this.db).as('tenant')).select(['id', 'name', 'type', 'status', 'state', 'city']).where('id', '=', id).executeTakeFirst();
  }

  async insertConnection(values: ConnectionValues): Promise<string> {
    const row = await this.db.insertInto('regulator_connection').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async updateConnection(id: number, values: ConnectionValues): Promise<void> {
    await this.db.updateTable('regulator_connection').set({ ...values, updated_at: new Date() }).where('id', '=', String(id)).execute();
  }

  /** A connection's URL and credentials, the rest as it is. */
  async moveConnection(id: number, url: string, credentials: string | null): Promise<void> {
    await this.db.updateTable('regulator_connection').set({ url, credentials, updated_at: new Date() }).where('id', '=', String(id)).execute();
  }

  async deleteConnection(id: number): Promise<void> {
    await this.db.deleteFrom('regulator_connection').where('id', '=', String(id)).execute();
  }

  /** The industry's mappings (all connections), or one. */
  async mappings(tenantId: number, connectionId?: number): Promise<MappingRow[]> {
    return this.db
      .selectFrom('regulator_mapping as m')
      .innerJoin('regulator_connection as c', 'c.id', 'm.connection_id')
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'c.statutory_id')
      .select([
        'm.tenant_id', 'm.connection_id', 'c.name as connection_name', 'c.protocol', 'c.enabled as connection_enabled', 'c.statutory_id',
        't.name as statutory_name', 'm.enabled', 'm.industry_id', 'm.credentials', 'c.credentials as connection_credentials', 'm.stations',
        'm.stopped_at', 'm.stopped_code', 'm.stopped_message', 'm.stopped_device', 'm.updated_at',
      ])
      .where('m.tenant_id', '=', tenantId)
      .$if(connectionId !== undefined, (q) => q.where('m.connection_id', '=', String(connectionId)))
      .orderBy('c.name')
      .orderBy('c.id')
      .execute();
  }

  /** The enabled mappings of these industries on enabled connections (the sender's context). */
  async activeMappings(tenantIds: readonly number[]): Promise<MappingRow[]> {
    if (tenantIds.length === 0) return [];
    return this.db
      .selectFrom('regulator_mapping as m')
      .innerJoin('regulator_connection as c', 'c.id', 'm.connection_id')
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'c.statutory_id')
      .select([
        'm.tenant_id', 'm.connection_id', 'c.name as connection_name', 'c.protocol', 'c.enabled as connection_enabled', 'c.statutory_id',
        't.name as statutory_name', 'm.enabled', 'm.industry_id', 'm.credentials', 'c.credentials as connection_credentials', 'm.stations',
        'm.stopped_at', 'm.stopped_code', 'm.stopped_message', 'm.stopped_device', 'm.updated_at',
      ])
      .where('m.tenant_id', 'in', [...tenantIds])
      .execute();
  }

  async upsertMapping(values: { tenant_id: number; connection_id: number; enabled: boolean; industry_id: string; credentials: string | null; stations: string }): Promise<void> {
    await this.db
      .insertInto('regulator_mapping')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'connection_id']).doUpdateSet({
          enabled: values.enabled,
          industry_id: values.industry_id,
          credentials: values.credentials,
          stations: values.stations,
          // Saving the mapping is how an administrator says a configuration error is fixed.
          stopped_at: null,
          stopped_code: null,
          stopped_message: null,
          stopped_device: null,
          updated_at: new Date(),
        }),
      )
      .execute();
  }

  /** Resumes every industry a configuration error stopped on the connection (saved again by an administrator). */
  async resumeConnection(connectionId: number): Promise<void> {
    await this.db
      .updateTable('regulator_mapping')
      .set({ stopped_at: null, stopped_code: null, stopped_message: null, stopped_device: null })
      .where('connection_id', '=', String(connectionId))
      .where('stopped_at', 'is not', null)
      .execute();
  }

  /**
   * Stops the industry on the connection for a configuration error the regulator answered; answers
   * true only for the call that stopped it (a stop already in place keeps its first reason).
   */
  async stopMapping(tenantId: number, connectionId: string, stop: { code: string; message: string; regulatorDeviceId: string | null }): Promise<boolean> {
    const r = await this.db
      .updateTable('regulator_mapping')
      .set({ stopped_at: new Date(), stopped_code: stop.code, stopped_message: stop.message, stopped_device: stop.regulatorDeviceId })
      .where('tenant_id', '=', tenantId)
      .where('connection_id', '=', connectionId)
      .where('stopped_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async deleteMapping(tenantId: number, connectionId: number): Promise<boolean> {
    const r = await this.db.deleteFrom('regulator_mapping').where('tenant_id', '=', tenantId).where('connection_id', '=', String(connectionId)).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** The industry's stations that hold devices, with their devices and parameters. */
  async mappable(tenantId: number): Promise<MappableRow[]> {
    return this.db
      .selectFrom(deviceRows(this.db).as('d'))
      .innerJoin(entityRows(this.db).as('e'), (j) => j.onRef('e.tenant_id', '=', 'd.tenant_id').onRef('e.id', '=', 'd.entity_id'))
      .leftJoin('device_param as dp', (j) => j.onRef('dp.tenant_id', '=', 'd.tenant_id').onRef('dp.device_id', '=', 'd.id').on('dp.deleted_date', 'is', null))
      .leftJoin('std_param as sp', 'sp.id', 'dp.std_param_id')
      .select([
        'e.id as station_id', 'e.name as station_name', 'e.type as station_type', 'd.id as device_id', 'd.name as device_name', 'dp.slot',
        'sp.name as param_name', 'sp.label as param_label', sql<string | null>`coalesce(dp.unit, sp.unit)`.as('unit'),
      ])
      .where('d.tenant_id', '=', tenantId)
      .where(isInServiceSql('d'))
      .where('e.status', '=', 'ENABLED')
      .orderBy('e.name')
      .orderBy('e.id')
      .orderBy('d.id')
      .orderBy('dp.slot')
      .execute();
  }
}
