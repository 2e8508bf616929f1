/**
 * Alerts: exceedances of a station's limits, counted by parameter or interval.
 * SPEC 3 (Alert count form, Alert rule), 7 (Alerts: /tenants/{id}/alertData), 9 (station alert window 24 h, SYSTEM).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicAlertRoutes } from './alerts.routes.ts';

export const alertsModule = fp(
  async function alerts(app: FastifyInstance) {
    await app.register(publicAlertRoutes);
  },
  { name: 'alerts', dependencies: ['database', 'auth'] },
);
