import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { accountsModule } from './modules/accounts/accounts.module.ts';
import { alertsModule, type AlertsModuleOptions } from './modules/alerts/alerts.module.ts';
import { camerasModule, type CamerasModuleOptions } from './modules/cameras/cameras.module.ts';
import { changeRequestsModule } from './modules/change-requests/change-requests.module.ts';
import { auditLogModule } from './modules/audit-log/audit-log.module.ts';
import { complianceModule } from './modules/compliance/compliance.module.ts';
import { dataQualityModule } from './modules/data-quality/data-quality.module.ts';
import { consentsModule } from './modules/consents/consents.module.ts';
import { corporatesModule } from './modules/corporates/corporates.module.ts';
import { dashboardsModule } from './modules/dashboards/dashboards.module.ts';
import { dataModule, type DataModuleOptions } from './modules/data/data.module.ts';
import { devicesModule } from './modules/devices/devices.module.ts';
import { gatewaysModule } from './modules/gateways/gateways.module.ts';
import { documentsModule } from './modules/documents/documents.module.ts';
import { entitiesModule } from './modules/entities/entities.module.ts';
import { measurementsModule } from './modules/measurements/measurements.module.ts';
import { energyModule } from './modules/energy/energy.module.ts';
import { partnersModule } from './modules/partners/partners.module.ts';
import { preferencesModule } from './modules/preferences/preferences.module.ts';
import { openDataModule } from './modules/open-data/open-data.module.ts';
import { publicPortalModule } from './modules/public-portal/public-portal.module.ts';
import { regulatorModule, type RegulatorModuleOptions } from './modules/regulator/regulator.module.ts';
import { reportsModule, type ReportsModuleOptions } from './modules/reports/reports.module.ts';
import { subscriptionsModule, type SubscriptionsModuleOptions } from './modules/subscriptions/subscriptions.module.ts';
import { telemetryModule } from './modules/telemetry/telemetry.module.ts';
import { tenantsModule } from './modules/tenants/tenants.module.ts';
import { usersModule } from './modules/users/users.module.ts';
import { warrantyRequestsModule } from './modules/warranty-requests/warranty-requests.module.ts';
import type { DatabaseHandle } from './platform/database/database.ts';
import { databasePlugin } from './platform/database/database.plugin.ts';
import { authPlugin } from './platform/http/auth.plugin.ts';
import { docsPlugin } from './platform/http/docs.plugin.ts';
import { errorsPlugin, frameworkErrorAnswer } from './platform/http/errors.plugin.ts';
import { healthPlugin } from './platform/http/health.plugin.ts';
import { healthRoutes } from './platform/http/health.routes.ts';
import { metricsPlugin, type MetricsOptions } from './platform/http/metrics.plugin.ts';
import { requestBodyPlugin } from './platform/http/request-body.plugin.ts';
import { securityHeadersPlugin } from './platform/http/security-headers.plugin.ts';
import { webPlugin } from './platform/http/web.plugin.ts';
import { eventsPlugin } from './platform/events/app-events.ts';
import { workersPlugin } from './platform/jobs/workers.plugin.ts';
import { mailPlugin, type MailOptions } from './platform/mail/mail.plugin.ts';
import type { SmsProvider } from './platform/sms/sms-provider.ts';

// The services each area decorates the app with (and, through their files, the typing of
// `app.<area>` for whoever builds the app: tests, the CLI, the bench).
export type { AccountsModule } from './modules/accounts/accounts.module.ts';
export type { AlertsModule } from './modules/alerts/alerts.module.ts';
export type { AuditLogModule } from './modules/audit-log/audit-log.module.ts';
export type { CamerasModule } from './modules/cameras/cameras.module.ts';
export type { ChangeRequestsModule } from './modules/change-requests/change-requests.module.ts';
export type { ComplianceModule } from './modules/compliance/compliance.module.ts';
export type { DataQualityModule } from './modules/data-quality/data-quality.module.ts';
export type { ConsentsModule } from './modules/consents/consents.module.ts';
export type { CorporatesModule } from './modules/corporates/corporates.module.ts';
export type { DashboardsModule } from './modules/dashboards/dashboards.module.ts';
export type { DataModule } from './modules/data/data.module.ts';
export type { DevicesModule } from './modules/devices/devices.module.ts';
export type { DocumentsModule } from './modules/documents/documents.module.ts';
export type { EntitiesModule } from './modules/entities/entities.module.ts';
export type { GatewaysModule } from './modules/gateways/gateways.module.ts';
export type { MeasurementsModule } from './modules/measurements/measurements.module.ts';
export type { EnergyModule } from './modules/energy/energy.module.ts';
export type { PartnersModule } from './modules/partners/partners.module.ts';
export type { PreferencesModule } from './modules/preferences/preferences.module.ts';
export type { OpenDataModule } from './modules/open-data/open-data.module.ts';
export type { PublicPortalModule } from './modules/public-portal/public-portal.module.ts';
export type { RegulatorModule } from './modules/regulator/regulator.module.ts';
export type { ReportsModule } from './modules/reports/reports.module.ts';
export type { SubscriptionsModule } from './modules/subscriptions/subscriptions.module.ts';
export type { TelemetryModule } from './modules/telemetry/telemetry.module.ts';
export type { TenantsModule } from './modules/tenants/tenants.module.ts';
export type { UsersModule } from './modules/users/users.module.ts';
export type { WarrantyRequestsModule } from './modules/warranty-requests/warranty-requests.module.ts';

