import { CreateEntity } from '@enviro/contracts/entities';
import type { Db } from '../../platform/database/database.ts';
import type { EntityProperty } from '../../platform/database/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { EntityRepository } from './entities.repository.ts';

/**
 * Operator writes of the entity tree (SPEC 3 Entity), creating groups, facilities and stations and
 * adding to their properties: for the admin CLI, the demo seed and tests, through ProvisioningService. No route reaches it, so it trusts its caller; it
 * parses its input against the contract whoever calls.
 */
export class EntityProvisioningService {
  private readonly entities: EntityRepository;

  constructor(db: Db) {
    this.entities = new EntityRepository(db);
  }

  async create(input: CreateEntity): Promise<{ id: number }> {
    const e = CreateEntity.parse(input);
    if (e.parentId !== undefined && !(await this.exists(e.tenantId, e.parentId))) {
      throw badRequest('parentId', `no entity ${e.parentId} in tenant ${e.tenantId}`);
    }
    const id = Number((await this.entities.insert({ tenantId: e.tenantId, parentId: e.parentId ?? null, type: e.type, name: e.name, properties: e.properties })).id);
    return { id };
  }

  /** Adds a property to the entity's, after any it has (the demo points a station at its CTO document once both exist). */
  async addProperty(tenantId: number, entityId: number, property: EntityProperty): Promise<void> {
    await this.entities.addProperty(tenantId, entityId, property);
  }

  /** Whether the tenant has the entity, in any status. */
  async exists(tenantId: number, entityId: number): Promise<boolean> {
    return (await this.entities.findByIds([tenantId], [entityId])).length > 0;
  }
}
