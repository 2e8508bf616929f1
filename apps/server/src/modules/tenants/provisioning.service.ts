import { randomBytes } from 'node:crypto';
import { CreateDevice, type CreatedDevice } from '@enviro/contracts/devices';
import { CreateEntity } from '@enviro/contracts/entities';
import { CreateTenant } from '@enviro/contracts/tenants';
import type { Db } from '../../platform/database/database.ts';
import { hashApiKey } from '../../platform/access/resolve-auth.ts';
import { badRequest } from '../../platform/errors.ts';

/**
 * Operator-level creation of tenants, entities, devices and API keys: used by the admin CLI,
 * the demo seed and tests. Inputs are parsed against the contracts here, whoever calls.
 * Access control for people arrives with user accounts; this service trusts its caller.
 */
export class ProvisioningService {
  constructor(private readonly db: Db) {}

  async createTenant(input: CreateTenant): Promise<{ id: number }> {
    const t = CreateTenant.parse(input);
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('tenant')
        .values({
          name: t.name,
          type: t.type,
          status: t.status,
          corporate_id: t.corporateId ?? null,
          monitored_units: t.monitoredUnits,
          industry_category: t.industryCategory ?? null,
          state: t.state ?? null,
          city: t.city ?? null,
          address: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (t.statutoryIds.length > 0) {
        await trx
          .insertInto('statutory_association')
          .values(t.statutoryIds.map((statutory_id) => ({ tenant_id: row.id, statutory_id })))
          .execute();
      }
      return { id: row.id };
    });
  }

  async createEntity(input: CreateEntity): Promise<{ id: number }> {
    const e = CreateEntity.parse(input);
    if (e.parentId !== undefined) {
      const parent = await this.db
        .selectFrom('entity')
        .select('id')
        .where('tenant_id', '=', e.tenantId)
        .where('id', '=', String(e.parentId))
        .executeTakeFirst();
      if (!parent) throw badRequest('parentId', `no entity ${e.parentId} in tenant ${e.tenantId}`);
    }
    const row = await this.db
      .insertInto('entity')
      .values({
        tenant_id: e.tenantId,
        parent_id: e.parentId ?? null,
        type: e.type,
        name: e.name,
        properties: JSON.stringify(e.properties),
        working_status: null,
        last_data_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id) };
  }

  async createDevice(input: CreateDevice): Promise<CreatedDevice> {
    const d = CreateDevice.parse(input);
    const names = d.params.map((p) => p.name);
    const duplicate = names.find((n, i) => names.indexOf(n) !== i);
    if (duplicate) throw badRequest('params', `parameter ${duplicate} given twice`);
    const std = await this.db.selectFrom('std_param').select(['id', 'name']).where('name', 'in', names).execute();
    const stdByName = new Map(std.map((s) => [s.name, s.id]));
    const unknown = names.find((n) => !stdByName.has(n));
    if (unknown) throw badRequest('params', `unknown parameter ${unknown}; see /api/allMetaStdParams`);

    return this.db.transaction().execute(async (trx) => {
      const station = await trx
        .selectFrom('entity')
        .select('id')
        .where('tenant_id', '=', d.tenantId)
        .where('id', '=', String(d.entityId))
        .executeTakeFirst();
      if (!station) throw badRequest('entityId', `no entity ${d.entityId} in tenant ${d.tenantId}`);
      const modelId = d.make ? await this.modelId(trx, d.make, d.model ?? 'Generic') : null;
      const device = await trx
        .insertInto('device')
        .values({
          tenant_id: d.tenantId,
          entity_id: String(d.entityId),
          model_id: modelId,
          name: d.name,
          serial_no: d.serialNo ?? null,
          sensor_id: d.sensorId ?? null,
          tags: JSON.stringify(d.tags),
          deleted_date: null,
          last_data_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const params = d.params.map((p, i) => ({ ...p, slot: i + 1 }));
      await trx
        .insertInto('device_param')
        .values(
          params.map((p) => ({
            tenant_id: d.tenantId,
            device_id: device.id,
            slot: p.slot,
            std_param_id: stdByName.get(p.name)!,
            unit: p.unit ?? null,
            deleted_date: null,
          })),
        )
        .execute();
      const limited = params.filter((p) => p.min !== undefined || p.max !== undefined);
      if (limited.length > 0) {
        await trx
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
      const accessToken = d.accessToken ?? randomBytes(15).toString('base64url');
      await trx
        .insertInto('device_credential')
        .values({ access_token: accessToken, tenant_id: d.tenantId, device_id: device.id })
        .execute();
      return { id: Number(device.id), accessToken, params: params.map((p) => ({ name: p.name, slot: p.slot })) };
    });
  }

  /** Issues an API key for a tenant; only its hash is stored, so the key is shown once. */
  async createApiKey(tenantId: number, name: string): Promise<{ key: string }> {
    const key = `ek_${randomBytes(24).toString('base64url')}`;
    await this.db.insertInto('api_key').values({ key_hash: hashApiKey(key), tenant_id: tenantId, name }).execute();
    return { key };
  }

  private async modelId(trx: Db, make: string, model: string): Promise<number> {
    const m = await trx
      .insertInto('device_make')
      .values({ name: make })
      .onConflict((oc) => oc.column('name').doUpdateSet({ name: make }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('device_model')
      .values({ make_id: m.id, name: model })
      .onConflict((oc) => oc.columns(['make_id', 'name']).doUpdateSet({ name: model }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
