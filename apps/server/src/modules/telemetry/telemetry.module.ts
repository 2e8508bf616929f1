/**
 * Telemetry: readings from devices over HTTP and MQTT, group-committed and acknowledged only once stored.
 * SPEC 7 (station data routes, data import uploads); docs/DEVICES.md.
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import type { TelemetryPayload, TelemetryResult } from '@enviro/contracts/telemetry';
import { csvImportRoutes } from './csv-import.routes.ts';
import { findImportDevice } from './csv-import.service.ts';
import { openIngest } from './ingest.ts';
import { telemetryRoutes } from './telemetry.routes.ts';
import type { IngestService } from './telemetry.service.ts';

export interface TelemetryModule {
  /** Device ingestion shared by the HTTP telemetry route and the MQTT broker. */
  ingest: IngestService;
  /**
   * Stores a payload as a device's own, named by id (readings entered by hand: an energy meter read
   * on a walk-round): the same parsing, merging, rollup marks and alerts as what the device sends.
   * The caller has checked the device is one the user may change.
   */
  storeFor: (deviceId: number, payload: TelemetryPayload) => Promise<TelemetryResult>;
}

declare module '../../platform/events/app-events.ts' {
  interface AppEvents {
    /** Device or gateway access tokens changed or revoked (committed). */
    'credentials.changed': { tokens: readonly string[] };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    telemetry: TelemetryModule;
  }
}

export const telemetryModule = areaModule({
  name: 'telemetry',
  decorate: 'telemetry',
  dependencies: ['database', 'auth', 'metrics', 'events', 'devices'],
  async build(app) {
    const ingest = await openIngest(app, app.database);
    const services: TelemetryModule = { ingest, storeFor: async (deviceId, payload) => ingest.store(await findImportDevice(app.database.db, { deviceId }), payload) };
    // Whoever changes a device's or a gateway's credentials announces it once committed: this
    // server drops them from its token cache at once (other servers hear of it by NOTIFY).
    app.events.on('credentials.changed', ({ tokens }) => services.ingest.forgetTokens(tokens));
    await app.register(csvImportRoutes, { fleet: app.devices.fleet });
    return services;
  },
  routes: [telemetryRoutes],
});
