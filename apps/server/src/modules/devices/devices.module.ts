/**
 * Devices: the analysers mounted on stations, their makes and models, parameters, limits and access
 * tokens, which station each served when (mount history), diagnostics and availability.
 * SPEC 3 (Device, Device param), 7 (Devices and calibration; Tenants: device/make/model CRUD).
 *
 * Calibration (SPEC 7 "Devices and calibration", REGULATORY calibration protocol) lives in this
 * module too but in its own files: when `calibration.routes.ts` exports `calibrationRoutes`, it is
 * registered below beside `deviceRoutes` (the calibration helper adds its one `register` line here).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import type { RpcSink } from '../../platform/mqtt/device-rpc.ts';
import { calibrationRoutes } from './calibration.routes.ts';
import { CalibrationService } from './calibration.service.ts';
import { DeviceAdminService } from './device-admin.service.ts';
import { deviceRpcSink, startDeviceRpcWorker } from './device-rpc.ts';
import { deviceRoutes } from './devices.routes.ts';
import { DeviceService } from './devices.service.ts';
import { MakeService } from './makes.service.ts';
import { StationDevicesRepository } from './station-devices.repository.ts';
import { SuppressionWindowService } from './suppression-windows.service.ts';

export interface DevicesModule {
  /** The fleet: devices, tokens, mounts, diagnostics, availability, CSV imports. */
  fleet: DeviceAdminService;
  makes: MakeService;
  calibration: CalibrationService;
  /** Calibration and maintenance windows, which alerts, compliance, trends and the regulator push read. */
  windows: SuppressionWindowService;
  /** Devices as the CLI and the demo seed create them. */
  provisioning: DeviceService;
  /** Where the broker hands devices' answers to RPC requests. */
  rpcAnswers: RpcSink;
}

declare module 'fastify' {
  interface FastifyInstance {
    devices: DevicesModule;
  }
}

declare module '../../platform/events/app-events.ts' {
  interface AppEvents {
    /** A device was mounted on a station of the industry: its parameters now reach that station. */
    'station.mounted': { tenantId: number };
  }
}

export const devicesModule = areaModule({
  name: 'devices',
  decorate: 'devices',
  dependencies: ['database', 'auth', 'events', 'workers', 'entities', 'documents'],
  build(app) {
    const db = app.database.db;
    const { entities } = app.entities;
    const windows = new SuppressionWindowService(db);
    const services: DevicesModule = {
      fleet: new DeviceAdminService(db, windows, entities, app.events, (tokens) => void app.events.emit('credentials.changed', { tokens })),
      makes: new MakeService(db),
      calibration: new CalibrationService(db, entities, windows, app.documents.documents),
      windows,
      provisioning: new DeviceService(db, app.entities.provisioning),
      rpcAnswers: deviceRpcSink(db, app.log),
    };
    app.entities.showDevicesFrom(new StationDevicesRepository(db));
    app.documents.attachDevicesFrom({ tenantOf: async (auth, id) => (await services.fleet.get(auth, id, false)).tenantId });
    // Calibration start and abort reach devices that take commands over MQTT RPC (either broker).
    app.workers.add('device-rpc', ({ rpc, log }) => (rpc ? startDeviceRpcWorker(db, rpc, log) : undefined));
    return services;
  },
  routes: [deviceRoutes, calibrationRoutes],
});
