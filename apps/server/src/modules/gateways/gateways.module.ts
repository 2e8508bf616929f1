/**
 * Gateways: one MQTT connection forwarding many of an industry's devices by ThingsBoard's gateway API
 * (the broker side is platform/mqtt/gateway-topic.ts, ingestion the telemetry module's).
 * SPEC 6 (gateway count: partnerId only for site users), 7 (Other: gateways and gateway counts; edge clients).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { gatewayRoutes } from './gateways.routes.ts';

export const gatewaysModule = fp(
  async function gateways(app: FastifyInstance) {
    await app.register(gatewayRoutes);
  },
  { name: 'gateways', dependencies: ['database', 'auth', 'telemetry'] },
);
