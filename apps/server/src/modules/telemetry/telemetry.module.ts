/**
 * Telemetry: readings from devices over HTTP and MQTT, group-committed and acknowledged only once stored.
 * SPEC 7 (station data routes, data import uploads); docs/DEVICES.md.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ingestPlugin } from './telemetry.plugin.ts';
import { telemetryRoutes } from './telemetry.routes.ts';

export const telemetryModule = fp(
  async function telemetry(app: FastifyInstance) {
    await app.register(ingestPlugin, { database: app.database });
    await app.register(telemetryRoutes);
  },
  { name: 'telemetry', dependencies: ['database', 'auth'] },
);
