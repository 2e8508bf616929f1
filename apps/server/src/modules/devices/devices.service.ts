/**
 * Devices: the analysers mounted on stations, the parameters they report in their slots, the
 * limits of those parameters and the access tokens they report with.
 * SPEC 3 (Device, Device param), 7 (Devices and calibration; Tenants: device/make/model CRUD).
 */
import { randomBytes } from 'node:crypto';
import { CreateDevice, type CreatedDevice } from '@enviro/contracts/devices';
import type { Db } from '../../platform/database/database.ts';
import { badRequest } from '../../platform/errors.ts';
import type { EntityProvisioningService } from '../entities/entity-provisioning.service.ts';
import { DeviceRepository, type OperatorDeviceRow } from './devices.repository.ts';
import { SpectralParamRepository } from './spectral-params.repository.ts';

export type { OperatorDeviceRow } from './devices.repository.ts';

/**
 * Devices as an operator creates and lists them (the admin CLI, the demo seed and tests, through
 * ProvisioningService). No route reaches it yet, so it trusts its caller; it parses its input
 * against the contract whoever calls.
 */
export class DeviceService {
  private readonly devices: DeviceRepository;
  private readonly spectral: SpectralParamRepository;

  constructor(private readonly db: Db, private readonly entities: EntityProvisioningService) {
    this.devices = new DeviceRepository(db);
    this.spectral = new SpectralParamRepository(db);
  }

  /** Creates a device on a station with its parameters in slots 1, 2, ... in the order given. */
  async create(input: CreateDevice): Promise<CreatedDevice> {
    const d = CreateDevice.parse(input);
    const names = d.params.map((p) => p.name);
    const duplicate = names.find((n, i) => names.indexOf(n) !== i);
    if (duplicate) throw badRequest('params', `parameter ${duplicate} given twice`);
    await this.spectral.ensure(names);
    const stdIds = await this.devices.stdParamIds(names);
    const unknown = names.find((n) => !stdIds.has(n));
    if (unknown) throw badRequest('params', `unknown parameter ${unknown}; see /api/allMetaStdParams`);
    if (!(await this.entities.exists(d.tenantId, d.entityId))) throw badRequest('entityId', `no entity ${d.entityId} in tenant ${d.tenantId}`);

    const params = d.params.map((p, i) => ({ ...p, slot: i + 1 }));
    const accessToken = d.accessToken ?? randomBytes(15).toString('base64url');
    const id = await this.db.transaction().execute(async (trx) => {
      const devices = this.devices.in(trx);
      const modelId = d.make ? await devices.modelId(d.make, d.model ?? 'Generic') : null;
      const write = { name: d.name, modelId, serialNo: d.serialNo ?? null, sensorId: d.sensorId ?? null, tags: d.tags };
      // The parameters take slots 1, 2, ... in the order given; the device's first mount holds from the start.
      const id = await devices.insert(d.tenantId, write, d.params.map((p) => ({ stdParamId: stdIds.get(p.name)!, unit: p.unit ?? null, min: p.min ?? null, max: p.max ?? null })), accessToken);
      await devices.mount(d.tenantId, id, d.entityId, null);
      return id;
    });
    return { id, accessToken, params: params.map((p) => ({ name: p.name, slot: p.slot })) };
  }

  /** Whether a device already reports with this access token. */
  tokenTaken(accessToken: string): Promise<boolean> {
    return this.devices.tokenTaken(accessToken);
  }

  /** The tenant's devices not deleted, by id, with their station, parameters and access tokens. */
  /** Devices in service per tenant. */
  countInService(tenantIds: readonly number[]): Promise<Map<number, number>> {
    return this.devices.countInService(tenantIds);
  }

  list(tenantId: number): Promise<OperatorDeviceRow[]> {
    return this.devices.listForOperator(tenantId);
  }
}
