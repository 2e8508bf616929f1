import { groupBy } from '@enviro/domain/group-by';
import type { EntityType } from '@enviro/contracts/common';
import type { DeviceParam, EntitiesQuery, EntityDevice, EntityNode, LocatedDevice, EntityNodeShort, EntityQuery, EntityStatus, EntityTree, LimitRequest, ParamLimit } from '@enviro/contracts/entities';
import { deviceDisplayId } from '@enviro/domain/display-id';
import { liveStatus } from '@enviro/domain/live-status';
import { sortByNameNatural } from '@enviro/domain/natural-sort';
import { assertCanReadTenant, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { entityVisible, visibleIdsIn, type EntityRestriction } from '../../platform/access/entity-access.ts';
import type { Db } from '../../platform/database/database.ts';
import { toStdParam } from '../../platform/database/std-param-columns.ts';
import { notFound } from '../../platform/errors.ts';
import { EntityRepository, type EntityRow } from './entities.repository.ts';
import type { MeterLocation, MeterLocations } from './meter-locations.ts';
import type { StationCameras } from './station-cameras.ts';
import type { DeviceParamRow, MountedDeviceRow, StationDevices } from './station-devices.ts';

const nodeNotFound = (id: number) => notFound(`No Node with id= ${id} exists`);

/** Which devices to attach, and whether with their parameters. */
interface DeviceOptions {
  devices: boolean;
  params: boolean;
}

/** Restrictions by request (an Auth is per request), so the services a request calls look it up once. */
const restrictions = new WeakMap<Auth, Promise<EntityRestriction | null>>();

/** The entity trees (SPEC 3, 5) and which of their nodes a caller may see, for this area's routes and for other modules. */
export class EntityService {
  private readonly entities: EntityRepository;

  /** @param stationDevices the devices on the stations (the devices module's, given once it is built). */
  constructor(
    db: Db,
    private readonly stationDevices: () => StationDevices,
    private readonly stationCameras: () => StationCameras = () => ({ nodesWithCameras: async () => new Set() }),
    private readonly meterLocations: () => MeterLocations = () => ({ current: async () => [] }),
  ) {
    this.entities = new EntityRepository(db);
  }

  /**
   * The entities the caller is limited to (see EntityRestriction), or null when it sees every entity
   * of its tenants: no limit set, or not a user. Asking for one's own limit needs no access.
   */
  restriction(auth: Auth): Promise<EntityRestriction | null> {
    if (auth.kind !== 'user') return Promise.resolve(null);
    let found = restrictions.get(auth);
    if (!found) {
      found = this.entities.findRestriction(auth.homeTenantId, auth.userId);
      restrictions.set(auth, found);
    }
    return found;
  }

  /** Entities of the tenant with their ancestors (itself first, then nearest first). No caller: for a module that checked the tenant is read. */
  lineages(tenantId: number, ids: readonly number[]): Promise<Map<string, string[]>> {
    return this.entities.findLineages(tenantId, ids);
  }

  /** Ids of the entities of `tenantId` the caller may see, or null when it sees all of them. */
  async visibleIds(auth: Auth, tenantId: number): Promise<string[] | null> {
    assertCanReadTenant(auth, tenantId);
    return visibleIdsIn(await this.restriction(auth), tenantId);
  }

  /** Ids of a node of `tenantId` and its descendants, any status; 404 when the node is not there or hidden from the caller. */
  async subtreeIds(auth: Auth, tenantId: number, nodeId: number): Promise<string[]> {
    assertCanReadTenant(auth, tenantId);
    const [rows, restriction] = await Promise.all([this.entities.findSubtree([tenantId], nodeId), this.restriction(auth)]);
    const root = rows.find((r) => Number(r.id) === nodeId);
    if (!root || !entityVisible(restriction, root)) throw nodeNotFound(nodeId);
    return rows.map((r) => r.id);
  }

  /** The trees of the caller's tenants (or of `query.tenantId`), filtered by status and type. */
  async tree(auth: Auth, query: EntitiesQuery): Promise<EntityTree> {
    const tenantIds = scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]);
    const [all, restriction, withCameras] = await Promise.all([
      this.entities.findNodes(tenantIds),
      this.restriction(auth),
      query.camera ? this.stationCameras().nodesWithCameras(tenantIds) : undefined,
    ]);
    // A user limited to some entities sees those as roots, with their descendants.
    const rows = all.filter((row) => entityVisible(restriction, row));
    const shown = (row: EntityRow) =>
      (withCameras === undefined || withCameras.has(key(row.tenant_id, row.id))) &&
      query.status.includes(row.status as EntityStatus) &&
      (query.type === undefined || query.type.includes(row.type as EntityType)) &&
      !query.excludeType?.includes(row.type as EntityType);
    const now = Date.now();
    if (query.short) return assemble<EntityNodeShort>(rows, shown, (row, children) => toShortNode(row, children, now));
    const [devices, meters] = await Promise.all([
      this.devices(tenantIds, null, { devices: query.getDevices || query.getLocatedDevices, params: query.params }),
      query.getLocatedDevices ? this.meterLocations().current(tenantIds) : undefined,
    ]);
    const located = meters && locatedDevices(meters, rows, devices!);
    return assemble<EntityNode>(rows, shown, (row, children) => toNode(row, children, devices, now, located));
  }

  /** One ENABLED node with its ENABLED subtree; 404 when it is missing, deleted or another tenant's. */
  async node(auth: Auth, id: number, query: EntityQuery): Promise<EntityNode> {
    const tenantIds = scopeTenantIds(auth);
    const [rows, restriction] = await Promise.all([this.entities.findSubtree(tenantIds, id), this.restriction(auth)]);
    const root = rows.find((r) => Number(r.id) === id);
    // Descendants of a visible node are visible, so checking the root limits the whole subtree.
    if (!root || root.status !== 'ENABLED' || !entityVisible(restriction, root)) throw nodeNotFound(id);
    const devices = await this.devices(tenantIds, rows.map((r) => r.id), {
      devices: query.withDevices,
      params: query.withParams,
    });
    const now = Date.now();
    const [node] = assemble<EntityNode>(rows, (r) => r.status === 'ENABLED', (row, children) => toNode(row, children, devices, now));
    return node!;
  }

  /** The node's direct children (each with its subtree), in natural name order. */
  async children(auth: Auth, id: number, query: EntityQuery): Promise<EntityNode[]> {
    return (await this.node(auth, id, query)).children;
  }

  /** Alert limits of the entities' device parameters, their descendants' devices included. */
  async limits(auth: Auth, request: LimitRequest): Promise<ParamLimit[]> {
    const tenantIds = scopeTenantIds(auth);
    const ids = [...new Set(request.entityIds)];
    const [found, restriction] = await Promise.all([this.entities.findByIds(tenantIds, ids), this.restriction(auth)]);
    const names = new Map(
      found.filter((e) => e.status === 'ENABLED' && entityVisible(restriction, e)).map((e) => [Number(e.id), e.name]),
    );
    const missing = ids.find((id) => !names.has(id));
    if (missing !== undefined) throw nodeNotFound(missing);
    const subtrees = await this.entities.findEnabledSubtrees(tenantIds, ids);
    const rows = await this.stationDevices().limits(
      subtrees.map((s) => ({ tenantId: s.tenant_id, rootId: s.root_id, entityId: s.id })),
      request.params,
    );
    return ids.flatMap((entityId) =>
      rows
        .filter((r) => Number(r.root_id) === entityId)
        .map((r) => ({
          entityId,
          entityName: names.get(entityId)!,
          paramName: r.name,
          paramLabel: r.label,
          unit: r.unit,
          min: r.min,
          max: r.max,
        })),
    );
  }

  /** Devices by node key, each list in natural name order; undefined when devices were not asked for. */
  private async devices(
    tenantIds: readonly number[],
    entityIds: readonly string[] | null,
    options: DeviceOptions,
  ): Promise<Map<string, EntityDevice[]> | undefined> {
    if (!options.devices) return undefined;
    const [devices, params] = await Promise.all([
      this.stationDevices().mounted(tenantIds, entityIds),
      options.params ? this.stationDevices().params(tenantIds, entityIds) : undefined,
    ]);
    const paramsByDevice = params && groupBy(params, (p) => key(p.tenant_id, p.device_id), toDeviceParam);
    const byNode = groupBy(
      devices,
      (d) => key(d.tenant_id, d.entity_id!),
      (d) => toDevice(d, paramsByDevice && (paramsByDevice.get(key(d.tenant_id, d.id)) ?? [])),
    );
    for (const [k, list] of byNode) byNode.set(k, sortByNameNatural(list, (d) => d.name));
    return byNode;
  }
}

