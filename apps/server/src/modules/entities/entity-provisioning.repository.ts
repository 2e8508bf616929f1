import { Repository } from '../../platform/database/repository.ts';
import type { EntityProperty } from '../../platform/database/schema.ts';

/** A new node of a tenant's entity tree. */
export interface NewEntity {
  tenantId: number;
  parentId: number | null;
  type: string;
  name: string;
  properties: readonly EntityProperty[];
}

/** Writes of the entity tree by an operator; the reads are EntityRepository's. */
export class EntityProvisioningRepository extends Repository {
  /** Inserts the node, not yet reported from; its id. */
  async create(entity: NewEntity): Promise<number> {
    const row = await this.db
      .insertInto('entity')
      .values({
        tenant_id: entity.tenantId,
        parent_id: entity.parentId,
        type: entity.type,
        name: entity.name,
        properties: JSON.stringify(entity.properties),
        working_status: null,
        last_data_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }
}
