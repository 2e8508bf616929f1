import type { CreateDevice, CreatedDevice } from '@enviro/contracts/devices';
import type { CreateEntity } from '@enviro/contracts/entities';
import type { CreateTenant } from '@enviro/contracts/tenants';
import type { FastifyInstance } from 'fastify';
import { DeviceService, type OperatorDeviceRow } from './modules/devices/devices.service.ts';
import { EntityProvisioningService } from './modules/entities/entity-provisioning.service.ts';
import { ProvisioningService } from './modules/tenants/provisioning.service.ts';
import type { Db } from './platform/database/database.ts';
import type { OperatorTenantRow } from './modules/tenants/tenants.repository.ts';

/**
 * What an operator sets up outside any request, one entry for the admin CLI, the demo seed, the
 * benchmarks and the tests' builders: tenants, stations and devices, each through the
 * provisioning service of the module that owns it. No route reaches it; the services trust their
 * caller and parse inputs against the contracts.
 */
export class OperatorProvisioning {
  constructor(
    private readonly tenants: ProvisioningService,
    private readonly entities: EntityProvisioningService,
    private readonly devices: DeviceService,
  ) {}

  /** Over an app's modules. */
  static of(app: Pick<FastifyInstance, 'tenants' | 'entities' | 'devices'>): OperatorProvisioning {
    return new OperatorProvisioning(app.tenants.provisioning, app.entities.provisioning, app.devices.provisioning);
  }

  /**
   * Over the database alone, for a process that builds no app (the admin CLI, the tests' builders):
   * the same three provisioning services the modules build, which need nothing but the database.
   */
  static over(db: Db): OperatorProvisioning {
    const entities = new EntityProvisioningService(db);
    return new OperatorProvisioning(new ProvisioningService(db), entities, new DeviceService(db, entities));
  }

  createTenant(input: CreateTenant): Promise<{ id: number }> {
    return this.tenants.createTenant(input);
  }

  /** Puts industries on an investor's or quasi-regulator's watch list, or (`watched` false) takes them off. */
  setWatched(watcherId: number, tenantIds: readonly number[], watched = true): Promise<void> {
    return this.tenants.setWatched(watcherId, tenantIds, watched);
  }

  /** Adds statutory or CGWA bodies an industry reports to, beside those it has. */
  addStatutoryBodies(tenantId: number, statutoryIds: readonly number[]): Promise<void> {
    return this.tenants.addStatutoryBodies(tenantId, statutoryIds);
  }

  /** Issues an API key for a tenant; only its hash is stored, so the key is shown once. */
  createApiKey(tenantId: number, name: string): Promise<{ key: string }> {
    return this.tenants.createApiKey(tenantId, name);
  }

  /** Whether the tenant exists, in any status (and, when types are given, is of one of them). */
  tenantExists(id: number, types?: readonly string[]): Promise<boolean> {
    return this.tenants.tenantExists(id, types);
  }

  /** Every tenant of the type and status given, by id, with the bodies it reports to and its devices in service counted. */
  async listTenants(filter: { type?: string | undefined; status?: string | undefined }): Promise<(OperatorTenantRow & { devices: number })[]> {
    const tenants = await this.tenants.listTenants(filter);
    const devices = await this.devices.countInService(tenants.map((t) => t.id));
    return tenants.map((t) => ({ ...t, devices: devices.get(t.id) ?? 0 }));
  }

  createEntity(input: CreateEntity): Promise<{ id: number }> {
    return this.entities.create(input);
  }

  createDevice(input: CreateDevice): Promise<CreatedDevice> {
    return this.devices.create(input);
  }

  /** Whether a device already reports with this access token. */
  tokenTaken(accessToken: string): Promise<boolean> {
    return this.devices.tokenTaken(accessToken);
  }

  listDevices(tenantId: number): Promise<OperatorDeviceRow[]> {
    return this.devices.list(tenantId);
  }
}
