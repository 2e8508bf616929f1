import { ERROR_RESPONSES, FileResponse } from '@enviro/contracts/common';
import {
  ApplyCouponBody, ApplyCouponParams, BillingTaskQuery, BillingTasks, CancelBody, CancelResult, ChangePlanBody, Coupon, CouponList, CouponQuote, IdParams, InvoiceList,
  InvoiceListQuery, InvoiceParams, InvoiceSummary, NewCoupon, NewPlanVersion, Order, PlaceRequestBody, Plan, PlanList, Receivables, RenewBody, SubscriptionList, SubscriptionListQuery,
  SubscriptionView, TenantIdParams, WebhookAnswer,
} from '@enviro/contracts/subscriptions';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Audience } from '../../platform/access/route-access.ts';
import { attachment } from '../../platform/http/attachment.ts';
import type { SubscriptionsModule } from './subscriptions.module.ts';

/** Who reads a tenant's subscription: its own users, the site, site and partner staff acting as it, its corporate's admins (not the boards). */
const BILLING_READ: readonly Audience[] = ['tenant', 'site', 'siteManaging', 'partnerManaging', 'corporateAdmin'];
/** Who pays for and changes it: its administrators, site administrators, site staff acting as it (the service holds each to the tenant). */
const BILLING_WRITE: readonly Audience[] = ['tenantAdmin', 'siteAdmin', 'siteManaging'];
const tags = ['subscriptions'];

