import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './platform/database/database.ts';
import { CatalogCache } from './modules/data/catalog.ts';
import { authPlugin } from './platform/http/auth.plugin.ts';
import { securityHeadersPlugin } from './platform/http/security-headers.plugin.ts';
import { authRoutes } from './modules/accounts/accounts.routes.ts';
import { docsPlugin } from './platform/http/docs.plugin.ts';
import { errorsPlugin } from './platform/http/errors.plugin.ts';
import { healthPlugin } from './platform/http/health.plugin.ts';
import { webPlugin } from './platform/http/web.plugin.ts';
import { publicPortalRoutes } from './modules/public-portal/public-portal.module.ts';
import { healthRoutes } from './platform/http/health.routes.ts';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import { ingestPlugin } from './modules/telemetry/telemetry.plugin.ts';
import { entityRoutes } from './modules/entities/entities.routes.ts';
import { stdParamRoutes } from './modules/data/std-params.routes.ts';
import { tenantRoutes } from './modules/tenants/tenants.routes.ts';
import { adminTenantRoutes } from './modules/tenants/tenant-admin.routes.ts';
import { adminCorporateRoutes } from './modules/corporates/corporates.routes.ts';
import { adminPartnerRoutes } from './modules/partners/partners.routes.ts';
import { adminTenantSetupRoutes } from './modules/tenants/tenant-setup.routes.ts';
import { adminPreferenceRoutes } from './modules/preferences/preferences.routes.ts';
import { adminAuditLogRoutes } from './modules/audit-log/audit-log.routes.ts';
import { adminUserRoutes } from './modules/users/users.routes.ts';
import { dataRoutes } from './modules/data/data.routes.ts';
import { mailPlugin, type MailOptions } from './platform/mail/mail.plugin.ts';
import type { SmsProvider } from './platform/sms/sms-provider.ts';
import { invitesPlugin } from './modules/accounts/invites.plugin.ts';
import { userVerificationRoutes } from './modules/accounts/verification.routes.ts';

export interface AppDeps {
  database: DatabaseHandle;
  /** Outgoing mail; unset, mails go to the log (tests pass an in-process SMTP server). */
  mail?: MailOptions;
  /** Text messages; unset, the console provider. */
  sms?: SmsProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Tenant catalogs the data routes resolve requests with, one cache for the app's database. */
    catalogs: CatalogCache;
  }
}

/**
 * The composition root: external plugins, then ours, then routes. It opens no port, so tests
 * build it and call it with `app.inject`; server.ts listens.
 */
export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: 8 * 1024 * 1024, ...options });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', deps.database);
  app.decorate('catalogs', new CatalogCache(deps.database));

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(docsPlugin);
  await app.register(healthPlugin);
  await app.register(authPlugin, { db: deps.database.db });

  app.healthChecks.set('database', async () => {
    await deps.database.pool.query('SELECT 1');
    return { ok: true };
  });

  await app.register(ingestPlugin, { database: deps.database });
  await app.register(mailPlugin, { mail: deps.mail, sms: deps.sms });
  await app.register(invitesPlugin, { db: deps.database.db });
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userVerificationRoutes);
  await app.register(telemetryRoutes);
  await app.register(entityRoutes);
  await app.register(stdParamRoutes);
  await app.register(tenantRoutes);
  await app.register(adminTenantRoutes);
  await app.register(adminCorporateRoutes);
  await app.register(adminPartnerRoutes);
  await app.register(adminTenantSetupRoutes);
  await app.register(adminPreferenceRoutes);
  await app.register(adminAuditLogRoutes);
  await app.register(adminUserRoutes);
  await app.register(dataRoutes);
  await app.register(publicPortalRoutes);
  // Last: its history-mode fallback must not shadow any API route.
  await app.register(webPlugin);
  return app;
}
