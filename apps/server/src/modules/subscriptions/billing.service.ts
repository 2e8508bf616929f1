import type { AddOns, PlanVersion, PriceLine } from '@enviro/domain/subscriptions/catalogue';
import { renewalChannel, termLines, versionForTerm } from '@enviro/domain/subscriptions/catalogue';
import { appliesOnRenewal, discountOf } from '@enviro/domain/subscriptions/coupons';
import { computeGst, placeOfSupply } from '@enviro/domain/subscriptions/gst';
import { documentNumber, financialYearOf, type DocumentSeries } from '@enviro/domain/subscriptions/invoice-number';
import { DEFAULT_GRACE_DAYS, dueStatus, graceEndsOn, graceReminderStep, type BillingStatus } from '@enviro/domain/subscriptions/lifecycle';
import { formatRupees } from '@enviro/domain/subscriptions/money';
import { daysBetween, termEnd, type Term } from '@enviro/domain/subscriptions/terms';
import { DEFAULT_TIME_ZONE, dayOf } from '@enviro/domain/time-zone';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { subscriptionMail } from '../../platform/mail/templates.ts';
import { moveTenantStatus } from '../tenants/tenants.queries.ts';
import { BillingRepository, type InvoiceRecord, type NewOrder, type OrderRecord, type Party, type SubscriptionRecord } from './billing.repository.ts';
import { CatalogueRepository } from './catalogue.repository.ts';
import type { EInvoicing } from './e-invoicing.ts';
import type { PaymentGateway } from './payment-gateway.ts';

/** The platform's own business, printed as the supplier on every invoice. */
export interface Supplier extends Party {
  gstin: string;
}

export interface BillingDeps {
  db: Db;
  gateway: PaymentGateway;
  /** Registers B2B invoices with an IRP; null: e-invoicing off (turnover under the threshold). */
  eInvoicing: EInvoicing | null;
  supplier: Supplier;
  /** A tenant's billing address (the reports module keeps it). */
  billingAddress: (tenantId: number) => Promise<{ line1: string; line2: string | null; city: string | null; state: string | null; pincode: string | null; gstin: string | null } | undefined>;
  /** Who hears of a tenant's subscription: its administrators. */
  administrators: (db: Db, tenantId: number) => Promise<{ email: string; name: string }[]>;
  mailer: Mailer;
  publicUrl: string;
  now?: () => number;
  log?: { error(obj: object, msg: string): void };
}

/** Who made a change: a user, or the system (the lifecycle worker, the billing run, the gateway). */
export interface Actor {
  name: string;
  userId: number | null;
}

export const SYSTEM: Actor = { name: 'system', userId: null };

export interface Pricing {
  lines: PriceLine[];
  subtotal: number;
  discount: number;
  couponCode: string | null;
  taxable: number;
  tax: number;
  total: number;
  placeOfSupply: string;
}

export type SettleOutcome = 'SETTLED' | 'DUPLICATE' | 'EXCESS' | 'MISMATCH';

const MY_PLAN = '/app/subscriptions';

/**
 * Billing without a caller: pricing with GST, orders and their collection through the gateway,
 * settling a payment once (invoice with a gap-free number, the subscription extended, the tenant
 * ENABLED), credit notes, the lifecycle's moves with their audit rows and mails, the billing run.
 * The caller-facing SubscriptionService checks access and calls this.
 */
export class BillingService {
  readonly repo: BillingRepository;
  readonly catalogue: CatalogueRepository;
  private readonly now: () => number;

  constructor(private readonly deps: BillingDeps) {
    this.repo = new BillingRepository(deps.db);
    this.catalogue = new CatalogueRepository(deps.db);
    this.now = deps.now ?? Date.now;
  }

  get db(): Db {
    return this.deps.db;
  }

  today(): string {
    return dayOf(this.now(), DEFAULT_TIME_ZONE);
  }

