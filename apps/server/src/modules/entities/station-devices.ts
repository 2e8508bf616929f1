import type { StdParamRow } from '../../platform/database/std-param-columns.ts';

/**
 * What the entity tree shows of the devices mounted on its stations. The devices module owns the
 * devices and provides this (`EntitiesModule.showDevicesFrom`), so the entities module never
 * imports it: devices depend on stations, not the other way round.
 */
export interface StationDevices {
  /** Devices mounted on the given nodes, or on any node of the tenants when `entityIds` is null. */
  mounted(tenantIds: readonly number[], entityIds: readonly string[] | null): Promise<MountedDeviceRow[]>;
  /** Parameters of the devices `mounted` returns for the same arguments, in slot order. */
  params(tenantIds: readonly number[], entityIds: readonly string[] | null): Promise<DeviceParamRow[]>;
  /** The strictest limits of the parameters of devices in service on the stations of each root. */
  limits(pairs: readonly StationOfRoot[], params: readonly string[]): Promise<LimitRow[]>;
  /** Devices in service mounted on the node. */
  countInService(tenantId: number, entityId: number): Promise<number>;
}

/** A node of the subtree of a root the limits are asked for. */
export interface StationOfRoot {
  tenantId: number;
  rootId: string;
  entityId: string;
}

export interface MountedDeviceRow {
  tenant_id: number;
  id: string;
  entity_id: string | null;
  name: string;
  serial_no: string | null;
  sensor_id: string | null;
  deleted_date: Date | null;
  model_name: string | null;
  make_name: string | null;
}

export interface DeviceParamRow extends StdParamRow {
  tenant_id: number;
  device_id: string;
  slot: number;
  param_unit: string | null;
  param_deleted_date: Date | null;
}

export interface LimitRow {
  root_id: string;
  name: string;
  label: string;
  unit: string;
  min: number | null;
  max: number | null;
}

