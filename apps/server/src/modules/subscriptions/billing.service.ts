import type { AddOns, PlanVersion, PriceLine } from '@enviro/domain/subscriptions/catalogue';
import { renewalChannel, termLines, versionForTerm } from '@enviro/domain/subscriptions/catalogue';
import { appliesOnRenewal, discountOf } from '@enviro/domain/subscriptions/coupons';
import { computeGst, placeOfSupply } from '@enviro/domain/subscriptions/gst';
import { eInvoiceRetryDelay } from '@enviro/domain/subscriptions/e-invoice-retry';
import { documentNumber, financialYearOf, type DocumentSeries } from '@enviro/domain/subscriptions/invoice-number';
import { DEFAULT_GRACE_DAYS, dueStatus, graceEndsOn, graceReminderStep, type BillingStatus } from '@enviro/domain/subscriptions/lifecycle';
import { formatRupees } from '@enviro/domain/subscriptions/money';
import { daysBetween, termEnd, type Term } from '@enviro/domain/subscriptions/terms';
import { DEFAULT_TIME_ZONE, dayOf } from '@enviro/domain/time-zone';
import { recordAudit, recordAudits } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { subscriptionMail } from '../../platform/mail/templates.ts';
import { moveTenantStatus } from '../tenants/tenants.queries.ts';
import { BillingRepository, type InvoiceRecord, type NewOrder, type OrderRecord, type Party, type Pricing, type SubscriptionRecord } from './billing.repository.ts';
import { CatalogueRepository } from './catalogue.repository.ts';
import type { EInvoiceRequest, EInvoicing } from './e-invoicing.ts';
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
  /** The tenants' billing addresses by tenant (the reports module keeps them); one without is absent. */
  billingAddresses: (tenantIds: readonly number[]) => Promise<Map<number, { line1: string; line2: string | null; city: string | null; state: string | null; pincode: string | null; gstin: string | null }>>;
  /** Who hears of a tenant's subscription: its administrators. */
  administrators: (db: Db, tenantId: number) => Promise<{ email: string; name: string }[]>;
  mailer: Mailer;
  publicUrl: string;
  now?: () => number;
  log?: { error(obj: object, msg: string): void };
  /** Gateway calls one collecting transaction keeps in flight (over one keep-alive connection pool); 8 by default. */
  gatewayConcurrency?: number;
}

/** Who made a change: a user, or the system (the lifecycle worker, the billing run, the gateway). */
export interface Actor {
  name: string;
  userId: number | null;
}