  /** The recipient of a tenant's invoices: its name, billing address and GSTIN (or the tenant's own state). */
  async recipient(tenantId: number): Promise<Party> {
    const [tenant, address] = await Promise.all([this.repo.tenant(tenantId), this.deps.billingAddress(tenantId)]);
    const name = tenant?.name ?? `Tenant ${tenantId}`;
    if (!address) return { name, gstin: null, address: [tenant?.address, tenant?.city].filter((x): x is string => !!x), state: tenant?.state ?? null };
    return {
      name,
      gstin: address.gstin,
      address: [address.line1, address.line2, [address.city, address.pincode].filter(Boolean).join(' ')].filter((x): x is string => !!x),
      state: address.state ?? tenant?.state ?? null,
    };
  }

  /** The place of supply of a tenant's invoices; 400 naming the billing address when neither GSTIN nor state tells it. */
  async placeOfSupply(tenantId: number): Promise<string> {
    const pos = placeOfSupply(await this.recipient(tenantId));
    if (!pos) throw badRequest('billingAddress', 'the billing address names no state of India (or GSTIN), so the place of supply and its GST are unknown');
    return pos;
  }

  /** Prices lines: the coupon's discount taken off the subtotal (spread over the lines), then GST at the place of supply. */
  price(lines: PriceLine[], coupon: { code: string; kind: 'PERCENT' | 'FIXED'; value: number } | null, pos: string): Pricing {
    const subtotal = lines.reduce((s, l) => s + l.amount, 0);
    const discount = coupon ? discountOf(coupon, subtotal) : 0;
    const taxable = subtotal - discount;
    const gst = computeGst(this.deps.supplier.gstin, pos, [{ description: 'services', sac: lines[0]?.sac ?? '997331', taxable }]);
    return { lines, subtotal, discount, couponCode: coupon && discount > 0 ? coupon.code : null, taxable, tax: gst.cgst + gst.sgst + gst.igst, total: gst.total, placeOfSupply: pos };
  }

  /** The price of a term of `version`: its lines, the coupon if it applies (a recurring one on renewals). */
  async termPricing(tenantId: number, version: PlanVersion, term: Term, addOns: AddOns, couponCode: string | null, renewal: boolean): Promise<Pricing> {
    const coupon = couponCode ? await this.catalogue.coupon(couponCode) : undefined;
    const usable = coupon && coupon.active && (!renewal || appliesOnRenewal(coupon, version.planCode)) ? coupon : null;
    return this.price(termLines(version, term, addOns), usable, await this.placeOfSupply(tenantId));
  }

  /** Inserts an order, or finds the one a double click (or another runner) already raised for the purpose and period. */
  async raiseOrder(db: Db, o: Omit<NewOrder, 'channel'> & { hasMandate: boolean }): Promise<{ order: OrderRecord; created: boolean }> {
    const repo = this.repo.in(db);
    const channel = o.purpose === 'RENEWAL' ? renewalChannel(o.total, o.hasMandate) : 'PAYMENT_LINK';
    const { hasMandate: _, ...values } = o;
    const id = await repo.insertOrder({ ...values, channel });
    if (id !== undefined) return { order: (await repo.order(o.tenantId, id))!, created: true };
    const existing = await repo.orderFor(o.tenantId, o.purpose, o.periodStart);
    if (!existing) throw badRequest('body', 'an order for this period could not be raised; try again');
    return { order: existing, created: false };
  }

