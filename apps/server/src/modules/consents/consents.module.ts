/**
 * Consents: an industry's or station's consent to operate (CTO) and no-objection certificates (NOC),
 * their validity, consented limits (made alert rules in one step) and expiry reminders.
 * SPEC 7 (Documents; Other: actionable-task/cto, actionable-task/noc); issue 33.
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { startConsentReminderWorker } from './consent-reminders.ts';
import { consentRoutes } from './consents.routes.ts';
import { ConsentService } from './consents.service.ts';

export interface ConsentsModule {
  consents: ConsentService;
}

declare module 'fastify' {
  interface FastifyInstance {
    consents: ConsentsModule;
  }
}

export const consentsModule = areaModule({
  name: 'consents',
  decorate: 'consents',
  dependencies: ['database', 'auth', 'workers', 'mail', 'entities', 'users', 'documents', 'alerts'],
  build(app) {
    const db = app.database.db;
    const services: ConsentsModule = { consents: new ConsentService(db, app.entities.entities, app.documents.files, app.alerts.rules) };
    app.workers.add('consent-reminders', ({ log }) =>
      startConsentReminderWorker({ db, users: app.users.accounts, mailer: app.messaging.mailer, publicUrl: app.messaging.publicUrl }, log),
    );
    return services;
  },
  routes: [consentRoutes],
});