/** SPEC 7 Subscriptions, the actionable tasks subscription, grace-period and tenant-in-grace, placeRequest; the site's plans, coupons, subscriptions and receivables; invoices; the gateway's webhook. */
export const subscriptionRoutes: FastifyPluginAsyncZod<SubscriptionsModule> = async (app, { subscriptions, catalogue }) => {
  app.get(
    '/api/payment/subscription/:tenantId',
    { config: { access: BILLING_READ }, schema: { tags, summary: "A tenant's plan, term, grace, open orders and invoices", params: TenantIdParams, response: { 200: SubscriptionView, ...ERROR_RESPONSES } } },
    async (request) => subscriptions.view(request.auth, request.params.tenantId),
  );

  app.post(
    '/api/tenant/:id/renewSubscription',
    { config: { access: BILLING_WRITE }, schema: { tags, summary: 'Raise (or find, on a second click) the renewal order of the next term, with its payment link', params: IdParams, body: RenewBody, response: { 200: Order, ...ERROR_RESPONSES } } },
    async (request) => subscriptions.renew(request.auth, request.params.id, request.body),
  );

  app.post(
    '/api/tenant/:id/changePlan',
    { config: { access: BILLING_WRITE }, schema: { tags, summary: 'Buy a plan (none yet, trial or expired: from today) or change it within the term (prorated)', params: IdParams, body: ChangePlanBody, response: { 200: Order, ...ERROR_RESPONSES } } },
    async (request) => subscriptions.changePlan(request.auth, request.params.id, request.body),
  );

  app.post(
    '/api/:type/:id/applyCoupon',
    { config: { access: BILLING_WRITE }, schema: { tags, summary: "Check a coupon for a plan; the subscription of that plan holds it for its next invoice", params: ApplyCouponParams, body: ApplyCouponBody, response: { 200: CouponQuote, ...ERROR_RESPONSES } } },
    async (request) => subscriptions.applyCoupon(request.auth, request.params.id, request.body),
  );

  app.post(
    '/api/cancelSubscription/:id',
    { config: { access: BILLING_WRITE }, schema: { tags, summary: 'Cancel at the term end or at once (refund rule: docs/SUBSCRIPTIONS.md), or undo a cancellation at term end', params: IdParams, body: CancelBody, response: { 200: CancelResult, ...ERROR_RESPONSES } } },
    async (request) => subscriptions.cancel(request.auth, request.params.id, request.body.action),
  );

  app.post(
    '/api/placeRequest',
    { config: { access: BILLING_WRITE }, schema: { tags, summary: 'Order more add-on stations or cameras for the rest of the term', body: PlaceRequestBody, response: { 200: Order, ...ERROR_RESPONSES } } },
    async (request) => subscriptions.placeRequest(request.auth, request.body),
  );

  app.get(
    '/api/actionable-task/subscription',
    { config: { access: BILLING_READ }, schema: { tags: ['actionable tasks'], summary: 'Subscriptions whose term ends within 30 days, or with an order unpaid', querystring: BillingTaskQuery, response: { 200: BillingTasks, ...ERROR_RESPONSES } } },
    async (request) => subscriptions.subscriptionTasks(request.auth, request.query.tenantId),
  );

  app.get(
    '/api/actionable-task/grace-period',
    { config: { access: BILLING_READ }, schema: { tags: ['actionable tasks'], summary: "The caller's tenants in grace, with the days before they expire", querystring: BillingTaskQuery, response: { 200: BillingTasks, ...ERROR_RESPONSES } } },
    async (request) => subscriptions.graceTasks(request.auth, request.query.tenantId),
  );

  app.get(
    '/api/actionable-task/tenant-in-grace',
    { config: { access: ['site', 'partner'] }, schema: { tags: ['actionable tasks'], summary: 'Every tenant in grace the site or partner looks after', querystring: BillingTaskQuery, response: { 200: BillingTasks, ...ERROR_RESPONSES } } },
    async (request) => subscriptions.graceTasks(request.auth, request.query.tenantId),
  );

  app.get(
    '/api/subscription-plans',
    { config: { access: BILLING_READ }, schema: { tags, summary: 'Plans on sale with their versions (site administrators: every plan)', response: { 200: PlanList, ...ERROR_RESPONSES } } },
    async (request) => catalogue.plans(request.auth),
  );

  app.post(
    '/api/subscription-plans',
    { config: { access: 'siteAdmin' }, schema: { tags, summary: 'A new plan, or new prices of a plan from a day (a new version)', body: NewPlanVersion, response: { 200: Plan, ...ERROR_RESPONSES } } },
    async (request) => catalogue.addPlanVersion(request.auth, request.body),
  );

  app.get(
    '/api/coupons',
    { config: { access: 'siteAdmin' }, schema: { tags, summary: 'Every coupon with its redemptions', response: { 200: CouponList, ...ERROR_RESPONSES } } },
    async (request) => catalogue.coupons(request.auth),
  );

  app.post(
    '/api/coupons',
    { config: { access: 'siteAdmin' }, schema: { tags, summary: 'A new coupon', body: NewCoupon, response: { 200: Coupon, ...ERROR_RESPONSES } } },
    async (request) => catalogue.addCoupon(request.auth, request.body),
  );

  app.get(
    '/api/subscriptions',
    { config: { access: 'site' }, schema: { tags, summary: "Every tenant's subscription and what its open orders owe", querystring: SubscriptionListQuery, response: { 200: SubscriptionList, ...ERROR_RESPONSES } } },
    async (request) => subscriptions.list(request.auth, request.query.status),
  );

  app.get(
    '/api/receivables',
    { config: { access: 'site' }, schema: { tags, summary: 'Open orders of every tenant, oldest first, and their sum', response: { 200: Receivables, ...ERROR_RESPONSES } } },
    async (request) => subscriptions.receivables(request.auth),
  );

  app.get(
    '/api/invoices',
    { config: { access: BILLING_READ }, schema: { tags, summary: 'GST invoices and credit notes of the tenants the caller reads, newest first', querystring: InvoiceListQuery, response: { 200: InvoiceList, ...ERROR_RESPONSES } } },
    async (request) => subscriptions.invoices(request.auth, request.query.tenantId, request.query.eInvoice),
  );

  app.post(
    '/api/invoices/:id/retryEInvoice',
    { config: { access: ['siteAdmin'] }, schema: { tags, summary: "Register an invoice's e-invoice again now (one the IRP refused): a fresh series of tries, audited", params: InvoiceParams, response: { 200: InvoiceSummary, ...ERROR_RESPONSES } } },
    async (request) => subscriptions.retryEInvoice(request.auth, request.params.id),
  );

  app.get(
    '/api/invoices/:id/pdf',
    { config: { access: BILLING_READ }, schema: { tags, summary: 'An invoice or credit note as PDF', params: InvoiceParams, response: { 200: FileResponse, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const file = await subscriptions.invoicePdf(request.auth, request.params.id);
      return attachment(reply, file.name, 'application/pdf').send(file.pdf);
    },
  );

  // The gateway's webhook reads its body as sent: the signature is of those bytes.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    raw.post(
      '/api/payment/webhook',
      {
        config: { access: 'none' },
        bodyLimit: 256 * 1024,
        schema: {
          tags,
          summary: "The payment gateway's events (Razorpay's webhook): signed with HMAC-SHA256 in X-Razorpay-Signature, once per X-Razorpay-Event-Id",
          body: z.string().max(256 * 1024),
          response: { 200: WebhookAnswer, ...ERROR_RESPONSES },
        },
      },
      async (request) =>
        subscriptions.webhook(String(request.body), header(request.headers['x-razorpay-signature']), header(request.headers['x-razorpay-event-id'])),
    );
  });
};

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