  /** Sends a payment link for an order (once: an order holding one keeps it) and mails it to the tenant's administrators. */
  async sendPaymentLink(order: OrderRecord): Promise<OrderRecord> {
    if (order.gatewayRef || order.status !== 'OPEN') return order;
    const admins = await this.deps.administrators(this.deps.db, order.tenantId);
    const link = await this.deps.gateway.createPaymentLink({
      amount: order.total,
      referenceId: `${order.tenantId}-${order.id}`,
      description: `${describe(order)}, ${order.periodStart} to ${order.periodEnd}`,
      customer: { name: order.tenantName, email: admins[0]?.email ?? null },
      notes: { tenant_id: String(order.tenantId), order_id: String(order.id) },
    });
    await this.repo.setOrderLink(order.tenantId, order.id, link.id, link.shortUrl);
    for (const a of admins)
      await this.deps.mailer.send(
        subscriptionMail(a.email, {
          name: a.name,
          subject: `${order.tenantName}: ${describe(order)} of ${formatRupees(order.total)} to pay`,
          lines: [`${describe(order)} of ${order.tenantName} for ${order.periodStart} to ${order.periodEnd}: ${formatRupees(order.total)} including GST. Pay it online at:`],
          link: link.shortUrl,
        }),
      );
    return { ...order, gatewayRef: link.id, paymentUrl: link.shortUrl };
  }

  /**
   * Settles an order with a payment the gateway reported, once: the payment is booked by its id
   * (a replayed event finds it and changes nothing); a second payment of a paid order is booked
   * EXCESS (to refund) and another amount MISMATCH, neither invoiced. A settled order gets its
   * invoice (the next number of the financial year), moves the subscription on and the tenant to
   * ENABLED, all in one transaction with the audit rows; the mails and the e-invoice follow.
   */
  async settle(tenantId: number, orderId: number, paymentId: string, amount: number, actor: Actor = SYSTEM): Promise<{ outcome: SettleOutcome; invoiceId: number | null }> {
    const result = await this.deps.db.transaction().execute((trx) => this.settleIn(trx, tenantId, orderId, paymentId, amount, actor));
    if (result.outcome === 'SETTLED' && result.invoiceId !== null) await this.afterInvoice(tenantId, result.invoiceId);
    return result;
  }

  /** `settle` in the caller's transaction; the caller runs `afterInvoice` once it commits. */
  private async settleIn(trx: Db, tenantId: number, orderId: number, paymentId: string, amount: number, actor: Actor): Promise<{ outcome: SettleOutcome; invoiceId: number | null }> {
    const repo = this.repo.in(trx);
    const order = await repo.order(tenantId, orderId, true);
    if (!order) return { outcome: 'MISMATCH', invoiceId: null };
    const outcome: SettleOutcome = order.status !== 'OPEN' ? 'EXCESS' : amount !== order.total ? 'MISMATCH' : 'SETTLED';
    if (!(await repo.bookPayment({ tenantId, paymentId, orderId, amount, outcome }))) return { outcome: 'DUPLICATE', invoiceId: null };
    if (outcome !== 'SETTLED') {
      await recordAudit(trx, { tenantId, actor: actor.name, actorUserId: actor.userId, action: `subscription.payment.${outcome.toLowerCase()}`, entity: `order:${orderId}`, before: null, after: { paymentId, amount } });
      return { outcome, invoiceId: null };
    }
    const before = await repo.subscription(tenantId, true);
    await this.apply(trx, order, before);
    if (order.couponCode) await this.catalogue.in(trx).redeem(tenantId, order.couponCode, orderId);
    if (before?.status !== 'ENABLED') await this.move(trx, tenantId, ['TRIAL', 'AWAITED', 'GRACE', 'EXPIRED'], 'ENABLED', actor, `paid ${describe(order).toLowerCase()}`);
    await recordAudit(trx, { tenantId, actor: actor.name, actorUserId: actor.userId, action: 'subscription.paid', entity: `order:${orderId}`, before: before ?? null, after: { order: orderId, paymentId, periodEnd: order.periodEnd } });
    // Last: the invoice number's counter stays locked from here to the commit, so concurrent settlements wait on it briefly.
    const invoiceId = await this.issue(trx, 'INVOICE', order, order.lines, order.taxable, order.placeOfSupply, null);
    return { outcome, invoiceId };
  }

