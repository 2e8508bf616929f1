import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { DEVICE_ROWS, deviceRows, isInServiceSql } from '../devices/devices.queries.ts';
import { entityRows } from '../entities/entities.queries.ts';
import { TENANT_ROWS, tenantRows } from '../tenants/tenants.queries.ts';

/** A parameter of a station's device, as reports list it. */
export interface StationParam {
  tenantId: number;
  entityId: number;
  entityName: string;
  deviceId: number;
  slot: number;
  name: string;
  label: string;
  unit: string;
}

/** Reads the rollups and the catalogue the reports are built from (SQL of the reports area). */
export class ReportCatalogueRepository extends Repository {
  async tenantName(tenantId: number): Promise<string | null> {
    const row = await this.db.selectFrom(tenantRows(this.db).as('tenant')).select('name').where('id', '=', tenantId).executeTakeFirst();
    return row?.name ?? null;
  }

  async entityTenant(entityId: number): Promise<number | null> {
    const row = await this.db.selectFrom(entityRows(this.db).as('entity')).select('tenant_id').where('id', '=', String(entityId)).executeTakeFirst();
    return row?.tenant_id ?? null;
  }

  /** The parameters of the tenant's stations' current devices, optionally narrowed to stations and names. */
  async stationParams(tenantId: number, entityIds: readonly number[], names: readonly string[]): Promise<StationParam[]> {
    let q = this.db
      .selectFrom(entityRows(this.db).as('e'))
      .innerJoin(deviceRows(this.db).as('d'), (j) => j.onRef('d.entity_id', '=', 'e.id').onRef('d.tenant_id', '=', 'e.tenant_id'))
      .innerJoin('device_param as dp', (j) => j.onRef('dp.device_id', '=', 'd.id').onRef('dp.tenant_id', '=', 'd.tenant_id'))
      .innerJoin('std_param as sp', 'sp.id', 'dp.std_param_id')
      .select(['e.tenant_id as tenantId', 'e.id as entityId', 'e.name as entityName', 'd.id as deviceId', 'dp.slot', 'sp.name', 'sp.label', sql<string>`coalesce(dp.unit, sp.unit)`.as('unit')])
      .where('e.tenant_id', '=', tenantId)
      .where(isInServiceSql('d'))
      .where('dp.deleted_date', 'is', null);
    if (entityIds.length > 0) q = q.where('e.id', 'in', entityIds.map(String));
    if (names.length > 0) q = q.where('sp.name', 'in', [...names]);
    const rows = await q.orderBy('e.name').orderBy('e.id').orderBy('dp.slot').execute();
    return rows.map((r) => ({ ...r, entityId: Number(r.entityId), deviceId: Number(r.deviceId) }));
  }

  /** The industries among the tenants with their number of station devices, for a board's availability report. */
  async industryDevices(tenantIds: readonly number[]): Promise<{ tenantId: number; name: string; devices: number }[]> {
    if (tenantIds.length === 0) return [];
    const { rows } = await sql<{ id: number; name: string; devices: string }>`
      SELECT t.id, t.name, count(d.id) AS devices
      FROM ${TENANT_ROWS} t LEFT JOIN ${DEVICE_ROWS} d ON d.tenant_id = t.id AND d.entity_id IS NOT NULL AND ${isInServiceSql('d')}
      WHERE t.id = ANY(${sql.val([...tenantIds])}::int[]) AND t.type = 'tenant'
      GROUP BY t.id, t.name ORDER BY t.name, t.id`.execute(this.db);
    return rows.map((t) => ({ tenantId: t.id, name: t.name, devices: Number(t.devices) }));
  }

  /** Industries (tenants of type tenant) among `tenantIds` whose name holds `search`, by name, with their number of stations. */
  async industries(tenantIds: readonly number[], search: string): Promise<{ tenantId: number; name: string; stations: number }[]> {
    if (tenantIds.length === 0) return [];
    const { rows } = await sql<{ id: number; name: string; stations: string }>`
      SELECT t.id, t.name, count(DISTINCT d.entity_id) AS stations
      FROM ${TENANT_ROWS} t LEFT JOIN ${DEVICE_ROWS} d ON d.tenant_id = t.id AND d.entity_id IS NOT NULL AND ${isInServiceSql('d')}
      WHERE t.id = ANY(${sql.val([...tenantIds])}::int[]) AND t.type = 'tenant'
        AND (${search} = '' OR t.name ILIKE '%' || ${search} || '%')
      GROUP BY t.id, t.name ORDER BY t.name, t.id`.execute(this.db);
    return rows.map((r) => ({ tenantId: r.id, name: r.name, stations: Number(r.stations) }));
  }

  /** The tenants' own billing addresses (a batch of invoices). */
  async tenantAddresses(tenantIds: readonly number[]) {
    if (tenantIds.length === 0) return [];
    return this.db
      .selectFrom('billing_address')
      .select(['tenant_id', 'line1', 'line2', 'city', 'state', 'pincode', 'gstin'])
      .where('tenant_id', 'in', [...tenantIds])
      .where('owner_kind', '=', 'tenant')
      .where(sql<boolean>`owner_id = tenant_id`)
      .where('address_type', '=', 'BILLING')
      .execute();
  }

  async address(tenantId: number, ownerKind: 'tenant' | 'entity', ownerId: number) {
    return this.db
      .selectFrom('billing_address')
      .select(['tenant_id', 'line1', 'line2', 'city', 'state', 'pincode', 'gstin'])
      .where('tenant_id', '=', tenantId)
      .where('owner_kind', '=', ownerKind)
      .where('owner_id', '=', String(ownerId))
      .where('address_type', '=', 'BILLING')
      .executeTakeFirst();
  }
}

/** Stores (or replaces) a billing address (demo seed; no edit screen yet). */
export async function upsertBillingAddress(
  db: import('../../platform/database/database.ts').Db,
  a: { tenantId: number; ownerKind: 'tenant' | 'entity'; ownerId: number; line1: string; city: string; state: string; pincode: string; gstin?: string | null },
): Promise<void> {
  await db
    .insertInto('billing_address')
    .values({ tenant_id: a.tenantId, owner_kind: a.ownerKind, owner_id: String(a.ownerId), line1: a.line1, line2: null, city: a.city, state: a.state, pincode: a.pincode, gstin: a.gstin ?? null })
    .onConflict((c) =>
      c.columns(['tenant_id', 'owner_kind', 'owner_id', 'address_type']).doUpdateSet((eb) => ({ line1: eb.ref('excluded.line1'), city: eb.ref('excluded.city'), state: eb.ref('excluded.state'), pincode: eb.ref('excluded.pincode'), gstin: eb.ref('excluded.gstin') })),
    )
    .execute();
}
