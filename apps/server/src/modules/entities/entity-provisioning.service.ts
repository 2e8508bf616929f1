import { CreateEntity } from '@enviro/contracts/entities';
import type { Db } from '../../platform/database/database.ts';
import { badRequest } from '../../platform/errors.ts';
import { EntityProvisioningRepository } from './entity-provisioning.repository.ts';
import { EntityRepository } from './entities.repository.ts';

/**
 * Operator creation of groups, facilities and stations (SPEC 3 Entity): for the admin CLI, the demo
 * seed and tests, through ProvisioningService. No route reaches it, so it trusts its caller; it
 * parses its input against the contract whoever calls.
 */
export class EntityProvisioningService {
  private readonly entities: EntityRepository;
  private readonly writes: EntityProvisioningRepository;

  constructor(db: Db) {
    this.entities = new EntityRepository(db);
    this.writes = new EntityProvisioningRepository(db);
  }

  async create(input: CreateEntity): Promise<{ id: number }> {
    const e = CreateEntity.parse(input);
    if (e.parentId !== undefined && !(await this.exists(e.tenantId, e.parentId))) {
      throw badRequest('parentId', `no entity ${e.parentId} in tenant ${e.tenantId}`);
    }
    const id = await this.writes.create({ tenantId: e.tenantId, parentId: e.parentId ?? null, type: e.type, name: e.name, properties: e.properties });
    return { id };
  }

  /** Whether the tenant has the entity, in any status. */
  async exists(tenantId: number, entityId: number): Promise<boolean> {
    return (await this.entities.findByIds([tenantId], [entityId])).length > 0;
  }
}