  /** The subscription after an order is paid. */
  private async apply(trx: Db, o: OrderRecord, s: SubscriptionRecord | undefined): Promise<void> {
    const repo = this.repo.in(trx);
    // A recurring coupon stays for the renewals; a coupon for once is used up.
    const keepCoupon = async (code: string | null) => {
      if (!code) return null;
      const c = await this.catalogue.in(trx).coupon(code);
      return c && appliesOnRenewal(c, o.planCode) ? code : null;
    };
    if (!s) {
      await repo.insertSubscription({ tenantId: o.tenantId, planCode: o.planCode, planVersion: o.planVersion, term: o.term, addOnStations: o.addOnStations, addOnCameras: o.addOnCameras, termStart: o.periodStart, termEnd: o.periodEnd, paid: o.taxable, couponCode: await keepCoupon(o.couponCode), graceDays: DEFAULT_GRACE_DAYS, mandateToken: null });
      return;
    }
    const plan = { planCode: o.planCode, planVersion: o.planVersion, term: o.term, addOnStations: o.addOnStations, addOnCameras: o.addOnCameras };
    if (o.purpose === 'NEW' || o.purpose === 'RENEWAL')
      await repo.updateSubscription(o.tenantId, { ...plan, termStart: o.periodStart, termEnd: o.periodEnd, paid: o.taxable, changedThisTerm: false, cancelAtTermEnd: false, couponCode: await keepCoupon(o.couponCode ?? s.couponCode) });
    else await repo.updateSubscription(o.tenantId, { ...plan, paid: s.paid + o.taxable, changedThisTerm: o.purpose === 'UPGRADE' ? true : s.changedThisTerm });
  }

  /** Writes an invoice or credit note with the next number of its series and financial year (in `trx`, so the number is gap-free). */
  async issue(trx: Db, series: DocumentSeries, o: { tenantId: number; id: number | null }, lines: PriceLine[], taxable: number, pos: string, originalInvoiceId: number | null): Promise<number> {
    const repo = this.repo.in(trx);
    const day = this.today();
    const fy = financialYearOf(day);
    const gst = computeGst(this.deps.supplier.gstin, pos, [{ description: 'services', sac: lines[0]?.sac ?? '997331', taxable }]);
    const recipient = await this.recipient(o.tenantId);
    // The number is the prefix of the series and year, then the sequence number padded to 6 digits.
    const prefix = documentNumber(series, fy, 1).slice(0, -6);
    return repo.insertNumbered(
      { tenantId: o.tenantId, series, financialYear: fy, issuedOn: day, orderId: o.id, originalInvoiceId, supplier: this.deps.supplier, recipient, placeOfSupply: pos, lines, taxable, cgst: gst.cgst, sgst: gst.sgst, igst: gst.igst, total: gst.total },
      prefix,
      series === 'INVOICE' && o.id !== null,
    );
  }

  /** After an invoice commits: its e-invoice registration (B2B only) and the mail to the tenant's administrators. */
  private async afterInvoice(tenantId: number, invoiceId: number): Promise<void> {
    const admins = await this.deps.administrators(this.deps.db, tenantId);
    if (admins.length === 0 && !this.deps.eInvoicing) return;
    const inv = await this.repo.invoice([tenantId], invoiceId);
    if (!inv) return;
    await this.registerEInvoice(inv).catch((error: unknown) => this.deps.log?.error({ err: error, invoiceId }, 'e-invoice registration failed; the invoice stands without an IRN'));
    const what = inv.series === 'CREDIT_NOTE' ? 'Credit note' : 'Invoice';
    for (const a of admins)
      await this.deps.mailer.send(
        subscriptionMail(a.email, {
          name: a.name,
          subject: `${inv.tenantName}: ${what.toLowerCase()} ${inv.number} of ${formatRupees(inv.total)}`,
          lines: [inv.series === 'CREDIT_NOTE' ? `We credited ${formatRupees(inv.total)} to ${inv.tenantName}.` : `We received ${formatRupees(inv.total)} from ${inv.tenantName}. Thank you.`, `${what} ${inv.number} is on your plan page:`],
          link: `${this.deps.publicUrl}${MY_PLAN}?tenant=${tenantId}&tab=invoices`,
        }),
      );
  }

