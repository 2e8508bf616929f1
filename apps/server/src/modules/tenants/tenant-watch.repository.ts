import { Repository } from '../../platform/database/repository.ts';

/** Tenant types whose users follow industries through a watch list (`tenant_watch`). */
export const WATCHER_TYPES = ['investor', 'quasi_regulator'] as const;

/** The industries investors invest in and quasi-regulators watch (`tenant_watch`). */
export class TenantWatchRepository extends Repository {
  /** Adds industries to a watcher's list, beside those on it. */
  async add(watcherId: number, tenantIds: readonly number[]): Promise<void> {
    if (tenantIds.length === 0) return;
    await this.db
      .insertInto('tenant_watch')
      .values(tenantIds.map((tenant_id) => ({ tenant_id, watcher_id: watcherId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Takes industries off a watcher's list. */
  async remove(watcherId: number, tenantIds: readonly number[]): Promise<void> {
    if (tenantIds.length === 0) return;
    await this.db.deleteFrom('tenant_watch').where('watcher_id', '=', watcherId).where('tenant_id', 'in', tenantIds).execute();
  }
}
