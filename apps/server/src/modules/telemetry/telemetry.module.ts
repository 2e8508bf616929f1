/**
 * Telemetry: readings from devices over HTTP and MQTT, group-committed and acknowledged only once stored.
 * SPEC 7 (station data routes, data import uploads); docs/DEVICES.md.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

export const telemetryModule = fp(
  async function telemetry(app: FastifyInstance) {
    const services: TelemetryModule = { ingest: await openIngest(app, app.database) };
    app.decorate('telemetry', services);
    // Whoever changes a device's or a gateway's credentials announces it once committed: this
    // server drops them from its token cache at once (other servers hear of it by NOTIFY).
    app.events.on('credentials.changed', ({ tokens }) => services.ingest.forgetTokens(tokens));
    await app.register(telemetryRoutes, services);
    await app.register(csvImportRoutes, { fleet: app.devices.fleet });
  },
  { name: 'telemetry', dependencies: ['database', 'auth', 'metrics', 'events', 'devices'] },
);