  /** Registers a B2B invoice with the IRP and keeps its IRN and signed QR. */
  async registerEInvoice(inv: InvoiceRecord): Promise<void> {
    if (!this.deps.eInvoicing || !inv.recipient.gstin || inv.irn) return;
    const rupees = (p: number) => p / 100;
    const e = await this.deps.eInvoicing.register({
      supplierGstin: inv.supplier.gstin!, recipientGstin: inv.recipient.gstin, documentType: inv.series === 'CREDIT_NOTE' ? 'CRN' : 'INV', number: inv.number,
      date: `${inv.issuedOn.slice(8, 10)}/${inv.issuedOn.slice(5, 7)}/${inv.issuedOn.slice(0, 4)}`, placeOfSupply: inv.placeOfSupply,
      taxable: rupees(inv.taxable), cgst: rupees(inv.cgst), sgst: rupees(inv.sgst), igst: rupees(inv.igst), total: rupees(inv.total),
      items: inv.lines.map((l) => ({ sac: l.sac, description: l.description, quantity: l.quantity, unitPrice: rupees(l.unit), taxable: rupees(l.amount) })),
    });
    await this.repo.setIrn(inv.tenantId, inv.id, e);
  }

  /** A credit note of `taxable` (before GST, at the original invoice's place of supply) against an invoice; answers its id. */
  async creditNote(trx: Db, original: InvoiceRecord, taxable: number, reason: string): Promise<number> {
    return this.issue(trx, 'CREDIT_NOTE', { tenantId: original.tenantId, id: null }, [{ description: reason, sac: original.lines[0]?.sac ?? '997331', quantity: 1, unit: taxable, amount: taxable }], taxable, original.placeOfSupply, original.id);
  }

  /** Mails a credit note after its transaction committed. */
  async afterCreditNote(tenantId: number, id: number): Promise<void> {
    await this.afterInvoice(tenantId, id);
  }

  /**
   * Moves a tenant's status along the lifecycle in `trx`, when it is in one of `from`: the audit row
   * and the mail to its administrators go with it (both in the transaction; a refused mail rolls the
   * move back for the next pass). Answers whether it moved.
   */
  async move(trx: Db, tenantId: number, from: readonly BillingStatus[], to: BillingStatus, actor: Actor, why: string): Promise<boolean> {
    const before = await moveTenantStatus(trx, tenantId, from.filter((s) => s !== to), to);
    if (before === undefined) return false;
    await recordAudit(trx, { tenantId, actor: actor.name, actorUserId: actor.userId, action: 'subscription.status', entity: `tenant:${tenantId}`, before: { status: before }, after: { status: to, why } });
    const tenant = await this.repo.in(trx).tenant(tenantId);
    const s = await this.repo.in(trx).subscription(tenantId);
    const lines = [`The subscription of ${tenant?.name} is now ${to} (was ${before}): ${why}.`];
    if (to === 'GRACE' && s) lines.push(`Renew by ${graceEndsOn(s.termEnd, s.graceDays)} to keep every feature. Monitoring, the regulator push, the board's alerts and your compliance record go on whatever happens.`);
    if (to === 'EXPIRED') lines.push('Premium features are off until you renew. Monitoring, the regulator push, the board\'s alerts and your compliance record go on: they are your legal duty and ours.');
    for (const a of await this.deps.administrators(trx, tenantId))
      await this.deps.mailer.send(subscriptionMail(a.email, { name: a.name, subject: `${tenant?.name}: subscription ${to}`, lines, link: `${this.deps.publicUrl}${MY_PLAN}?tenant=${tenantId}` }));
    return true;
  }

