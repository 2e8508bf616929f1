import type { EntityBody, EntityRecord, UpdateEntityBody } from '@enviro/contracts/entities';
import { ChangeStationStatus, ENTITY_PROPS, EntityBody as EntityBodySchema, UpdateEntityBody as UpdateEntityBodySchema } from '@enviro/contracts/entities';
import type { LicenseUsage } from '@enviro/contracts/devices';
import type { EntityType } from '@enviro/contracts/common';
import type { z } from 'zod';
import { assertMayChangeFleet, fleetTenant, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { CONTAINER_TYPES } from '../../platform/database/entity-types.ts';
import { badRequest, conflict, forbiddenField, notFound } from '../../platform/errors.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import { EntityRepository, type EntityRow } from './entities.repository.ts';
import type { EntityService } from './entities.service.ts';
import type { StationDevices } from './station-devices.ts';

const nodeNotFound = (id: number) => notFound(`No Node with id= ${id} exists`);

/** IANA zones offered for stations, Asia/Kolkata (SPEC 9) first. */
const TIMEZONES = ['Asia/Kolkata', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'Asia/Kolkata')];

const isStation = (type: string) => !(CONTAINER_TYPES as readonly string[]).includes(type);

/**
 * The entity tree as its administrators change it (SPEC 7 Entities): create, edit, soft delete
 * (status DELETED), working status. The industry's administrators, its partners and site
 * operations change it (assertMayChangeFleet); a new station must fit the tenant's licence.
 * Every change is audited in its own transaction.
 */
export class EntityAdminService {
  private readonly entities: EntityRepository;

  constructor(
    private readonly db: Db,
    private readonly reader: EntityService,
    /** The devices on the stations (the devices module's, given once it is built). */
    private readonly devices: () => StationDevices,
  ) {
    this.entities = new EntityRepository(db);
  }

  /** Creates a node; a station only while the tenant's licence of its type has room. */
  async create(auth: Auth, body: z.infer<typeof EntityBodySchema>): Promise<EntityRecord> {
    const tenantId = fleetTenant(auth, body.tenantId);
    const user = assertMayChangeFleet(auth, tenantId);
    if (body.parentId != null) await this.assertParent(auth, tenantId, body.parentId, null);
    return this.db.transaction().execute(async (trx) => {
      const entities = this.entities.in(trx);
      if (isStation(body.type)) {
        await entities.lockStations(tenantId);
        const { licensed, used } = await entities.licence(tenantId, body.type);
        if (used >= licensed) {
          throw forbiddenField(
            'type',
            `the licence of this industry covers ${licensed} ${body.type} station${licensed === 1 ? '' : 's'} and ${used} ${used === 1 ? 'is' : 'are'} in use; ask the site administrators to raise it before adding another`,
          );
        }
      }
      const row = await entities.insert({ tenantId, parentId: body.parentId ?? null, type: body.type, name: body.name, properties: body.properties });
      await audit(trx, user, row, 'entity.create', null, row);
      return toRecord(row);
    });
  }

  /** Renames, moves or changes the properties of a node (its type stays). */
  async update(auth: Auth, id: number, body: z.infer<typeof UpdateEntityBodySchema>): Promise<EntityRecord> {
    const { row: before, user } = await this.writable(auth, id);
    const parentId = body.parentId ?? null;
    if (parentId !== null) await this.assertParent(auth, before.tenant_id, parentId, id);
    return this.db.transaction().execute(async (trx) => {
      const row = await this.entities.in(trx).update(before.tenant_id, id, { parentId, name: body.name, properties: body.properties });
      await audit(trx, user, row, 'entity.update', before, row);
      return toRecord(row);
    });
  }

  /** Soft delete (status DELETED): refused while it has live children or devices mounted. */
  async remove(auth: Auth, id: number): Promise<EntityRecord> {
    const { row: before, user } = await this.writable(auth, id);
    if (before.status === 'DELETED') return toRecord(before);
    const [children, devices] = await Promise.all([this.entities.liveChildren(before.tenant_id, id), this.devices().countInService(before.tenant_id, id)]);
    if (children > 0) throw conflict('id', `${before.name} has ${children} node${children === 1 ? '' : 's'} under it; delete or move them first`);
    if (devices > 0) throw conflict('id', `${before.name} has ${devices} device${devices === 1 ? '' : 's'} mounted; unmount them first`);
    return this.db.transaction().execute(async (trx) => {
      const row = await this.entities.in(trx).setStatus(before.tenant_id, id, 'DELETED');
      await audit(trx, user, row, 'entity.delete', before, row);
      return toRecord(row);
    });
  }

