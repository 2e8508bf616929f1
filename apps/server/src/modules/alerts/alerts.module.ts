/**
 * Alerts: exceedances of a station's limits, counted by parameter or interval; alert rules, their
 * evaluation on closed 15-minute slots, the alert lifecycle, escalation until acknowledged and
 * notifications (docs/ALERTS.md).
 * SPEC 1 (alert rule and escalation management), 3 (Alert count form, Alert rule), 4 (numeric device
 * alert state, patch format, 4-second notices), 7 (Alerts), 9 (station alert window 24 h, SYSTEM).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { FetchWebhookSender, type WebhookSender } from '../../platform/webhook/webhook-sender.ts';
import { alertRoutes } from './alert-admin.routes.ts';
import { AlertEpisodeService } from './alert-episodes.service.ts';
import { AlertRuleService } from './alert-rules.service.ts';
import { publicAlertRoutes } from './alerts.routes.ts';
import { AlertService } from './alerts.service.ts';
import type { AlertAttachments } from './alert-notifier.ts';
import { startAlertsWorker } from './alerts-worker.ts';
import { NotificationService } from './notifications.service.ts';
import { RaisedAlertService } from './raised-alerts.service.ts';

export interface AlertsModule {
  alerts: AlertService;
  rules: AlertRuleService;
  episodes: AlertEpisodeService;
  notifications: NotificationService;
  /** Alerts other modules judge themselves and raise (energy budgets). */
  raised: RaisedAlertService;
  /** Gives alert mails the camera snapshots of their station (the cameras module, registered later). */
  showSnapshotsFrom: (source: AlertAttachments) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertsModule;
  }
}

export interface AlertsModuleOptions {
  /** Where webhook notifications go; unset, real HTTP requests. */
  webhooks?: WebhookSender;
}

export const alertsModule = areaModule({
  name: 'alerts',
  decorate: 'alerts',
  dependencies: ['database', 'auth', 'mail', 'workers', 'tenants', 'entities', 'devices', 'data'],
  build(app, opts: AlertsModuleOptions) {
    const db = app.database.db;
    const { entities } = app.entities;
    let pictures: AlertAttachments | undefined;
    const attachments: AlertAttachments = { snapshots: async (keys) => (pictures ? pictures.snapshots(keys) : []) };
    const services: AlertsModule = {
      alerts: new AlertService(db, entities),
      rules: new AlertRuleService(db),
      episodes: new AlertEpisodeService(db, app.tenants.directory, entities),
      notifications: new NotificationService(db),
      raised: new RaisedAlertService(db),
      showSnapshotsFrom: (source) => (pictures = source),
    };
    const webhooks = opts.webhooks ?? new FetchWebhookSender();
    app.workers.add('alerts', ({ log }) => startAlertsWorker(db, app.devices.windows, { ...app.messaging, webhooks, attachments }, log));
    return services;
  },
  routes: [publicAlertRoutes, alertRoutes],
});
