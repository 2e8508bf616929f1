import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';

/** Whose preferences: the user (with their own tenant) and the tenant they act for. */
export interface PreferenceOwner {
  tenantId: number;
  userTenantId: number;
  userId: number;
}

/** A user's preferences per tenant acted for, as key and value. */
export class PreferenceRepository extends Repository {
  async find(owner: PreferenceOwner): Promise<{ key: string; value: string }[]> {
    return this.db
      .selectFrom('user_preference')
      .select(['key', 'value'])
      .where('tenant_id', '=', owner.tenantId)
      .where('user_tenant_id', '=', owner.userTenantId)
      .where('user_id', '=', String(owner.userId))
      .orderBy(sql`key COLLATE "C"`)
      .execute();
  }

  async upsert(owner: PreferenceOwner, entries: readonly { key: string; value: string }[]): Promise<void> {
    await this.db
      .insertInto('user_preference')
      .values(
        entries.map((e) => ({
          tenant_id: owner.tenantId,
          user_tenant_id: owner.userTenantId,
          user_id: String(owner.userId),
          key: e.key,
          value: e.value,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'user_tenant_id', 'user_id', 'key'])
          .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: sql`now()` })),
      )
      .execute();
  }
}