  /**
   * One pass of the lifecycle on `today`: subscriptions past their term move TRIAL/ENABLED → GRACE
   * → EXPIRED (or straight to EXPIRED when cancelled at term end), and those in grace get their
   * reminders (on entry, then 7, 3 and 1 days before expiry), each once: the move is guarded by
   * the status it moves from and a reminder by its claimed row, so two servers running the pass
   * move and mail each once. Answers the moves and reminders made.
   */
  async lifecyclePass(limit = 500): Promise<{ moved: number; reminded: number }> {
    const today = this.today();
    let moved = 0;
    let reminded = 0;
    for (const s of await this.repo.dueForLifecycle(today, limit)) {
      await this.deps.db.transaction().execute(async (trx) => {
        const target = dueStatus({ status: s.status as BillingStatus, paidUntil: s.termEnd, graceDays: s.graceDays, cancelAtTermEnd: s.cancelAtTermEnd }, today);
        let status = s.status;
        if (target) {
          const why = target === 'EXPIRED' ? (s.cancelAtTermEnd ? 'cancelled at the end of its term' : `unpaid ${s.graceDays} days after its term ended on ${s.termEnd}`) : `its term ended on ${s.termEnd} unpaid`;
          if (await this.move(trx, s.tenantId, [s.status as BillingStatus], target, SYSTEM, why)) {
            moved++;
            status = target;
            // Entering grace is its first reminder.
            if (target === 'GRACE') await this.repo.in(trx).claimNotice(s.tenantId, s.termEnd, `reminder:${s.graceDays}`);
          }
        }
        if (status !== 'GRACE' || target === 'GRACE') return;
        const ends = graceEndsOn(s.termEnd, s.graceDays);
        const daysLeft = daysBetween(today, ends);
        const sent = (await this.repo.in(trx).noticesSent(s.tenantId, s.termEnd)).filter((n) => n.startsWith('reminder:')).map((n) => Number(n.slice(9)));
        const step = graceReminderStep(daysLeft, s.graceDays, sent);
        if (step === null || !(await this.repo.in(trx).claimNotice(s.tenantId, s.termEnd, `reminder:${step}`))) return;
        for (const a of await this.deps.administrators(trx, s.tenantId))
          await this.deps.mailer.send(
            subscriptionMail(a.email, {
              name: a.name,
              subject: `${s.tenantName}: ${daysLeft} day${daysLeft === 1 ? '' : 's'} of grace left`,
              lines: [`The subscription of ${s.tenantName} ended on ${s.termEnd} and is in grace until ${ends}. Renew before then to keep every feature. Monitoring and the regulator push go on whatever happens.`],
              link: `${this.deps.publicUrl}${MY_PLAN}?tenant=${s.tenantId}`,
            }),
          );
        await recordAudit(trx, { tenantId: s.tenantId, actor: 'system', actorUserId: null, action: 'subscription.reminder', entity: `tenant:${s.tenantId}`, before: null, after: { step, daysLeft } });
        reminded++;
      });
    }
    return { moved, reminded };
  }

  /**
   * The billing run on `day`: raises the renewal order of every subscription whose term ends by
   * then (the version in force and a recurring coupon), batch by batch under SKIP LOCKED so two
   * runners share the work, each order once (its unique key); then collects each: debited on the
   * e-mandate within RBI's limit and settled when the gateway says captured, else a payment link
   * mailed. Answers how many were raised, settled and sent links.
   */
  async billingRun(day = this.today(), batch = 100, lanes = 4): Promise<{ raised: number; settled: number; linked: number }> {
    let raised = 0;
    let settled = 0;
    let linked = 0;
    const versions = new Map<string, PlanVersion[]>();
    for (;;) {
      const orders = await this.deps.db.transaction().execute(async (trx) => {
        const due = await this.repo.in(trx).claimRenewals(day, batch);
        const made: OrderRecord[] = [];
        for (const s of due) {
          const o = await this.renewalOrder(trx, s, s.term, versions);
          if (o.created) made.push(o.order);
        }
        return { due: due.length, made };
      });
      raised += orders.made.length;
      for (const o of orders.made) if (o.channel === 'PAYMENT_LINK') {
        await this.sendPaymentLink(o);
        linked++;
      }
      // Several lanes debit at once; each claims its order under SKIP LOCKED.
      settled += (await Promise.all(Array.from({ length: lanes }, () => this.collectMandates(batch)))).reduce((a, b) => a + b, 0);
      if (orders.due < batch) break;
    }
    return { raised, settled, linked };
  }

