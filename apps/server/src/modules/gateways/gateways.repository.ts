import { sql } from 'kysely';
import { LIVE_WITHIN_MS } from '@enviro/domain/live-status';
import { CREDENTIAL_CHANNEL } from '../../platform/database/channels.ts';
import { Repository } from '../../platform/database/repository.ts';

export interface GatewayRow {
  tenant_id: number;
  id: string;
  name: string;
  access_token: string;
  last_seen_at: Date | null;
}

const COLUMNS = ['tenant_id', 'id', 'name', 'access_token', 'last_seen_at'] as const;

/** Gateways of tenants; every read scoped by tenant ids. */
export class GatewayAdminRepository extends Repository {
  list(tenantIds: readonly number[]): Promise<GatewayRow[]> {
    if (tenantIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('gateway').select(COLUMNS).where('tenant_id', 'in', tenantIds).where('deleted_date', 'is', null).orderBy('name').orderBy('id').execute();
  }

  find(tenantIds: readonly number[], id: number): Promise<GatewayRow | undefined> {
    if (tenantIds.length === 0) return Promise.resolve(undefined);
    return this.db
      .selectFrom('gateway')
      .select(COLUMNS)
      .where('tenant_id', 'in', tenantIds)
      .where('id', '=', String(id))
      .where('deleted_date', 'is', null)
      .executeTakeFirst();
  }

  insert(tenantId: number, name: string, accessToken: string): Promise<GatewayRow> {
    return this.db.insertInto('gateway').values({ tenant_id: tenantId, name, access_token: accessToken, last_seen_at: null, deleted_date: null }).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  update(tenantId: number, id: number, values: { name?: string; accessToken?: string }): Promise<GatewayRow> {
    return this.db
      .updateTable('gateway')
      .set({ ...(values.name !== undefined && { name: values.name }), ...(values.accessToken !== undefined && { access_token: values.accessToken }) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async softDelete(tenantId: number, id: number): Promise<void> {
    await this.db.updateTable('gateway').set({ deleted_date: sql`now()` }).where('tenant_id', '=', tenantId).where('id', '=', String(id)).execute();
  }

  /** Gateways in service of the tenants, and those heard from within 15 minutes. */
  async count(tenantIds: readonly number[], now: number): Promise<{ total: number; live: number }> {
    if (tenantIds.length === 0) return { total: 0, live: 0 };
    const row = await this.db
      .selectFrom('gateway')
      .select([sql<number>`count(*)::int`.as('total'), sql<number>`count(*) FILTER (WHERE last_seen_at >= ${new Date(now - LIVE_WITHIN_MS)})::int`.as('live')])
      .where('tenant_id', 'in', tenantIds)
      .where('deleted_date', 'is', null)
      .executeTakeFirstOrThrow();
    return row;
  }

  /** The industries linked to a partner. */
  async partnerTenants(partnerId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('partner_tenant').select('tenant_id').where('partner_id', '=', partnerId).execute();
    return rows.map((r) => r.tenant_id);
  }

  /** Tells every server (on commit) to forget this token. */
  async announce(token: string): Promise<void> {
    await sql`SELECT pg_notify(${CREDENTIAL_CHANNEL}, ${token})`.execute(this.db);
  }
}
