/**
 * Alerts: exceedances of a station's limits, counted by parameter or interval; alert rules, their
 * evaluation on closed 15-minute slots, the alert lifecycle, escalation until acknowledged and
 * notifications (docs/ALERTS.md).
 * SPEC 1 (alert rule and escalation management), 3 (Alert count form, Alert rule), 4 (numeric device
 * alert state, patch format, 4-second notices), 7 (Alerts), 9 (station alert window 24 h, SYSTEM).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { alertRoutes } from './alert-admin.routes.ts';
import { publicAlertRoutes } from './alerts.routes.ts';

export const alertsModule = fp(
  async function alerts(app: FastifyInstance) {
    await app.register(publicAlertRoutes);
    await app.register(alertRoutes);
  },
  { name: 'alerts', dependencies: ['database', 'auth'] },
);