export const SYSTEM: Actor = { name: 'system', userId: null };


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

  /** Whether this server registers e-invoices (an IRP is configured: `EINVOICE_URL`). */
  get eInvoicingOn(): boolean {
    return Boolean(this.deps.eInvoicing);
  }

  today(): string {
    return dayOf(this.now(), DEFAULT_TIME_ZONE);
  }

  /** The recipient of a tenant's invoices: its name, billing address and GSTIN (or the tenant's own state). */
  async recipient(tenantId: number): Promise<Party> {
    return (await this.recipients([tenantId])).get(tenantId)!;
  }

  /** The recipients of several tenants' invoices, read in two statements whatever their number. */
  async recipients(tenantIds: readonly number[]): Promise<Map<number, Party>> {
    const ids = [...new Set(tenantIds)];
    const [tenants, addresses] = await Promise.all([this.repo.tenants(ids), this.deps.billingAddresses(ids)]);
    const parties = new Map<number, Party>();
    for (const id of ids) {
      const tenant = tenants.get(id);
      const address = addresses.get(id);
      const name = tenant?.name ?? `Tenant ${id}`;
      parties.set(id, address
        ? {
            name,
            gstin: address.gstin,
            address: [address.line1, address.line2, [address.city, address.pincode].filter(Boolean).join(' ')].filter((x): x is string => !!x),
            state: address.state ?? tenant?.state ?? null,
          }
        : { name, gstin: null, address: [tenant?.address, tenant?.city].filter((x): x is string => !!x), state: tenant?.state ?? null });
    }
    return parties;
  }

  /** Whether an invoice to `recipient` is registered with the IRP: B2B (a GSTIN) while e-invoicing is on. */
  private eInvoiced(recipient: Party): boolean {
    return this.deps.eInvoicing !== null && !!recipient.gstin;
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
      this.eInvoiced(recipient),
    );
  }

  /** After an invoice commits: the first try of its e-invoice registration (B2B only) and the mail to the tenant's administrators. */
  private async afterInvoice(tenantId: number, invoiceId: number): Promise<void> {
    const admins = await this.deps.administrators(this.deps.db, tenantId);
    if (admins.length === 0 && !this.deps.eInvoicing) return;
    // A failure here (the database, not the IRP: that is counted on the row) leaves it PENDING for the worker.
    if (this.deps.eInvoicing) await this.registerEInvoices(1, { tenantId, id: invoiceId }).catch((error: unknown) => this.deps.log?.error({ err: error, invoiceId }, 'e-invoice registration not tried; the worker tries it'));
    const inv = await this.repo.invoice([tenantId], invoiceId);
    if (!inv) return;
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

  /**
   * The e-invoice job: registers PENDING invoices whose try is due with the IRP, `limit` a
   * transaction, each claimed under SKIP LOCKED so two servers never ask for the same one (`only`:
   * that one invoice, its first try right after it commits). A registration keeps the IRN and the
   * signed QR (REGISTERED); a failure keeps the invoice as it is, counts the attempt with the IRP's
   * error and sets the next try (`eInvoiceRetryDelay`), or FAILED after the last. The state is the
   * invoice's row, so whichever server's worker passes next takes it up. Answers how many were
   * claimed (a full batch: more may wait).
   */
  async registerEInvoices(limit = 20, only?: { tenantId: number; id: number }): Promise<number> {
    const irp = this.deps.eInvoicing;
    if (!irp) return 0;
    return this.deps.db.transaction().execute(async (trx) => {
      const repo = this.repo.in(trx);
      const due = await repo.claimDueEInvoices(limit, only);
      for (const inv of due) {
        try {
          await repo.setIrn(inv.tenantId, inv.id, await irp.register(eInvoiceRequest(inv)));
        } catch (error) {
          const delay = eInvoiceRetryDelay(inv.eInvoiceAttempts + 1);
          const message = error instanceof Error ? error.message : String(error);
          await repo.failEInvoice(inv.tenantId, inv.id, message, delay);
          this.deps.log?.error({ err: error, invoiceId: inv.id, attempt: inv.eInvoiceAttempts + 1 }, delay === null ? 'e-invoice registration failed for the last time' : 'e-invoice registration failed; it is tried again later');
        }
      }
      return due.length;
    });
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
   * The billing run on `day`: raises the renewal orders of every subscription whose term ends by
   * then (the version in force and a recurring coupon), a batch per transaction under SKIP LOCKED so
   * two runners share the work, each order once (its unique key); payment links are sent for those
   * above RBI's e-mandate limit; then `lanes` collecting transactions at once debit the mandates of
   * the open MANDATE orders and settle those the gateway reports captured. Answers how many were
   * raised, settled and sent links.
   */
  async billingRun(day = this.today(), batch = 200, lanes = 2, collectBatch = 50): Promise<{ raised: number; settled: number; linked: number }> {
    let raised = 0;
    let linked = 0;
    const versions = new Map<string, PlanVersion[]>();
    let after: { termEnd: string; tenantId: number } | null = null;
    for (;;) {
      const round: { due: SubscriptionRecord[]; made: OrderRecord[] } = await this.deps.db.transaction().execute(async (trx) => {
        const due = await this.repo.in(trx).claimRenewals(day, batch, after);
        return { due, made: due.length === 0 ? [] : await this.renewalOrders(trx, due, versions) };
      });
      raised += round.made.length;
      for (const o of round.made) if (o.channel === 'PAYMENT_LINK') {
        await this.sendPaymentLink(o);
        linked++;
      }
      const last = round.due.at(-1);
      if (!last || round.due.length < batch) break;
      after = { termEnd: last.termEnd, tenantId: last.tenantId };
    }
    // Every lane takes batches of the open mandate orders (its own and the other runner's) until none is left
    // but those the gateway refused in this run (they wait for the next one).
    const refused = new Set<number>();
    const settled = (await Promise.all(Array.from({ length: lanes }, () => this.collectMandates(Number.MAX_SAFE_INTEGER, collectBatch, refused)))).reduce((a, b) => a + b, 0);
    return { raised, settled, linked };
  }

  /** The renewal order of a subscription (the period after its term, or from today once expired), or the one raised already. */
  async renewalOrder(db: Db, s: SubscriptionRecord, term: Term, cache?: Map<string, PlanVersion[]>): Promise<{ order: OrderRecord; created: boolean }> {
    const start = s.status === 'EXPIRED' ? this.today() : s.termEnd;
    const version = await this.renewalVersion(db, s, start, cache);
    const pricing = await this.termPricing(s.tenantId, version, term, { stations: s.addOnStations, cameras: s.addOnCameras }, s.couponCode, true);
    return this.raiseOrder(db, {
      tenantId: s.tenantId, purpose: 'RENEWAL', periodStart: start, periodEnd: termEnd(start, term), planCode: version.planCode, planVersion: version.version, term,
      addOnStations: s.addOnStations, addOnCameras: s.addOnCameras, ...pricing, hasMandate: s.mandateToken !== null,
    });
  }

  /** The version a subscription renews at: its own, or the one in force on `start` when its own is gone from sale. */
  private async renewalVersion(db: Db, s: SubscriptionRecord, start: string, cache?: Map<string, PlanVersion[]>): Promise<PlanVersion> {
    const versions = cache?.get(s.planCode) ?? (await this.catalogue.in(db).versions(s.planCode));
    cache?.set(s.planCode, versions);
    const own = versions.find((v) => v.version === s.planVersion)!;
    return versionForTerm(versions, own, start, true);
  }

  /**
   * The renewal orders of a batch of claimed subscriptions, priced as `renewalOrder` prices one, in
   * a few statements whatever the batch's size: the recipients at once, each coupon once, the orders
   * in one INSERT (those raised already are left out). A subscription whose place of supply is
   * unknown gets no order (its administrators see the renew button refuse it, naming the address).
   */
  async renewalOrders(trx: Db, subs: readonly SubscriptionRecord[], cache: Map<string, PlanVersion[]>): Promise<OrderRecord[]> {
    const today = this.today();
    const recipients = await this.recipients(subs.map((s) => s.tenantId));
    const coupons = new Map<string, Awaited<ReturnType<CatalogueRepository['coupon']>>>();
    const orders: NewOrder[] = [];
    for (const s of subs) {
      const pos = placeOfSupply(recipients.get(s.tenantId)!);
      if (!pos) {
        this.deps.log?.error({ tenantId: s.tenantId }, 'renewal not raised: the billing address names no state of India (or GSTIN)');
        continue;
      }
      const start = s.status === 'EXPIRED' ? today : s.termEnd;
      const version = await this.renewalVersion(trx, s, start, cache);
      if (s.couponCode && !coupons.has(s.couponCode)) coupons.set(s.couponCode, await this.catalogue.in(trx).coupon(s.couponCode));
      const coupon = s.couponCode ? coupons.get(s.couponCode) : undefined;
      const usable = coupon && coupon.active && appliesOnRenewal(coupon, version.planCode) ? coupon : null;
      const pricing = this.price(termLines(version, s.term, { stations: s.addOnStations, cameras: s.addOnCameras }), usable, pos);
      orders.push({
        tenantId: s.tenantId, purpose: 'RENEWAL', periodStart: start, periodEnd: termEnd(start, s.term), planCode: version.planCode, planVersion: version.version, term: s.term,
        addOnStations: s.addOnStations, addOnCameras: s.addOnCameras, ...pricing, channel: renewalChannel(pricing.total, s.mandateToken !== null),
      });
    }
    return this.repo.in(trx).insertOrders(orders);
  }

  /**
   * Debits the e-mandates of open MANDATE orders not yet sent, `batch` orders per transaction
   * claimed under SKIP LOCKED (they stay locked while the gateway is asked, so no other runner
   * debits them; the gateway's order is keyed by our receipt, so a debit retried after a rollback
   * finds the same payment), several gateway calls in flight at once; those the gateway reports
   * captured are settled in the same transaction, the others wait for its webhook. An order the
   * gateway refuses (or does not answer) is added to `refused` and not claimed again by this call
   * (nor by the lanes sharing the set). Stops after `limit` orders or when none is left; answers how
   * many settled.
   */
  async collectMandates(limit: number, batch = 50, refused = new Set<number>()): Promise<number> {
    let settled = 0;
    for (let taken = 0; taken < limit; ) {
      const done = await this.deps.db.transaction().execute(async (trx) => {
        const repo = this.repo.in(trx);
        const orders = await repo.claimUncollected(Math.min(batch, limit - taken), [...refused]);
        if (orders.length === 0) return null;
        // An order raised for a mandate that is gone since: paid by link instead (the renew button sends one).
        for (const o of orders) if (!o.mandateToken) await repo.payByLink(o.tenantId, o.id);
        const charged = await this.charge(orders.filter((o) => o.mandateToken), refused);
        await repo.setOrderRefs(charged.map(({ order, payment }) => ({ tenantId: order.tenantId, id: order.id, gatewayRef: payment.id })));
        // Booked in the same transaction when the gateway says captured; otherwise its webhook settles it.
        const captured = charged.filter((c) => c.payment.status === 'captured');
        return { taken: orders.length, invoices: await this.settleMany(trx, captured.map(({ order, payment }) => ({ order, paymentId: payment.id, amount: payment.amount })), SYSTEM) };
      });
      if (!done) break;
      taken += done.taken;
      settled += done.invoices.length;
      for (const inv of done.invoices) await this.afterInvoice(inv.tenantId, inv.id);
    }
    return settled;
  }

  /**
   * Debits each order's mandate and reads the payment back, `gatewayConcurrency` orders in flight.
   * An order the gateway refuses (or does not answer) is left unsent, for the next run, and added to `refused`.
   */
  private async charge(orders: readonly (OrderRecord & { mandateToken: string | null })[], refused: Set<number>): Promise<{ order: OrderRecord; payment: { id: string; amount: number; status: string } }[]> {
    const out: { order: OrderRecord; payment: { id: string; amount: number; status: string } }[] = [];
    let next = 0;
    const lane = async () => {
      while (next < orders.length) {
        const order = orders[next++]!;
        try {
          const notes = { tenant_id: String(order.tenantId), order_id: String(order.id) };
          const { paymentId } = await this.deps.gateway.chargeMandate({ token: order.mandateToken!, amount: order.total, receipt: `${order.tenantId}-${order.id}`, description: describe(order), notes });
          out.push({ order, payment: await this.deps.gateway.fetchPayment(paymentId) });
        } catch (error) {
          refused.add(order.id);
          this.deps.log?.error({ err: error, tenantId: order.tenantId, orderId: order.id }, 'mandate debit failed; the order waits for the next billing run');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.deps.gatewayConcurrency ?? 8, orders.length) }, lane));
    return out;
  }

  /**
   * Settles a batch of orders locked by the caller with the payments the gateway reported, as
   * `settleIn` settles one, in a few statements for the batch: the payments booked at once by their
   * ids (one booked before is a replay and changes nothing), the renewed terms written at once, the
   * audit rows at once, and the invoices numbered at once, last (the counter is locked from there to
   * the commit). An order that is not the plain case (not OPEN, another amount, a coupon to redeem,
   * a status to move, no subscription, not a renewal) goes through `settleIn` itself. Answers the
   * invoices written.
   */
  async settleMany(trx: Db, items: readonly { order: OrderRecord; paymentId: string; amount: number }[], actor: Actor): Promise<{ tenantId: number; id: number }[]> {
    if (items.length === 0) return [];
    const repo = this.repo.in(trx);
    const subs = await repo.subscriptionsLocked(items.map((i) => i.order.tenantId));
    const plain = (i: (typeof items)[number]) => {
      const s = subs.get(i.order.tenantId);
      return i.order.status === 'OPEN' && i.amount === i.order.total && !i.order.couponCode && i.order.purpose === 'RENEWAL' && s?.status === 'ENABLED' && !s.couponCode;
    };
    const invoices: { tenantId: number; id: number }[] = [];
    for (const i of items.filter((x) => !plain(x))) {
      const r = await this.settleIn(trx, i.order.tenantId, i.order.id, i.paymentId, i.amount, actor);
      if (r.invoiceId !== null) invoices.push({ tenantId: i.order.tenantId, id: r.invoiceId });
    }
    const booked = await repo.bookSettlements(items.filter(plain).map((i) => ({ tenantId: i.order.tenantId, paymentId: i.paymentId, orderId: i.order.id, amount: i.amount })));
    const fast = items.filter((i) => plain(i) && booked.has(i.order.id)).map((i) => i.order);
    if (fast.length === 0) return invoices;
    await repo.startTerms(fast.map((o) => ({ tenantId: o.tenantId, planCode: o.planCode, planVersion: o.planVersion, term: o.term, addOnStations: o.addOnStations, addOnCameras: o.addOnCameras, termStart: o.periodStart, termEnd: o.periodEnd, paid: o.taxable, couponCode: null })));
    const paymentOf = new Map(items.map((i) => [i.order.id, i.paymentId]));
    await recordAudits(trx, fast.map((o) => ({ tenantId: o.tenantId, actor: actor.name, actorUserId: actor.userId, action: 'subscription.paid', entity: `order:${o.id}`, before: subs.get(o.tenantId) ?? null, after: { order: o.id, paymentId: paymentOf.get(o.id), periodEnd: o.periodEnd } })));
    // Last: the invoice counter stays locked from here to the commit.
    return [...invoices, ...(await this.issueInvoices(trx, fast))];
  }

  /** The invoices of paid orders, numbered in one statement (`issue` writes one). */
  private async issueInvoices(trx: Db, orders: readonly OrderRecord[]): Promise<{ tenantId: number; id: number }[]> {
    const day = this.today();
    const fy = financialYearOf(day);
    const recipients = await this.recipients(orders.map((o) => o.tenantId));
    const docs = orders.map((o) => {
      const gst = computeGst(this.deps.supplier.gstin, o.placeOfSupply, [{ description: 'services', sac: o.lines[0]?.sac ?? '997331', taxable: o.taxable }]);
      return { tenantId: o.tenantId, orderId: o.id, recipient: recipients.get(o.tenantId)!, placeOfSupply: o.placeOfSupply, lines: o.lines, taxable: o.taxable, cgst: gst.cgst, sgst: gst.sgst, igst: gst.igst, total: gst.total };
    });
    const rows = await this.repo.in(trx).insertNumberedInvoices(docs, { financialYear: fy, issuedOn: day, supplier: this.deps.supplier, prefix: documentNumber('INVOICE', fy, 1).slice(0, -6), eInvoice: (d) => this.eInvoiced(d.recipient) });
    return rows.map((r) => ({ tenantId: r.tenantId, id: r.id }));
  }

  /** The statuses of a subscription for the views: the day its grace ends (when in grace). */
  graceEnd(s: { status: string; termEnd: string; graceDays: number }): string | null {
    return s.status === 'GRACE' ? graceEndsOn(s.termEnd, s.graceDays) : null;
  }
}

/** An invoice as the IRP's schema has it: dates DD/MM/YYYY, amounts in rupees. */
function eInvoiceRequest(inv: InvoiceRecord): EInvoiceRequest {
  const rupees = (p: number) => p / 100;
  return {
    supplierGstin: inv.supplier.gstin!, recipientGstin: inv.recipient.gstin!, documentType: inv.series === 'CREDIT_NOTE' ? 'CRN' : 'INV', number: inv.number,
    date: `${inv.issuedOn.slice(8, 10)}/${inv.issuedOn.slice(5, 7)}/${inv.issuedOn.slice(0, 4)}`, placeOfSupply: inv.placeOfSupply,
    taxable: rupees(inv.taxable), cgst: rupees(inv.cgst), sgst: rupees(inv.sgst), igst: rupees(inv.igst), total: rupees(inv.total),
    items: inv.lines.map((l) => ({ sac: l.sac, description: l.description, quantity: l.quantity, unitPrice: rupees(l.unit), taxable: rupees(l.amount) })),
  };
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
