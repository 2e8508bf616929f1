import { Repository } from '../../platform/database/repository.ts';
import { entityRows } from '../entities/entities.queries.ts';

/** The stations and facilities a user is limited to (`user_entity_access`); none: every entity of their tenant. */
export class UserEntityAccessRepository extends Repository {
  /** Of `ids`, those a user of the tenant may be limited to: its ENABLED entities. */
  async grantableEntityIds(tenantId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom(entityRows(this.db).as('entity'))
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'ENABLED')
      .where('id', 'in', ids.map(String))
      .execute();
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** Replaces the user's entity access with `ids`. Run it in a transaction. */
  async replace(tenantId: number, userId: number, ids: readonly number[]): Promise<void> {
    await this.db.deleteFrom('user_entity_access').where('tenant_id', '=', tenantId).where('user_id', '=', String(userId)).execute();
    if (ids.length === 0) return;
    await this.db
      .insertInto('user_entity_access')
      .values(ids.map((entityId) => ({ tenant_id: tenantId, user_id: userId, entity_id: entityId })))
      .execute();
  }
}