  /** The renewal order of a subscription (the period after its term, or from today once expired), or the one raised already. */
  async renewalOrder(db: Db, s: SubscriptionRecord, term: Term, cache?: Map<string, PlanVersion[]>): Promise<{ order: OrderRecord; created: boolean }> {
    const start = s.status === 'EXPIRED' ? this.today() : s.termEnd;
    const versions = cache?.get(s.planCode) ?? (await this.catalogue.in(db).versions(s.planCode));
    cache?.set(s.planCode, versions);
    const own = versions.find((v) => v.version === s.planVersion)!;
    const version = versionForTerm(versions, own, start, true);
    const pricing = await this.termPricing(s.tenantId, version, term, { stations: s.addOnStations, cameras: s.addOnCameras }, s.couponCode, true);
    return this.raiseOrder(db, {
      tenantId: s.tenantId, purpose: 'RENEWAL', periodStart: start, periodEnd: termEnd(start, term), planCode: version.planCode, planVersion: version.version, term,
      addOnStations: s.addOnStations, addOnCameras: s.addOnCameras, ...pricing, hasMandate: s.mandateToken !== null,
    });
  }

  /**
   * Debits the e-mandate of open MANDATE orders not yet sent, one at a time under SKIP LOCKED (the
   * order stays locked while the gateway is asked, so no other runner debits it), and settles those
   * the gateway reports captured; the others wait for the gateway's webhook. Answers how many settled.
   */
  async collectMandates(limit: number): Promise<number> {
    let settled = 0;
    for (let i = 0; i < limit; i++) {
      const done = await this.deps.db.transaction().execute(async (trx) => {
        const [order] = await this.repo.in(trx).claimUncollected(1);
        if (!order) return null;
        // An order raised for a mandate that is gone since: paid by link instead (the renew button sends one).
        if (!order.mandateToken) {
          await this.repo.in(trx).payByLink(order.tenantId, order.id);
          return { order, invoiceId: null };
        }
        const notes = { tenant_id: String(order.tenantId), order_id: String(order.id) };
        const { paymentId } = await this.deps.gateway.chargeMandate({ token: order.mandateToken, amount: order.total, receipt: `${order.tenantId}-${order.id}`, description: describe(order), notes });
        await this.repo.in(trx).setOrderLink(order.tenantId, order.id, paymentId, null);
        // Booked in the same transaction when the gateway says captured; otherwise its webhook settles it.
        const payment = await this.deps.gateway.fetchPayment(paymentId);
        if (payment.status !== 'captured') return { order, invoiceId: null };
        const { invoiceId } = await this.settleIn(trx, order.tenantId, order.id, payment.id, payment.amount, SYSTEM);
        return { order, invoiceId };
      });
      if (!done) break;
      if (done.invoiceId === null) continue;
      settled++;
      await this.afterInvoice(done.order.tenantId, done.invoiceId);
    }
    return settled;
  }

  /** The statuses of a subscription for the views: the day its grace ends (when in grace). */
  graceEnd(s: { status: string; termEnd: string; graceDays: number }): string | null {
    return s.status === 'GRACE' ? graceEndsOn(s.termEnd, s.graceDays) : null;
  }
}

export function describe(o: { purpose: string; planCode: string; term: string }): string {
  const term = o.term === 'ANNUAL' ? 'annual' : 'monthly';
  switch (o.purpose) {
    case 'RENEWAL':
      return `Renewal of plan ${o.planCode} (${term})`;
    case 'UPGRADE':
      return `Change to plan ${o.planCode} (${term})`;
    case 'ADD_ON':
      return `Add-ons to plan ${o.planCode}`;
    default:
      return `Plan ${o.planCode} (${term})`;
  }
}
