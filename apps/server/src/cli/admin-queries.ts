import { sql } from 'kysely';
import type { Db } from '../platform/database/database.ts';

/** Whether a tenant exists (and, when types are given, is of one of them). */
export async function tenantExists(db: Db, id: number, types?: string[]): Promise<boolean> {
  const row = await db
    .selectFrom('tenant')
    .select('id')
    .where('id', '=', id)
    .$if(types !== undefined, (q) => q.where('type', 'in', types!))
    .executeTakeFirst();
  return row !== undefined;
}

export async function tokenTaken(db: Db, accessToken: string): Promise<boolean> {
  const row = await db.selectFrom('device_credential').select('device_id').where('access_token', '=', accessToken).executeTakeFirst();
  return row !== undefined;
}

export async function listTenants(db: Db, filter: { type?: string | undefined; status?: string | undefined }) {
  return db
    .selectFrom('tenant as t')
    .select([
      't.id',
      't.name',
      't.type',
      't.status',
      't.industry_category as industryCategory',
      't.state',
      't.city',
      sql<number[]>`coalesce((SELECT array_agg(a.statutory_id ORDER BY a.statutory_id) FROM statutory_association a
                              WHERE a.tenant_id = t.id), '{}')`.as('statutoryIds'),
      sql<number>`(SELECT count(*)::int FROM device d WHERE d.tenant_id = t.id AND d.deleted_date IS NULL)`.as('devices'),
    ])
    .$if(filter.type !== undefined, (q) => q.where('t.type', '=', filter.type!))
    .$if(filter.status !== undefined, (q) => q.where('t.status', '=', filter.status!))
    .orderBy('t.id')
    .execute();
}

/** A tenant's live devices with their station, parameters (in slot order) and access tokens. */
export async function listDevices(db: Db, tenantId: number) {
  const rows = await db
    .selectFrom('device as d')
    .leftJoin('entity as e', (j) => j.onRef('e.tenant_id', '=', 'd.tenant_id').onRef('e.id', '=', 'd.entity_id'))
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
      sql<{ slot: number; name: string; unit: string; min: number | null; max: number | null }[]>`coalesce((
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
