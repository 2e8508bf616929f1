/**
 * Gateways: one MQTT connection forwarding many of an industry's devices by ThingsBoard's gateway API
 * (the broker side is platform/mqtt/gateway-topic.ts, ingestion the telemetry module's).
 * SPEC 6 (gateway count: partnerId only for site users), 7 (Other: gateways and gateway counts; edge clients).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { gatewayRoutes } from './gateways.routes.ts';
import { GatewayService } from './gateways.service.ts';

export interface GatewaysModule {
  gateways: GatewayService;
}

declare module 'fastify' {
  interface FastifyInstance {
    gateways: GatewaysModule;
  }
}

export const gatewaysModule = areaModule({
  name: 'gateways',
  decorate: 'gateways',
  dependencies: ['database', 'auth', 'events'],
  build(app) {
    const services: GatewaysModule = { gateways: new GatewayService(app.database.db, (tokens) => void app.events.emit('credentials.changed', { tokens })) };
    return services;
  },
  routes: [gatewayRoutes],
});