/**
 * Builds the forest from flat rows in memory. A row that is not `shown` is left out and its shown
 * descendants take its place under its nearest shown ancestor (or become roots), so filtering by
 * type or status never loses a matching node. Siblings are in natural name order (SPEC 5).
 */
function assemble<N extends { name: string }>(
  rows: readonly EntityRow[],
  shown: (row: EntityRow) => boolean,
  makeNode: (row: EntityRow, children: N[]) => N,
): N[] {
  const present = new Set(rows.map((r) => key(r.tenant_id, r.id)));
  const parentKey = (row: EntityRow) => (row.parent_id === null ? '' : key(row.tenant_id, row.parent_id));
  const roots = rows.filter((row) => !present.has(parentKey(row)));
  const childrenOf = groupBy(
    rows.filter((row) => present.has(parentKey(row))),
    parentKey,
    (row) => row,
  );
  const build = (row: EntityRow): N[] => {
    const children = sortByNameNatural((childrenOf.get(key(row.tenant_id, row.id)) ?? []).flatMap(build), (n) => n.name);
    return shown(row) ? [makeNode(row, children)] : children;
  };
  return sortByNameNatural(roots.flatMap(build), (n) => n.name);
}

// Entity and device ids are unique per tenant by the schema's keys, so map keys carry the tenant.
const key = (tenantId: number, id: string) => `${tenantId}/${id}`;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/**
 * The devices located at each node (by node key): those of the energy meters measuring it, each
 * named by its station and the meter's role. A meter whose station the caller does not see (a user
 * limited to some stations) is left out, as its station is.
 */