  /** Sets a station's working status (POST /api/changeStationStatus). */
  async changeWorkingStatus(auth: Auth, body: z.infer<typeof ChangeStationStatus>): Promise<EntityRecord> {
    const { row: before, user } = await this.writable(auth, body.entityId);
    if (!isStation(before.type)) throw badRequest('entityId', `${before.name} is a ${before.type}, not a station`);
    return this.db.transaction().execute(async (trx) => {
      const row = await this.entities.in(trx).setWorkingStatus(before.tenant_id, body.entityId, body.workingStatus);
      await audit(trx, user, row, 'entity.workingStatus', before.working_status, row.working_status);
      return toRecord(row);
    });
  }

  /**
   * A node by id in whichever of the caller's tenants holds it, without naming the tenant
   * (GET /api/unaware/entities/{id}); deleted ones too.
   */
  async unaware(auth: Auth, id: number): Promise<EntityRecord> {
    const tenantIds = scopeTenantIds(auth);
    const row = await this.entities.find(tenantIds, id);
    if (!row) throw nodeNotFound(id);
    await this.reader.subtreeIds(auth, row.tenant_id, id);
    return toRecord(row);
  }

  /** The tenant's stations by type against its licence (`camera`: stations with the camera add-on). */
  async licenceUsage(auth: Auth, tenantId: number | undefined, camera: boolean): Promise<LicenseUsage[]> {
    const id = fleetTenant(auth, tenantId);
    const rows = await this.entities.usage(id, camera);
    return rows.map((r) => ({ stationType: r.station_type, licensed: r.licensed, used: r.used, remaining: Math.max(0, r.licensed - r.used) }));
  }

  /** The node, writable by the caller: 404 when not theirs to read (or hidden from them), 403 for a reader. */
  private async writable(auth: Auth, id: number): Promise<{ row: EntityRow; user: UserAuth }> {
    const row = await this.entities.find(scopeTenantIds(auth), id);
    if (!row) throw nodeNotFound(id);
    await this.reader.subtreeIds(auth, row.tenant_id, id);
    return { row, user: assertMayChangeFleet(auth, row.tenant_id) };
  }

  /** A parent must be an ENABLED node of the tenant, visible to the caller, and not the node or under it. */
  private async assertParent(auth: Auth, tenantId: number, parentId: number, nodeId: number | null): Promise<void> {
    const parent = await this.entities.find([tenantId], parentId);
    if (!parent || parent.status !== 'ENABLED') throw badRequest('parentId', `no node ${parentId} in this industry`);
    await this.reader.subtreeIds(auth, tenantId, parentId).catch(() => {
      throw badRequest('parentId', `no node ${parentId} in this industry`);
    });
    if (nodeId !== null && (await this.entities.isAncestorOrSelf(tenantId, nodeId, parentId))) {
      throw badRequest('parentId', 'a node cannot move under itself or its own descendants');
    }
  }
}

/** GET /api/entityProps: the properties the editor offers. */
export function entityProps() {
  return ENTITY_PROPS.map((p) => ({ ...p }));
}

/** GET /api/timezones. */
export function timezones(): string[] {
  return TIMEZONES;
}

function toRecord(row: EntityRow): EntityRecord {
  return {
    id: Number(row.id),
    tenantId: row.tenant_id,
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    type: row.type as EntityType,
    name: row.name,
    properties: row.properties,
    status: row.status as EntityRecord['status'],
    workingStatus: row.working_status,
    lastDataAt: row.last_data_at?.toISOString() ?? null,
  };
}

function audit(trx: Db, user: UserAuth, row: EntityRow, action: string, before: unknown, after: unknown): Promise<void> {
  return recordAudit(trx, { tenantId: row.tenant_id, actor: `user:${user.userId}`, actorUserId: user.userId, action, entity: `entity:${row.id}`, before, after });
}

export type { EntityBody, UpdateEntityBody };
