/**
 * Telemetry: readings from devices over HTTP and MQTT, group-committed and acknowledged only once stored.
 * SPEC 7 (station data routes, data import uploads); docs/DEVICES.md.
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { csvImportRoutes } from './csv-import.routes.ts';
import { openIngest } from './ingest.ts';
import { telemetryRoutes } from './telemetry.routes.ts';
import type { IngestService } from './telemetry.service.ts';

export interface TelemetryModule {
  /** Device ingestion shared by the HTTP telemetry route and the MQTT broker. */
  ingest: IngestService;
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
    const services: TelemetryModule = { ingest: await openIngest(app, app.database) };
    // Whoever changes a device's or a gateway's credentials announces it once committed: this
    // server drops them from its token cache at once (other servers hear of it by NOTIFY).
    app.events.on('credentials.changed', ({ tokens }) => services.ingest.forgetTokens(tokens));
    await app.register(csvImportRoutes, { fleet: app.devices.fleet });
    return services;
  },
  routes: [telemetryRoutes],
});
