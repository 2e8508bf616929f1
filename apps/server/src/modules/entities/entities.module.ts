/**
 * Entities: a tenant's tree of groups, facilities and stations with their devices and parameter limits.
 * SPEC 3 (Entity tree node, Station, Device, Device param, Limit request), 6 (entity limits of a user), 7 (Public: /entities, /entity/{id}, /alertlimit; Entities: tree CRUD, working status, entityProps, timezones; usedAddOnStations).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { entityAdminRoutes } from './entity-admin.routes.ts';
import { EntityAdminService } from './entity-admin.service.ts';
import { entityRoutes } from './entities.routes.ts';
import { EntityService } from './entities.service.ts';
import { EntityProvisioningService } from './entity-provisioning.service.ts';
import type { StationCameras } from './station-cameras.ts';
import type { MeterLocations } from './meter-locations.ts';
import type { StationDevices } from './station-devices.ts';

export interface EntitiesModule {
  entities: EntityService;
  admin: EntityAdminService;
  provisioning: EntityProvisioningService;
  /** Gives the tree the devices mounted on its stations (the devices module, registered after this one). */
  showDevicesFrom: (devices: StationDevices) => void;
  /** Gives the entity list's `camera` filter the nodes with cameras (the cameras module, registered later). */
  showCamerasFrom: (cameras: StationCameras) => void;
  /** Gives the entity list's `getLocatedDevices` where the energy meters are located (the energy module, registered later). */
  locateMetersFrom: (meters: MeterLocations) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    entities: EntitiesModule;
  }
}

export const entitiesModule = areaModule({
  name: 'entities',
  decorate: 'entities',
  dependencies: ['database', 'auth'],
  build(app) {
    const db = app.database.db;
    let devices: StationDevices | undefined;
    const stationDevices = () => {
      if (!devices) throw new Error('the devices module has not given the entity tree its devices');
      return devices;
    };
    let cameras: StationCameras | undefined;
    // Before the cameras module gives its own, no node has a camera.
    const stationCameras = (): StationCameras => cameras ?? { nodesWithCameras: async () => new Set() };
    let meters: MeterLocations | undefined;
    // Before the energy module gives its own, no meter is located anywhere.
    const meterLocations = (): MeterLocations => meters ?? { current: async () => [] };
    const entities = new EntityService(db, stationDevices, stationCameras, meterLocations);
    const services: EntitiesModule = {
      entities,
      admin: new EntityAdminService(db, entities, stationDevices),
      provisioning: new EntityProvisioningService(db),
      showDevicesFrom: (source) => (devices = source),
      showCamerasFrom: (source) => (cameras = source),
      locateMetersFrom: (source) => (meters = source),
    };
    return services;
  },
  routes: [entityRoutes, entityAdminRoutes],
});
