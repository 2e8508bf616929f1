/**
 * Subscriptions and billing: plans with versions, add-ons, monthly and annual terms, coupons,
 * renewals and upgrades paid through the payment gateway, GST invoices and credit notes numbered
 * without gaps, e-invoices, and the lifecycle TRIAL → ENABLED → GRACE → EXPIRED that never stops
 * monitoring. SPEC 3 (tenant statuses), 2 (checkout and select-plan pages), 7 (Subscriptions;
 * Other: actionable tasks subscription, grace-period, tenant-in-grace, placeRequest); issue 34;
 * docs/SUBSCRIPTIONS.md.
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { startPollingWorker } from '../../platform/jobs/polling-worker.ts';
import { billingOptionsFromEnv, type BillingOptions } from './billing-config.ts';
import { BillingService } from './billing.service.ts';
import { CatalogueService } from './catalogue.service.ts';
import { subscriptionRoutes } from './subscriptions.routes.ts';
import { SubscriptionService } from './subscriptions.service.ts';

export interface SubscriptionsModule {
  subscriptions: SubscriptionService;
  catalogue: CatalogueService;
  /** Billing without a caller: settling payments, the lifecycle pass, the billing run (workers, demo, bench). */
  billing: BillingService;
}

export type SubscriptionsModuleOptions = BillingOptions;

declare module 'fastify' {
  interface FastifyInstance {
    subscriptions: SubscriptionsModule;
  }
}

/** A pass of the lifecycle and of the billing run every 10 minutes on each server (their claims keep them from doing anything twice). */
const PASS_MS = 10 * 60_000;
/** The e-invoice retries are looked for every minute (the first wait is a minute). */
const E_INVOICE_PASS_MS = 60_000;

export const subscriptionsModule = areaModule({
  name: 'subscriptions',
  decorate: 'subscriptions',
  dependencies: ['database', 'auth', 'workers', 'mail', 'tenants', 'users', 'reports'],
  build(app, options: SubscriptionsModuleOptions) {
    const db = app.database.db;
    const env = options.supplier && options.gateway ? {} : billingOptionsFromEnv(process.env);
    const o = { ...env, ...options };
    const billing = new BillingService({
      db,
      gateway: o.gateway!,
      eInvoicing: o.eInvoicing ?? null,
      supplier: o.supplier!,
      billingAddresses: (tenantIds) => app.reports.catalogue.billingAddressesOf(tenantIds),
      administrators: (trx, tenantId) => app.users.accounts.in(trx).administrators(tenantId),
      mailer: app.messaging.mailer,
      publicUrl: app.messaging.publicUrl,
      log: app.log,
      ...(o.now ? { now: o.now } : {}),
    });
    const services: SubscriptionsModule = {
      billing,
      subscriptions: new SubscriptionService(billing, o.webhookSecret ?? null),
      catalogue: new CatalogueService(db, o.now),
    };
    app.workers.add('subscription-lifecycle', ({ log }) =>
      startPollingWorker(
        async () => {
          await billing.billingRun();
          const { moved, reminded } = await billing.lifecyclePass();
          return moved + reminded >= 500;
        },
        { idleMs: PASS_MS, onError: (error) => log.error({ err: error }, 'subscription lifecycle pass failed') },
      ),
    );
    // E-invoices whose registration failed are tried again by whichever server passes first (their state is the invoice's row).
    if (o.eInvoicing)
      app.workers.add('e-invoice-registration', ({ log }) =>
        startPollingWorker(async () => (await billing.registerEInvoices()) === 20, { idleMs: E_INVOICE_PASS_MS, onError: (error) => log.error({ err: error }, 'e-invoice pass failed') }),
      );
    return services;
  },
  routes: [subscriptionRoutes],
});
