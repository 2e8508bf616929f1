import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/database.ts';
import { CatalogCache } from './metrics/catalog.ts';
import { authPlugin } from './plugins/auth.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { healthPlugin } from './plugins/health.ts';
import { webPlugin } from './plugins/web.ts';
import { publicPortalRoutes } from './routes/public-portal.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { telemetryRoutes } from './routes/telemetry.routes.ts';
import { ingestPlugin } from './ingest/ingest.plugin.ts';
import { entityRoutes } from './routes/entity.routes.ts';
import { stdParamRoutes } from './routes/std-param.routes.ts';
import { tenantRoutes } from './routes/tenant.routes.ts';
import { adminTenantRoutes } from './routes/admin-tenant.routes.ts';
import { adminCorporateRoutes } from './routes/admin-corporate.routes.ts';
import { adminPartnerRoutes } from './routes/admin-partner.routes.ts';
import { adminTenantSetupRoutes } from './routes/admin-tenant-setup.routes.ts';
import { adminPreferenceRoutes } from './routes/admin-preference.routes.ts';
import { adminAuditLogRoutes } from './routes/admin-audit-log.routes.ts';
import { adminUserRoutes } from './routes/admin-user.routes.ts';
import { dataRoutes } from './routes/data.routes.ts';
import { mailPlugin, type MailOptions } from './mail/mail.plugin.ts';
import type { SmsProvider } from './sms/sms-provider.ts';
import { invitesPlugin } from './plugins/invites.ts';
import { userVerificationRoutes } from './routes/user-verification.routes.ts';

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