export interface AppDeps {
  database: DatabaseHandle;
  /** Outgoing mail; unset, mails go to the log (tests pass an in-process SMTP server). */
  mail?: MailOptions;
  /** Text messages; unset, the console provider. */
  sms?: SmsProvider;
  /** Who may scrape GET /metrics; unset, loopback callers only. */
  metrics?: MetricsOptions;
  /** The regulator module's credential key and sender settings; unset, a random key (tests). */
  regulator?: RegulatorModuleOptions;
  /** The alerts module's webhook sender; unset, real HTTP requests. */
  alerts?: AlertsModuleOptions;
  /** How long raw readings stay raw before they are archived; unset, 7 days. */
  data?: DataModuleOptions;
  /** How long report files are kept; unset, 7 days. */
  reports?: ReportsModuleOptions;
  /** Billing's supplier, payment gateway and IRP; unset, from the environment (subscriptions/billing-config.ts). */
  subscriptions?: SubscriptionsModuleOptions;
  /** The ffmpeg program and camera timeouts; unset, `ffmpeg` on the PATH and the defaults. */
  cameras?: CamerasModuleOptions;
}

/**
 * The composition root: the platform's plugins, then the product's areas (src/modules, one per
 * spec area: each builds its services once, decorates the app with them under its name, and adds
 * its routes and background workers), then the web app. It opens no port and starts no worker, so
 * tests build it and call it with `app.inject`; server.ts listens and starts `app.workers`.
 */
export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ frameworkErrors: frameworkErrorAnswer, ...options });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(requestBodyPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(docsPlugin);
  await app.register(healthPlugin);
  await app.register(eventsPlugin);
  await app.register(workersPlugin);
  await app.register(databasePlugin, { database: deps.database });
  await app.register(authPlugin);
  await app.register(healthRoutes);
  await app.register(metricsPlugin, deps.metrics ?? {});
  await app.register(mailPlugin, { mail: deps.mail, sms: deps.sms });

  // The product's areas, each after the areas it builds on (fastify-plugin checks the order).
  await app.register(entitiesModule);
  await app.register(tenantsModule);
  await app.register(usersModule);
  await app.register(accountsModule);
  await app.register(documentsModule);
  await app.register(devicesModule);
  await app.register(telemetryModule);
  await app.register(corporatesModule);
  await app.register(partnersModule);
  await app.register(gatewaysModule);
  await app.register(dataModule, deps.data ?? {});
  await app.register(alertsModule, deps.alerts ?? {});
  await app.register(dataQualityModule);
  await app.register(regulatorModule, deps.regulator ?? {});
  await app.register(changeRequestsModule);
  await app.register(warrantyRequestsModule);
  await app.register(camerasModule, deps.cameras ?? {});
  await app.register(complianceModule);
  await app.register(consentsModule);
  await app.register(measurementsModule);
  await app.register(energyModule);
  await app.register(dashboardsModule);
  await app.register(reportsModule, deps.reports ?? {});
  await app.register(subscriptionsModule, deps.subscriptions ?? {});
  await app.register(publicPortalModule);
  await app.register(openDataModule);
  await app.register(preferencesModule);
  await app.register(auditLogModule);

  // Last: its history-mode fallback must not shadow any API route.
  await app.register(webPlugin);
  return app;
}
