/**
 * Telemetry: readings from devices over HTTP and MQTT, group-committed and acknowledged only once stored.
 * SPEC 7 (station data routes, data import uploads); docs/DEVICES.md.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openIngest } from './ingest.ts';
import { telemetryRoutes } from './telemetry.routes.ts';
import type { IngestService } from './telemetry.service.ts';

export interface TelemetryModule {
  /** Device ingestion shared by the HTTP telemetry route and the MQTT broker. */
  ingest: IngestService;
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
    await app.register(telemetryRoutes, services);
  },
  { name: 'telemetry', dependencies: ['database', 'auth', 'metrics'] },
);
