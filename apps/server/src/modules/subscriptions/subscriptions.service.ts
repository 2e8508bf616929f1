import type { z } from 'zod';
import type { ApplyCouponBody, BillingTasks, CancelBody, ChangePlanBody, EInvoiceStatus, InvoiceSummary, Order, PlaceRequestBody, Receivables, RenewBody, SubscriptionList, SubscriptionView, WebhookAnswer } from '@enviro/contracts/subscriptions';
import { coveredStations, termLines, termPrice, versionInForce } from '@enviro/domain/subscriptions/catalogue';
import { addOnCharge, quoteChange, refundOnCancel } from '@enviro/domain/subscriptions/changes';
import { couponProblem, discountOf } from '@enviro/domain/subscriptions/coupons';
import { daysBetween, termEnd } from '@enviro/domain/subscriptions/terms';
import { addDays } from '@enviro/domain/time-zone';
import { assertCanReadTenant, assertSignedIn, isSiteAdmin, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/errors.ts';
import type { InvoiceRecord, OrderRecord, SubscriptionRecord } from './billing.repository.ts';
import { describe, SYSTEM, type Actor, type BillingService } from './billing.service.ts';
import { writeInvoicePdf } from './invoice-pdf.ts';
import { GatewayError, verifyWebhookSignature } from './payment-gateway.ts';

/** Days ahead the `subscription` actionable task looks for terms ending. */
export const TASK_DAYS = 30;

/** What a caller sees of an order. */
export function toOrder(o: OrderRecord, today: string): Order {
  return {
    id: o.id, tenantId: o.tenantId, tenantName: o.tenantName, purpose: o.purpose, periodStart: o.periodStart, periodEnd: o.periodEnd, planCode: o.planCode, planVersion: o.planVersion,
    term: o.term, addOnStations: o.addOnStations, addOnCameras: o.addOnCameras, lines: o.lines, subtotal: o.subtotal, discount: o.discount, couponCode: o.couponCode,
    taxable: o.taxable, tax: o.tax, total: o.total, status: o.status, channel: o.channel, paymentUrl: o.paymentUrl, invoiceId: o.invoiceId,
    createdAt: o.createdAt.toISOString(), paidAt: o.paidAt ? o.paidAt.toISOString() : null, ageDays: Math.max(0, daysBetween(o.createdAt.toISOString().slice(0, 10), today)),
  };
}

export function toInvoice(i: InvoiceRecord): InvoiceSummary {
  return {
    id: i.id, tenantId: i.tenantId, tenantName: i.tenantName, series: i.series, number: i.number, issuedOn: i.issuedOn, placeOfSupply: i.placeOfSupply, taxable: i.taxable,
    cgst: i.cgst, sgst: i.sgst, igst: i.igst, total: i.total, irn: i.irn, orderId: i.orderId, originalInvoiceId: i.originalInvoiceId,
    eInvoice: i.eInvoiceStatus === null ? null : { status: i.eInvoiceStatus, attempts: i.eInvoiceAttempts, nextAttemptAt: i.eInvoiceNextAt ? i.eInvoiceNextAt.toISOString() : null, error: i.eInvoiceError },
  };
}

/**
 * A tenant's subscription as its administrators and the site see and change it (SPEC 7
 * Subscriptions, actionable tasks, placeRequest): its plan and invoices, renewing, coupons, a
 * plan change, cancelling, more add-ons; the site's lists of every subscription and of what is
 * owed; the gateway's webhook. Money and the lifecycle are BillingService's.
 */
export class SubscriptionService {
  constructor(
    private readonly billing: BillingService,
    private readonly webhookSecret: string | null,
  ) {}

  /** The caller who may pay for and change a tenant's subscription: its administrators, site administrators and site staff acting as it. */
  private payer(auth: Auth, tenantId: number): UserAuth {
    const user = assertSignedIn(auth);
    assertCanReadTenant(user, tenantId);
    if (isSiteAdmin(user) || (user.userType === 'site' && user.manage)) return user;
    if (user.userType === 'tenant' && user.role === 'admin' && user.homeTenantId === tenantId) return user;
    throw forbidden("only the industry's administrators and site administrators may change its subscription");
  }

  private actor(user: UserAuth): Actor {
    return { name: `user:${user.userId}`, userId: user.userId };
  }

  private async industry(tenantId: number) {
    const t = await this.billing.repo.tenant(tenantId);
    if (!t || t.type !== 'tenant' || t.status === 'DELETED') throw notFound(`No tenant with id= ${tenantId} exists`);
    return t;
  }

  /** GET /api/payment/subscription/{tenantId}: the plan, its term and grace, open orders and invoices. */
  async view(auth: Auth, tenantId: number): Promise<SubscriptionView> {
    assertCanReadTenant(auth, tenantId);
    const t = await this.industry(tenantId);
    const today = this.billing.today();
    const [s, open, invoices] = await Promise.all([this.billing.repo.subscription(tenantId), this.billing.repo.openOrders([tenantId]), this.billing.repo.invoices([tenantId], undefined, 100)]);
    let subscription: SubscriptionView['subscription'] = null;
    if (s) {
      const version = (await this.billing.catalogue.version(s.planCode, s.planVersion))!;
      subscription = {
        planCode: s.planCode, planName: s.planName, planVersion: s.planVersion, term: s.term, addOnStations: s.addOnStations, addOnCameras: s.addOnCameras,
        stations: coveredStations(version, { stations: s.addOnStations, cameras: s.addOnCameras }), termStart: s.termStart, paidUntil: s.termEnd, graceDays: s.graceDays,
        graceEndsOn: this.billing.graceEnd(s), cancelAtTermEnd: s.cancelAtTermEnd, couponCode: s.couponCode, paid: s.paid, changedThisTerm: s.changedThisTerm, hasMandate: s.mandateToken !== null,
      };
    }
    return { tenantId, tenantName: t.name, status: t.status as SubscriptionView['status'], subscription, openOrders: open.map((o) => toOrder(o, today)), invoices: invoices.map(toInvoice) };
  }

  /** POST /api/tenant/{id}/renewSubscription: the renewal order of the next term (one per period: a second click finds it), with its payment link. */
  async renew(auth: Auth, tenantId: number, body: z.output<typeof RenewBody>): Promise<Order> {
    const user = this.payer(auth, tenantId);
    await this.industry(tenantId);
    const s = await this.billing.repo.subscription(tenantId);
    if (!s) throw badRequest('id', 'the tenant has no plan yet; choose one (POST /api/tenant/{id}/changePlan)');
    if (s.status === 'TRIAL') throw badRequest('id', 'a trial is not renewed; choose a plan (POST /api/tenant/{id}/changePlan)');
    const { order, created } = await this.billing.renewalOrder(this.billing.db, s, body.term ?? s.term);
    if (created) await recordAudit(this.billing.db, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'subscription.renew', entity: `order:${order.id}`, before: null, after: { total: order.total, periodStart: order.periodStart } });
    return toOrder(await this.collect(order), this.billing.today());
  }

  /**
   * A new order's payment link. Without a gateway configured the order is answered without one
   * (the checkout page says online payment is not available); a gateway's refusal is a clear 502,
   * the order kept to pay later.
   */
  private async collect(order: OrderRecord): Promise<OrderRecord> {
    try {
      return await this.billing.sendPaymentLink(order);
    } catch (error) {
      if (error instanceof GatewayError && error.status === 503) return order;
      if (error instanceof GatewayError) throw new HttpError(502, `order ${order.id} is raised; ${error.message}`);
      throw error;
    }
  }

  /** POST /api/tenant/{id}/changePlan: a first plan (or one after expiry) from today, or an upgrade for the rest of the term, prorated. */
  async changePlan(auth: Auth, tenantId: number, body: z.output<typeof ChangePlanBody>): Promise<Order> {
    const user = this.payer(auth, tenantId);
    await this.industry(tenantId);
    const today = this.billing.today();
    const plan = await this.billing.catalogue.plan(body.planCode);
    const version = plan?.active ? versionInForce(await this.billing.catalogue.versions(body.planCode), today) : undefined;
    if (!version) throw badRequest('planCode', `no plan ${body.planCode} is sold`);
    const addOns = { stations: body.addOnStations, cameras: body.addOnCameras };
    const s = await this.billing.repo.subscription(tenantId);
    const fresh = !s || ['TRIAL', 'AWAITED', 'EXPIRED'].includes(s.status);
    let order: OrderRecord;
    let created: boolean;
    if (fresh) {
      const coupon = body.couponCode ? await this.usableCoupon(tenantId, body.couponCode, body.planCode, today) : null;
      const pricing = this.billing.price(termLines(version, body.term, addOns), coupon, await this.billing.placeOfSupply(tenantId));
      ({ order, created } = await this.billing.raiseOrder(this.billing.db, {
        tenantId, purpose: 'NEW', periodStart: today, periodEnd: termEnd(today, body.term), planCode: version.planCode, planVersion: version.version, term: body.term,
        addOnStations: addOns.stations, addOnCameras: addOns.cameras, ...pricing, hasMandate: false,
      }));
    } else {
      if (body.couponCode) throw badRequest('couponCode', 'coupons apply to a new plan and renewals, not to a change within a term');
      if (body.term !== s.term) throw badRequest('term', `the term changes at the renewal; this term is ${s.term}`);
      const pending = (await this.billing.repo.openOrders([tenantId])).find((o) => o.purpose === 'UPGRADE');
      if (pending) throw badRequest('planCode', `a plan change is waiting for its payment (order ${pending.id}); pay it or let it lapse before another`);
      const quote = quoteChange({ start: s.termStart, end: s.termEnd, paid: s.paid, changedThisTerm: s.changedThisTerm }, termPrice(version, s.term, addOns), today);
      if (!quote.ok) throw badRequest(quote.field, quote.reason);
      if (version.planCode === s.planCode && version.version === s.planVersion && addOns.stations === s.addOnStations && addOns.cameras === s.addOnCameras) throw badRequest('planCode', 'that is the plan you have');
      const lines = [{ description: `Change to plan ${version.planCode} v${version.version} for ${quote.daysLeft} of ${quote.termDays} days, less the unused share of the current plan`, sac: version.sac, quantity: 1, unit: quote.due, amount: quote.due }];
      const pricing = this.billing.price(lines, null, await this.billing.placeOfSupply(tenantId));
      ({ order, created } = await this.billing.raiseOrder(this.billing.db, {
        tenantId, purpose: 'UPGRADE', periodStart: today, periodEnd: s.termEnd, planCode: version.planCode, planVersion: version.version, term: s.term,
        addOnStations: addOns.stations, addOnCameras: addOns.cameras, ...pricing, hasMandate: false,
      }));
    }
    if (created) await recordAudit(this.billing.db, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'subscription.order', entity: `order:${order.id}`, before: s ?? null, after: { purpose: order.purpose, planCode: order.planCode, total: order.total } });
    return toOrder(await this.collect(order), today);
  }

  /** A coupon that applies, or 400 naming couponCode with the reason. */
  private async usableCoupon(tenantId: number, code: string, planCode: string, today: string) {
    const coupon = await this.billing.catalogue.coupon(code);
    if (!coupon) throw badRequest('couponCode', `no coupon ${code}`);
    const problem = couponProblem(coupon, { planCode, today, usedBySubscriber: await this.billing.catalogue.redeemedBy(tenantId, code) });
    if (problem) throw badRequest('couponCode', problem);
    return coupon;
  }

  /** POST /api/{type}/{id}/applyCoupon: checks a coupon for a plan; the subscription of that plan holds it for its next invoice. */
  async applyCoupon(auth: Auth, tenantId: number, body: z.output<typeof ApplyCouponBody>) {
    const user = this.payer(auth, tenantId);
    await this.industry(tenantId);
    const today = this.billing.today();
    const version = versionInForce(await this.billing.catalogue.versions(body.planCode), today);
    if (!version) throw badRequest('planCode', `no plan ${body.planCode} is sold`);
    const coupon = await this.usableCoupon(tenantId, body.couponCode, body.planCode, today);
    const s = await this.billing.repo.subscription(tenantId);
    const held = s !== undefined && s.planCode === body.planCode && !['TRIAL', 'AWAITED'].includes(s.status);
    const subtotal = termPrice(version, s?.term ?? 'ANNUAL', s ? { stations: s.addOnStations, cameras: s.addOnCameras } : { stations: 0, cameras: 0 });
    const discount = discountOf(coupon, subtotal);
    if (held) {
      await this.billing.db.transaction().execute(async (trx) => {
        await this.billing.repo.in(trx).updateSubscription(tenantId, { couponCode: coupon.code });
        await recordAudit(trx, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'subscription.coupon', entity: `tenant:${tenantId}`, before: { couponCode: s.couponCode }, after: { couponCode: coupon.code } });
      });
    }
    return { couponCode: coupon.code, planCode: body.planCode, duration: coupon.duration, subtotal, discount, taxable: subtotal - discount, held };
  }

  /**
   * POST /api/cancelSubscription/{id}: at the term's end (nothing refunded), at once (the refund
   * rule: a credit note for the unused days of an annual term, the tenant EXPIRED today), or the
   * undoing of a cancellation at term end. Monitoring goes on in every case.
   */
  async cancel(auth: Auth, tenantId: number, action: z.output<typeof CancelBody>['action']) {
    const user = this.payer(auth, tenantId);
    await this.industry(tenantId);
    const today = this.billing.today();
    const db = this.billing.db;
    const result = await db.transaction().execute(async (trx) => {
      const repo = this.billing.repo.in(trx);
      const s = await repo.subscription(tenantId, true);
      if (!s || s.status === 'EXPIRED') throw badRequest('id', 'the tenant has no subscription running to cancel');
      const audit = (after: object) => recordAudit(trx, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: `subscription.cancel.${action.toLowerCase()}`, entity: `tenant:${tenantId}`, before: { cancelAtTermEnd: s.cancelAtTermEnd, termEnd: s.termEnd }, after });
      if (action !== 'IMMEDIATE') {
        const flag = action === 'AT_TERM_END';
        if (s.cancelAtTermEnd === flag) throw badRequest('action', flag ? 'the subscription is already cancelled at its term end' : 'the subscription is not cancelled');
        await repo.updateSubscription(tenantId, { cancelAtTermEnd: flag });
        if (flag) await repo.cancelOpenOrders(tenantId);
        await audit({ cancelAtTermEnd: flag });
        return { status: s.status, cancelAtTermEnd: flag, refund: 0, creditNoteId: null };
      }
      const refund = refundOnCancel({ start: s.termStart, end: s.termEnd, paid: s.paid, changedThisTerm: s.changedThisTerm, annual: s.term === 'ANNUAL' }, 'IMMEDIATE', today);
      let creditNoteId: number | null = null;
      if (refund > 0) {
        const original = await repo.termInvoice(tenantId, s.termStart);
        if (original) creditNoteId = await this.billing.creditNote(trx, original, refund, `Refund of the unused days of the term ${s.termStart} to ${s.termEnd} (cancelled on ${today})`);
      }
      await repo.cancelOpenOrders(tenantId);
      await repo.updateSubscription(tenantId, { termEnd: today > s.termStart ? today : addDays(s.termStart, 1), cancelAtTermEnd: true, paid: s.paid - (creditNoteId === null ? 0 : refund) });
      await audit({ refund, creditNoteId });
      await this.billing.move(trx, tenantId, [s.status as 'TRIAL' | 'ENABLED' | 'GRACE'], 'EXPIRED', this.actor(user), 'cancelled at once');
      return { status: 'EXPIRED', cancelAtTermEnd: true, refund: creditNoteId === null ? 0 : refund, creditNoteId };
    });
    if (result.creditNoteId !== null) await this.billing.afterCreditNote(tenantId, result.creditNoteId);
    const creditNote = result.creditNoteId === null ? null : toInvoice((await this.billing.repo.invoice([tenantId], result.creditNoteId))!);
    return { status: result.status as SubscriptionView['status'], cancelAtTermEnd: result.cancelAtTermEnd, refund: result.refund, creditNote };
  }

  /** POST /api/placeRequest: more add-on stations or cameras, charged for the rest of the paid term. */
  async placeRequest(auth: Auth, body: z.output<typeof PlaceRequestBody>): Promise<Order> {
    const tenantId = body.tenantId ?? assertSignedIn(auth).tenantId;
    const user = this.payer(auth, tenantId);
    await this.industry(tenantId);
    const today = this.billing.today();
    const s = await this.billing.repo.subscription(tenantId);
    if (!s || !['ENABLED', 'GRACE'].includes(s.status) || today >= s.termEnd) throw badRequest('tenantId', 'add-ons are bought for a paid term; renew or choose a plan first');
    const version = (await this.billing.catalogue.version(s.planCode, s.planVersion))!;
    const extra = termPrice({ ...version, monthly: 0, annual: 0 }, s.term, { stations: body.addOnStations, cameras: body.addOnCameras });
    const due = addOnCharge({ start: s.termStart, end: s.termEnd, paid: s.paid, changedThisTerm: s.changedThisTerm }, extra, today);
    const what = [body.addOnStations > 0 ? `${body.addOnStations} station${body.addOnStations === 1 ? '' : 's'}` : '', body.addOnCameras > 0 ? `${body.addOnCameras} camera${body.addOnCameras === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
    const lines = [{ description: `Add-on ${what} from ${today} to the term's end ${s.termEnd}`, sac: version.sac, quantity: 1, unit: due, amount: due }];
    const pricing = this.billing.price(lines, null, await this.billing.placeOfSupply(tenantId));
    const { order } = await this.billing.raiseOrder(this.billing.db, {
      tenantId, purpose: 'ADD_ON', periodStart: today, periodEnd: s.termEnd, planCode: s.planCode, planVersion: s.planVersion, term: s.term,
      addOnStations: s.addOnStations + body.addOnStations, addOnCameras: s.addOnCameras + body.addOnCameras, ...pricing, hasMandate: false,
    });
    await recordAudit(this.billing.db, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'subscription.placeRequest', entity: `order:${order.id}`, before: null, after: { addOnStations: body.addOnStations, addOnCameras: body.addOnCameras, total: order.total } });
    return toOrder(await this.collect(order), today);
  }

  /** GET /api/subscriptions: every tenant's subscription the caller reads (the site's screen). */
  async list(auth: Auth, status: string | undefined): Promise<z.output<typeof SubscriptionList>> {
    const rows = await this.billing.repo.list(scopeTenantIds(auth), status);
    return {
      items: rows.map((r) => ({
        tenantId: r.tenantId, tenantName: r.tenantName, status: r.status as SubscriptionView['status'], planCode: r.planCode, planVersion: r.planVersion, term: r.term,
        paidUntil: r.paidUntil, graceEndsOn: r.paidUntil && r.graceDays !== null ? this.billing.graceEnd({ status: r.status, termEnd: r.paidUntil, graceDays: r.graceDays }) : null,
        stations: r.stations, cancelAtTermEnd: r.cancelAtTermEnd ?? false, open: r.open,
      })),
    };
  }

  /** GET /api/receivables: what the tenants the caller reads owe on open orders, oldest first. */
  async receivables(auth: Auth): Promise<z.output<typeof Receivables>> {
    const tenantIds = scopeTenantIds(auth);
    const today = this.billing.today();
    const items = (await this.billing.repo.openOrders(tenantIds)).map((o) => toOrder(o, today));
    return { total: items.reduce((s, o) => s + o.total, 0), items };
  }

  async invoices(auth: Auth, tenantId: number | undefined, eInvoice?: z.output<typeof EInvoiceStatus>): Promise<{ items: InvoiceSummary[] }> {
    return { items: (await this.billing.repo.invoices(scopeTenantIds(auth, tenantId === undefined ? undefined : [tenantId]), eInvoice)).map(toInvoice) };
  }

  /**
   * A site administrator's "register it now" for an e-invoice the IRP refused (FAILED, or waiting for
   * its next try): a fresh series of tries whose first runs at once, audited; answers the invoice as
   * it stands after that try (REGISTERED, or PENDING with the IRP's error and the next try).
   */
  async retryEInvoice(auth: Auth, id: number): Promise<InvoiceSummary> {
    const user = assertSignedIn(auth);
    if (!isSiteAdmin(user)) throw forbidden('Only the platform\'s administrators register e-invoices');
    const inv = await this.billing.repo.invoice(scopeTenantIds(auth), id);
    if (!inv) throw notFound(`No invoice with id= ${id}`);
    if (!this.billing.eInvoicingOn) throw badRequest('id', 'E-invoicing is off on this server (EINVOICE_URL is not set): no IRP to register the invoice with');
    const before = await this.billing.repo.requeueEInvoice(inv.tenantId, id);
    if (!before) {
      throw badRequest('id', inv.eInvoiceStatus === 'REGISTERED' ? `Invoice ${inv.number} is registered already (IRN ${inv.irn})` : `Invoice ${inv.number} needs no e-invoice (not B2B, or e-invoicing is off)`);
    }
    await recordAudit(this.billing.db, { tenantId: inv.tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'invoice.einvoice.retry', entity: `invoice:${id}`, before, after: { status: 'PENDING', attempts: 0 } });
    await this.billing.registerEInvoices(1, { tenantId: inv.tenantId, id });
    return toInvoice((await this.billing.repo.invoice([inv.tenantId], id))!);
  }

  /** An invoice or credit note as PDF, with its file name. */
  async invoicePdf(auth: Auth, id: number): Promise<{ name: string; pdf: Buffer }> {
    const inv = await this.billing.repo.invoice(scopeTenantIds(auth), id);
    if (!inv) throw notFound(`No invoice with id= ${id}`);
    const original = inv.originalInvoiceId === null ? null : ((await this.billing.repo.invoice([inv.tenantId], inv.originalInvoiceId))?.number ?? null);
    return { name: `${inv.number.replace(/\//g, '-')}.pdf`, pdf: await writeInvoicePdf(inv, original) };
  }

  /** GET /api/actionable-task/subscription: terms ending within 30 days, or with an order unpaid. */
  async subscriptionTasks(auth: Auth, tenantId: number | undefined): Promise<z.output<typeof BillingTasks>> {
    const tenantIds = scopeTenantIds(auth, tenantId === undefined ? undefined : [tenantId]);
    const today = this.billing.today();
    const rows = await this.billing.repo.endingBy(tenantIds, addDays(today, TASK_DAYS));
    return { items: rows.map((s) => ({ ...this.task(s, today, daysBetween(today, s.termEnd)), orderId: s.orderId, total: s.total })) };
  }

  /** GET /api/actionable-task/grace-period and tenant-in-grace: tenants in grace, with the days before they expire. */
  async graceTasks(auth: Auth, tenantId: number | undefined): Promise<z.output<typeof BillingTasks>> {
    const tenantIds = scopeTenantIds(auth, tenantId === undefined ? undefined : [tenantId]);
    const today = this.billing.today();
    const rows = await this.billing.repo.inGrace(tenantIds);
    return { items: rows.map((s) => this.task(s, today, daysBetween(today, this.billing.graceEnd(s)!))) };
  }

  private task(s: SubscriptionRecord, _today: string, daysLeft: number) {
    return { tenantId: s.tenantId, tenantName: s.tenantName, status: s.status as SubscriptionView['status'], paidUntil: s.termEnd, daysLeft, graceEndsOn: this.billing.graceEnd(s), orderId: null, total: null };
  }

  /**
   * POST /api/payment/webhook: an event of the payment gateway, verified by its HMAC-SHA256
   * signature (401 otherwise), taken once by its event id (a replay answers DUPLICATE), then a
   * paid payment link or captured payment settles its order once (settle books by payment id, so
   * an event arriving after another about the same payment changes nothing).
   */
  async webhook(rawBody: string, signature: string | undefined, eventId: string | undefined): Promise<z.output<typeof WebhookAnswer>> {
    // Without a secret this server takes no payments: to the caller, the webhook is not there.
    if (this.webhookSecret === null) throw new HttpError(404, 'this server takes no payment gateway events (no webhook secret is configured)');
    if (!verifyWebhookSignature(rawBody, signature, this.webhookSecret)) throw new HttpError(401, 'x-razorpay-signature: not the signature of this body');
    let event: { event?: unknown; payload?: { payment?: { entity?: { id?: unknown; amount?: unknown; status?: unknown; notes?: unknown } }; payment_link?: { entity?: { notes?: unknown } } } };
    try {
      event = JSON.parse(rawBody) as typeof event;
    } catch {
      throw badRequest('body', 'not JSON');
    }
    const name = typeof event.event === 'string' ? event.event.slice(0, 100) : '';
    const payment = event.payload?.payment?.entity;
    const notes = (payment?.notes && typeof payment.notes === 'object' ? payment.notes : event.payload?.payment_link?.entity?.notes) as Record<string, unknown> | undefined;
    const tenantId = Number(notes?.tenant_id);
    const orderId = Number(notes?.order_id);
    const known = Number.isSafeInteger(tenantId) && tenantId > 0 && Number.isSafeInteger(orderId) && orderId > 0;
    const id = (eventId ?? '').slice(0, 100) || `${name}:${String(payment?.id ?? '')}`;
    if (!(await this.billing.repo.takeEvent(id, name, known ? tenantId : null, 'TAKEN'))) return { outcome: 'DUPLICATE' };
    const paid = (name === 'payment_link.paid' || name === 'payment.captured') && typeof payment?.id === 'string' && typeof payment.amount === 'number';
    if (!paid || !known || !(await this.billing.repo.order(tenantId, orderId))) {
      await this.billing.repo.setEventOutcome(id, 'IGNORED');
      return { outcome: 'IGNORED' };
    }
    try {
      const { outcome } = await this.billing.settle(tenantId, orderId, payment.id as string, payment.amount as number, SYSTEM);
      await this.billing.repo.setEventOutcome(id, outcome);
      return { outcome };
    } catch (error) {
      // Not taken after all: the gateway retries the event and it is handled then.
      await this.billing.repo.forgetEvent(id);
      throw error;
    }
  }

  /** The order's description, for the web app's checkout. */
  describe = describe;
}