function locatedDevices(meters: readonly MeterLocation[], rows: readonly EntityRow[], devices: Map<string, EntityDevice[]>): Map<string, LocatedDevice[]> {
  const stations = new Map(rows.map((r) => [key(r.tenant_id, r.id), r]));
  const out = new Map<string, LocatedDevice[]>();
  for (const m of meters) {
    const station = stations.get(key(m.tenantId, m.stationId));
    if (!station) continue;
    const at = key(m.tenantId, m.nodeId);
    const list = out.get(at) ?? [];
    for (const d of devices.get(key(m.tenantId, m.stationId)) ?? []) list.push({ ...d, stationId: Number(m.stationId), stationName: station.name, meterRole: m.role, meterSource: m.source });
    out.set(at, list);
  }
  for (const [k, list] of out) out.set(k, sortByNameNatural(list, (d) => d.stationName));
  return out;
}

function toNode(
  row: EntityRow,
  children: EntityNode[],
  devices: Map<string, EntityDevice[]> | undefined,
  now: number,
  located?: Map<string, LocatedDevice[]>,
): EntityNode {
  return {
    id: Number(row.id),
    tenantId: row.tenant_id,
    name: row.name,
    // The table's CHECK constraints hold type and status to the contract's values.
    type: row.type as EntityType,
    status: row.status as EntityStatus,
    properties: row.properties,
    workingStatus: row.working_status,
    lastDataAt: iso(row.last_data_at),
    liveStatus: liveStatus(row.last_data_at?.getTime() ?? null, now),
    ...(devices && { devices: devices.get(key(row.tenant_id, row.id)) ?? [] }),
    ...(located && { locatedDevices: located.get(key(row.tenant_id, row.id)) ?? [] }),
    children,
  };
}

function toShortNode(row: EntityRow, children: EntityNodeShort[], now: number): EntityNodeShort {
  return {
    id: Number(row.id),
    name: row.name,
    type: row.type as EntityType,
    lastDataAt: iso(row.last_data_at),
    liveStatus: liveStatus(row.last_data_at?.getTime() ?? null, now),
    children,
  };
}

function toDevice(row: MountedDeviceRow, params: DeviceParam[] | undefined): EntityDevice {
  const id = Number(row.id);
  return {
    id,
    name: row.name,
    displayId: deviceDisplayId(id),
    model: row.model_name === null ? null : { name: row.model_name, make: { name: row.make_name ?? '' } },
    serialNo: row.serial_no,
    sensorId: row.sensor_id,
    deletedDate: iso(row.deleted_date),
    ...(params && { profile: { params } }),
  };
}

function toDeviceParam(row: DeviceParamRow): DeviceParam {
  const stdParam = toStdParam(row);
  const unit = row.param_unit ?? stdParam.stdUnit;
  return { stdParam, unit, rawUnit: unit, isConversion: stdParam.isConversion, deletedDate: iso(row.param_deleted_date) };
}
