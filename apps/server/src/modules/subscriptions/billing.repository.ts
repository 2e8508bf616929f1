import { sql } from 'kysely';
import type { PriceLine } from '@enviro/domain/subscriptions/catalogue';
import type { DocumentSeries } from '@enviro/domain/subscriptions/invoice-number';
import { Repository } from '../../platform/database/repository.ts';
import { TENANT_ROWS } from '../tenants/tenants.queries.ts';

/** migrations/170_subscriptions.sql: subscriptions, orders, payments, invoices and their numbers, notices, webhook events. */

export interface SubscriptionRecord {
  tenantId: number;
  tenantName: string;
  status: string;
  planCode: string;
  planName: string;
  planVersion: number;
  term: 'MONTHLY' | 'ANNUAL';
  addOnStations: number;
  addOnCameras: number;
  termStart: string;
  termEnd: string;
  paid: number;
  couponCode: string | null;
  graceDays: number;
  cancelAtTermEnd: boolean;
  changedThisTerm: boolean;
  mandateToken: string | null;
}

const SUBSCRIPTION_COLUMNS = sql`s.tenant_id AS "tenantId", t.name AS "tenantName", t.status, s.plan_code AS "planCode", p.name AS "planName",
  s.plan_version AS "planVersion", s.term, s.add_on_stations AS "addOnStations", s.add_on_cameras AS "addOnCameras",
  to_char(s.term_start, 'YYYY-MM-DD') AS "termStart", to_char(s.term_end, 'YYYY-MM-DD') AS "termEnd", s.paid_paise::float8 AS paid,
  s.coupon_code AS "couponCode", s.grace_days AS "graceDays", s.cancel_at_term_end AS "cancelAtTermEnd",
  s.changed_this_term AS "changedThisTerm", s.mandate_token AS "mandateToken"`;

const SUBSCRIPTION_FROM = sql`subscription s JOIN ${TENANT_ROWS} t ON t.id = s.tenant_id JOIN subscription_plan p ON p.code = s.plan_code`;

/** A priced term: its lines, coupon, GST and total (what an order is booked with). */
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

export interface OrderRecord extends Pricing {
  id: number;
  tenantId: number;
  tenantName: string;
  purpose: 'NEW' | 'RENEWAL' | 'UPGRADE' | 'ADD_ON';
  periodStart: string;
  periodEnd: string;
  planCode: string;
  planVersion: number;
  term: 'MONTHLY' | 'ANNUAL';
  addOnStations: number;
  addOnCameras: number;
  status: 'OPEN' | 'PAID' | 'CANCELLED';
  channel: 'PAYMENT_LINK' | 'MANDATE';
  gatewayRef: string | null;
  paymentUrl: string | null;
  invoiceId: number | null;
  createdAt: Date;
  paidAt: Date | null;
}

const ORDER_COLUMNS = sql`o.id::float8 AS id, o.tenant_id AS "tenantId", t.name AS "tenantName", o.purpose,
  to_char(o.period_start, 'YYYY-MM-DD') AS "periodStart", to_char(o.period_end, 'YYYY-MM-DD') AS "periodEnd",
  o.plan_code AS "planCode", o.plan_version AS "planVersion", o.term, o.add_on_stations AS "addOnStations", o.add_on_cameras AS "addOnCameras",
  o.lines, o.subtotal_paise::float8 AS subtotal, o.discount_paise::float8 AS discount, o.coupon_code AS "couponCode",
  o.taxable_paise::float8 AS taxable, o.tax_paise::float8 AS tax, o.total_paise::float8 AS total, o.place_of_supply AS "placeOfSupply", o.status, o.channel,
  o.gateway_ref AS "gatewayRef", o.payment_url AS "paymentUrl", o.invoice_id::float8 AS "invoiceId", o.created_at AS "createdAt", o.paid_at AS "paidAt"`;

export type NewOrder = Omit<OrderRecord, 'id' | 'tenantName' | 'status' | 'gatewayRef' | 'paymentUrl' | 'invoiceId' | 'createdAt' | 'paidAt'>;

export interface Party {
  name: string;
  gstin: string | null;
  address: string[];
  state: string | null;
}

export interface InvoiceRecord {
  id: number;
  tenantId: number;
  tenantName: string;
  series: DocumentSeries;
  financialYear: string;
  seq: number;
  number: string;
  issuedOn: string;
  orderId: number | null;
  originalInvoiceId: number | null;
  supplier: Party;
  recipient: Party;
  placeOfSupply: string;
  lines: PriceLine[];
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  irn: string | null;
  ackNo: string | null;
  signedQr: string | null;
  /** The e-invoice job (migration 200): null when the invoice is not to be registered. */
  eInvoiceStatus: 'PENDING' | 'REGISTERED' | 'FAILED' | null;
  eInvoiceAttempts: number;
  eInvoiceNextAt: Date | null;
  eInvoiceError: string | null;
}

type InvoiceJob = 'eInvoiceStatus' | 'eInvoiceAttempts' | 'eInvoiceNextAt' | 'eInvoiceError';

const INVOICE_COLUMNS = sql`i.id::float8 AS id, i.tenant_id AS "tenantId", t.name AS "tenantName", i.series, i.financial_year AS "financialYear", i.seq, i.number,
  to_char(i.issued_on, 'YYYY-MM-DD') AS "issuedOn", i.order_id::float8 AS "orderId", i.original_invoice_id::float8 AS "originalInvoiceId",
  i.supplier, i.recipient, i.place_of_supply AS "placeOfSupply", i.lines, i.taxable_paise::float8 AS taxable, i.cgst_paise::float8 AS cgst,
  i.sgst_paise::float8 AS sgst, i.igst_paise::float8 AS igst, i.total_paise::float8 AS total, i.irn, i.ack_no AS "ackNo", i.signed_qr AS "signedQr",
  i.einvoice_status AS "eInvoiceStatus", i.einvoice_attempts AS "eInvoiceAttempts", i.einvoice_next_at AS "eInvoiceNextAt", i.einvoice_error AS "eInvoiceError"`;

export class BillingRepository extends Repository {
  /** The tenant as its invoices name it. */
  async tenant(tenantId: number): Promise<{ id: number; name: string; type: string; status: string; state: string | null; city: string | null; address: string | null } | undefined> {
    const { rows } = await sql<{ id: number; name: string; type: string; status: string; state: string | null; city: string | null; address: string | null }>`
      SELECT id, name, type, status, state, city, address FROM ${TENANT_ROWS} t WHERE t.id = ${tenantId}`.execute(this.db);
    return rows[0];
  }

  /** The tenants as their invoices name them, by id (one statement for a batch). */
  async tenants(tenantIds: readonly number[]): Promise<Map<number, { id: number; name: string; type: string; status: string; state: string | null; city: string | null; address: string | null }>> {
    const { rows } = await sql<{ id: number; name: string; type: string; status: string; state: string | null; city: string | null; address: string | null }>`
      SELECT id, name, type, status, state, city, address FROM ${TENANT_ROWS} t WHERE t.id = ANY(${sql.val([...tenantIds])}::int[])`.execute(this.db);
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Open MANDATE orders not yet sent to the gateway, a batch locked past those another runner holds (and past `skip`, those the gateway refused in this run). */
  async claimUncollected(limit: number, skip: readonly number[] = []): Promise<(OrderRecord & { mandateToken: string | null })[]> {
    const { rows } = await sql<OrderRecord & { mandateToken: string | null }>`SELECT ${ORDER_COLUMNS}, (SELECT s.mandate_token FROM subscription s WHERE s.tenant_id = o.tenant_id) AS "mandateToken"
      FROM subscription_order o JOIN ${TENANT_ROWS} t ON t.id = o.tenant_id
      WHERE o.status = 'OPEN' AND o.gateway_ref IS NULL AND o.channel = 'MANDATE'
        ${skip.length === 0 ? sql`` : sql`AND NOT (o.id = ANY(${sql.val([...skip])}::bigint[]))`}
      ORDER BY o.created_at, o.id LIMIT ${limit} FOR UPDATE OF o SKIP LOCKED`.execute(this.db);
    return rows;
  }

  /** The subscriptions of the tenants, locked in tenant order (the order every settlement locks them in). */
  async subscriptionsLocked(tenantIds: readonly number[]): Promise<Map<number, SubscriptionRecord>> {
    const { rows } = await sql<SubscriptionRecord>`SELECT ${SUBSCRIPTION_COLUMNS} FROM ${SUBSCRIPTION_FROM}
      WHERE s.tenant_id = ANY(${sql.val([...tenantIds])}::int[]) ORDER BY s.tenant_id FOR UPDATE OF s`.execute(this.db);
    return new Map(rows.map((r) => [r.tenantId, r]));
  }

  async subscription(tenantId: number, lock = false): Promise<SubscriptionRecord | undefined> {
    const { rows } = await sql<SubscriptionRecord>`SELECT ${SUBSCRIPTION_COLUMNS} FROM ${SUBSCRIPTION_FROM} WHERE s.tenant_id = ${tenantId}
      ${lock ? sql`FOR UPDATE OF s` : sql``}`.execute(this.db);
    return rows[0];
  }

  /** Every tenant's subscription (or none) of the tenants given, with what their open orders owe. */
  async list(tenantIds: readonly number[], status: string | undefined) {
    const { rows } = await sql<{
      tenantId: number; tenantName: string; status: string; planCode: string | null; planVersion: number | null; term: 'MONTHLY' | 'ANNUAL' | null;
      paidUntil: string | null; graceDays: number | null; stations: number | null; cancelAtTermEnd: boolean | null; open: number;
    }>`
      SELECT t.id AS "tenantId", t.name AS "tenantName", t.status, s.plan_code AS "planCode", s.plan_version AS "planVersion", s.term,
             to_char(s.term_end, 'YYYY-MM-DD') AS "paidUntil", s.grace_days AS "graceDays",
             v.included_stations + s.add_on_stations AS stations, s.cancel_at_term_end AS "cancelAtTermEnd",
             coalesce((SELECT sum(o.total_paise) FROM subscription_order o WHERE o.tenant_id = t.id AND o.status = 'OPEN'), 0)::float8 AS open
      FROM ${TENANT_ROWS} t
      LEFT JOIN subscription s ON s.tenant_id = t.id
      LEFT JOIN subscription_plan_version v ON v.plan_code = s.plan_code AND v.version = s.plan_version
      WHERE t.id = ANY(${sql.val([...tenantIds])}::int[]) AND t.type = 'tenant' AND t.status <> 'DELETED'
        ${status === undefined ? sql`` : sql`AND t.status = ${status}`}
      ORDER BY t.name, t.id`.execute(this.db);
    return rows;
  }

  async insertSubscription(s: Omit<SubscriptionRecord, 'tenantName' | 'status' | 'planName' | 'changedThisTerm' | 'cancelAtTermEnd'>): Promise<void> {
    await sql`INSERT INTO subscription (tenant_id, plan_code, plan_version, term, add_on_stations, add_on_cameras, term_start, term_end, paid_paise, coupon_code, grace_days, mandate_token)
      VALUES (${s.tenantId}, ${s.planCode}, ${s.planVersion}, ${s.term}, ${s.addOnStations}, ${s.addOnCameras}, ${s.termStart}::date, ${s.termEnd}::date, ${s.paid}, ${s.couponCode}, ${s.graceDays}, ${s.mandateToken})`.execute(this.db);
  }

  async updateSubscription(tenantId: number, set: Partial<{
    planCode: string; planVersion: number; term: string; addOnStations: number; addOnCameras: number; termStart: string; termEnd: string;
    paid: number; couponCode: string | null; cancelAtTermEnd: boolean; changedThisTerm: boolean; mandateToken: string | null;
  }>): Promise<void> {
    const columns: Record<string, string> = {
      planCode: 'plan_code', planVersion: 'plan_version', term: 'term', addOnStations: 'add_on_stations', addOnCameras: 'add_on_cameras', termStart: 'term_start',
      termEnd: 'term_end', paid: 'paid_paise', couponCode: 'coupon_code', cancelAtTermEnd: 'cancel_at_term_end', changedThisTerm: 'changed_this_term', mandateToken: 'mandate_token',
    };
    const parts = Object.entries(set).map(([k, v]) => sql`${sql.ref(columns[k]!)} = ${v}`);
    if (parts.length === 0) return;
    await sql`UPDATE subscription SET ${sql.join(parts)}, updated_at = now() WHERE tenant_id = ${tenantId}`.execute(this.db);
  }

  /** Inserts an order; undefined when one of its purpose is open or paid for the same period already (a double click). */
  async insertOrder(o: NewOrder): Promise<number | undefined> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO subscription_order (tenant_id, purpose, period_start, period_end, plan_code, plan_version, term, add_on_stations, add_on_cameras, lines,
        subtotal_paise, discount_paise, coupon_code, taxable_paise, tax_paise, total_paise, place_of_supply, channel)
      VALUES (${o.tenantId}, ${o.purpose}, ${o.periodStart}::date, ${o.periodEnd}::date, ${o.planCode}, ${o.planVersion}, ${o.term}, ${o.addOnStations}, ${o.addOnCameras},
        ${JSON.stringify(o.lines)}::jsonb, ${o.subtotal}, ${o.discount}, ${o.couponCode}, ${o.taxable}, ${o.tax}, ${o.total}, ${o.placeOfSupply}, ${o.channel})
      ON CONFLICT DO NOTHING RETURNING id`.execute(this.db);
    return rows[0] ? Number(rows[0].id) : undefined;
  }

  /**
   * Inserts orders in one statement; those whose purpose and period are open or paid already (a
   * double click, another runner) are left out. Answers the orders inserted.
   */
  async insertOrders(orders: readonly NewOrder[]): Promise<OrderRecord[]> {
    if (orders.length === 0) return [];
    const input = orders.map((o) => ({
      tenant_id: o.tenantId, purpose: o.purpose, period_start: o.periodStart, period_end: o.periodEnd, plan_code: o.planCode, plan_version: o.planVersion, term: o.term,
      add_on_stations: o.addOnStations, add_on_cameras: o.addOnCameras, lines: o.lines, subtotal_paise: o.subtotal, discount_paise: o.discount, coupon_code: o.couponCode,
      taxable_paise: o.taxable, tax_paise: o.tax, total_paise: o.total, place_of_supply: o.placeOfSupply, channel: o.channel,
    }));
    const { rows } = await sql<OrderRecord>`
      WITH o AS (
        INSERT INTO subscription_order (tenant_id, purpose, period_start, period_end, plan_code, plan_version, term, add_on_stations, add_on_cameras, lines,
          subtotal_paise, discount_paise, coupon_code, taxable_paise, tax_paise, total_paise, place_of_supply, channel)
        SELECT tenant_id, purpose, period_start, period_end, plan_code, plan_version, term, add_on_stations, add_on_cameras, lines,
          subtotal_paise, discount_paise, coupon_code, taxable_paise, tax_paise, total_paise, place_of_supply, channel
        FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(tenant_id int, purpose text, period_start date, period_end date, plan_code text, plan_version int, term text,
          add_on_stations int, add_on_cameras int, lines jsonb, subtotal_paise bigint, discount_paise bigint, coupon_code text, taxable_paise bigint, tax_paise bigint,
          total_paise bigint, place_of_supply text, channel text)
        ON CONFLICT DO NOTHING RETURNING *)
      SELECT ${ORDER_COLUMNS} FROM o JOIN ${TENANT_ROWS} t ON t.id = o.tenant_id ORDER BY o.id`.execute(this.db);
    return rows;
  }

  async order(tenantId: number, id: number, lock = false): Promise<OrderRecord | undefined> {
    const { rows } = await sql<OrderRecord>`SELECT ${ORDER_COLUMNS} FROM subscription_order o JOIN ${TENANT_ROWS} t ON t.id = o.tenant_id
      WHERE o.tenant_id = ${tenantId} AND o.id = ${id} ${lock ? sql`FOR UPDATE OF o` : sql``}`.execute(this.db);
    return rows[0];
  }

  /** The open or paid order of a purpose and period (the one a double click finds). */
  async orderFor(tenantId: number, purpose: string, periodStart: string): Promise<OrderRecord | undefined> {
    const { rows } = await sql<OrderRecord>`SELECT ${ORDER_COLUMNS} FROM subscription_order o JOIN ${TENANT_ROWS} t ON t.id = o.tenant_id
      WHERE o.tenant_id = ${tenantId} AND o.purpose = ${purpose} AND o.period_start = ${periodStart}::date AND o.status <> 'CANCELLED'`.execute(this.db);
    return rows[0];
  }

  /** Open orders of the tenants, oldest first. */
  async openOrders(tenantIds: readonly number[]): Promise<OrderRecord[]> {
    const { rows } = await sql<OrderRecord>`SELECT ${ORDER_COLUMNS} FROM subscription_order o JOIN ${TENANT_ROWS} t ON t.id = o.tenant_id
      WHERE o.tenant_id = ANY(${sql.val([...tenantIds])}::int[]) AND o.status = 'OPEN' ORDER BY o.created_at, o.id`.execute(this.db);
    return rows;
  }

  async setOrderLink(tenantId: number, id: number, gatewayRef: string, paymentUrl: string | null): Promise<void> {
    await sql`UPDATE subscription_order SET gateway_ref = ${gatewayRef}, payment_url = ${paymentUrl} WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  /** Keeps the gateway's reference of each order (the payment a mandate debit made), in one statement. */
  async setOrderRefs(refs: readonly { tenantId: number; id: number; gatewayRef: string }[]): Promise<void> {
    if (refs.length === 0) return;
    await sql`UPDATE subscription_order o SET gateway_ref = x.ref
      FROM unnest(${sql.val(refs.map((r) => r.tenantId))}::int[], ${sql.val(refs.map((r) => r.id))}::bigint[], ${sql.val(refs.map((r) => r.gatewayRef))}::text[]) AS x(tenant_id, id, ref)
      WHERE o.tenant_id = x.tenant_id AND o.id = x.id`.execute(this.db);
  }

  async payByLink(tenantId: number, id: number): Promise<void> {
    await sql`UPDATE subscription_order SET channel = 'PAYMENT_LINK' WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  async cancelOpenOrders(tenantId: number): Promise<void> {
    await sql`UPDATE subscription_order SET status = 'CANCELLED' WHERE tenant_id = ${tenantId} AND status = 'OPEN'`.execute(this.db);
  }

  /** Books a payment by the gateway's id; false when it was booked before (a replayed event). */
  async bookPayment(p: { tenantId: number; paymentId: string; orderId: number; amount: number; outcome: 'SETTLED' | 'EXCESS' | 'MISMATCH' }): Promise<boolean> {
    const { rows } = await sql`INSERT INTO subscription_payment (tenant_id, gateway_payment_id, order_id, amount_paise, outcome)
      VALUES (${p.tenantId}, ${p.paymentId}, ${p.orderId}, ${p.amount}, ${p.outcome}) ON CONFLICT DO NOTHING RETURNING order_id`.execute(this.db);
    return rows.length === 1;
  }

  /** Books payments that settle their orders, in one statement; answers the order ids booked now (the others were booked before: replays). */
  async bookSettlements(p: readonly { tenantId: number; paymentId: string; orderId: number; amount: number }[]): Promise<Set<number>> {
    if (p.length === 0) return new Set();
    const { rows } = await sql<{ order_id: string }>`INSERT INTO subscription_payment (tenant_id, gateway_payment_id, order_id, amount_paise, outcome)
      SELECT tenant_id, payment_id, order_id, amount, 'SETTLED'
      FROM unnest(${sql.val(p.map((x) => x.tenantId))}::int[], ${sql.val(p.map((x) => x.paymentId))}::text[], ${sql.val(p.map((x) => x.orderId))}::bigint[], ${sql.val(p.map((x) => x.amount))}::bigint[])
        AS x(tenant_id, payment_id, order_id, amount)
      ON CONFLICT DO NOTHING RETURNING order_id`.execute(this.db);
    return new Set(rows.map((r) => Number(r.order_id)));
  }

  /** Starts the paid term of each subscription (a renewal or a new plan), in one statement. */
  async startTerms(terms: readonly { tenantId: number; planCode: string; planVersion: number; term: string; addOnStations: number; addOnCameras: number; termStart: string; termEnd: string; paid: number; couponCode: string | null }[]): Promise<void> {
    if (terms.length === 0) return;
    const input = terms.map((t) => ({ tenant_id: t.tenantId, plan_code: t.planCode, plan_version: t.planVersion, term: t.term, add_on_stations: t.addOnStations, add_on_cameras: t.addOnCameras, term_start: t.termStart, term_end: t.termEnd, paid: t.paid, coupon_code: t.couponCode }));
    await sql`UPDATE subscription s SET plan_code = x.plan_code, plan_version = x.plan_version, term = x.term, add_on_stations = x.add_on_stations, add_on_cameras = x.add_on_cameras,
        term_start = x.term_start, term_end = x.term_end, paid_paise = x.paid, coupon_code = x.coupon_code, changed_this_term = false, cancel_at_term_end = false, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(tenant_id int, plan_code text, plan_version int, term text, add_on_stations int, add_on_cameras int,
        term_start date, term_end date, paid bigint, coupon_code text)
      WHERE s.tenant_id = x.tenant_id`.execute(this.db);
  }

  /**
   * Writes the invoices of a batch of paid orders with the next numbers of the series and year in
   * one statement: the counter is moved on by the batch's size once (so it is locked once per
   * batch, from here to the caller's commit, not once per invoice), the invoices take its numbers
   * in the batch's order, and their orders are marked PAID. A rollback gives every number back.
   * Answers each invoice's id with its tenant and order, in the batch's order.
   */
  async insertNumberedInvoices(docs: readonly Omit<InvoiceRecord, 'id' | 'tenantName' | 'irn' | 'ackNo' | 'signedQr' | InvoiceJob | 'seq' | 'number' | 'series' | 'financialYear' | 'issuedOn' | 'supplier' | 'originalInvoiceId'>[],
    common: { financialYear: string; issuedOn: string; supplier: Party; prefix: string; eInvoice: (d: { recipient: Party }) => boolean }): Promise<{ tenantId: number; id: number; orderId: number }[]> {
    if (docs.length === 0) return [];
    const input = docs.map((d, k) => ({ k: k + 1, tenant_id: d.tenantId, order_id: d.orderId, recipient: d.recipient, place_of_supply: d.placeOfSupply, lines: d.lines,
      taxable: d.taxable, cgst: d.cgst, sgst: d.sgst, igst: d.igst, total: d.total, e_invoice: common.eInvoice(d) }));
    const { rows } = await sql<{ tenant_id: number; id: string; order_id: string }>`
      WITH n AS (
        INSERT INTO invoice_sequence (series, financial_year, last_seq) VALUES ('INVOICE', ${common.financialYear}, ${docs.length})
        ON CONFLICT (series, financial_year) DO UPDATE SET last_seq = invoice_sequence.last_seq + ${docs.length}
        RETURNING last_seq - ${docs.length} AS base),
      doc AS (
        INSERT INTO invoice (tenant_id, series, financial_year, seq, number, issued_on, order_id, supplier, recipient, place_of_supply, lines,
          taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise, einvoice_status, einvoice_next_at)
        SELECT x.tenant_id, 'INVOICE', ${common.financialYear}, n.base + x.k, ${common.prefix} || lpad((n.base + x.k)::text, 6, '0'), ${common.issuedOn}::date, x.order_id,
          ${JSON.stringify(common.supplier)}::jsonb, x.recipient, x.place_of_supply, x.lines, x.taxable, x.cgst, x.sgst, x.igst, x.total,
          CASE WHEN x.e_invoice THEN 'PENDING' END, CASE WHEN x.e_invoice THEN now() END
        FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(k int, tenant_id int, order_id bigint, recipient jsonb, place_of_supply text, lines jsonb,
          taxable bigint, cgst bigint, sgst bigint, igst bigint, total bigint, e_invoice boolean), n
        ORDER BY x.k
        RETURNING tenant_id, id, order_id, seq),
      paid AS (
        UPDATE subscription_order o SET status = 'PAID', paid_at = now(), invoice_id = doc.id
        FROM doc WHERE o.tenant_id = doc.tenant_id AND o.id = doc.order_id RETURNING o.id)
      SELECT doc.tenant_id, doc.id, doc.order_id FROM doc ORDER BY doc.seq`.execute(this.db);
    return rows.map((r) => ({ tenantId: r.tenant_id, id: Number(r.id), orderId: Number(r.order_id) }));
  }

  /**
   * Writes an invoice or credit note with the next number of its series and year in one statement:
   * the counter row (`invoice_sequence`) is incremented, the document inserted with it (`prefix` and
   * the number padded to 6 digits), and the order it pays marked PAID. The counter stays locked to the
   * end of the caller's transaction, so concurrent writers take the following numbers and a rollback
   * gives the number back: no gaps. One statement keeps the time the lock is held to the commit.
   */
  async insertNumbered(i: Omit<InvoiceRecord, 'id' | 'tenantName' | 'irn' | 'ackNo' | 'signedQr' | InvoiceJob | 'seq' | 'number'>, prefix: string, paysOrder: boolean, eInvoice: boolean): Promise<number> {
    const { rows } = await sql<{ id: string }>`
      WITH n AS (
        INSERT INTO invoice_sequence (series, financial_year, last_seq) VALUES (${i.series}, ${i.financialYear}, 1)
        ON CONFLICT (series, financial_year) DO UPDATE SET last_seq = invoice_sequence.last_seq + 1
        RETURNING last_seq),
      doc AS (
        INSERT INTO invoice (tenant_id, series, financial_year, seq, number, issued_on, order_id, original_invoice_id, supplier, recipient, place_of_supply, lines,
          taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise, einvoice_status, einvoice_next_at)
        SELECT ${i.tenantId}, ${i.series}, ${i.financialYear}, n.last_seq, ${prefix} || lpad(n.last_seq::text, 6, '0'), ${i.issuedOn}::date, ${i.orderId}, ${i.originalInvoiceId},
          ${JSON.stringify(i.supplier)}::jsonb, ${JSON.stringify(i.recipient)}::jsonb, ${i.placeOfSupply}, ${JSON.stringify(i.lines)}::jsonb,
          ${i.taxable}, ${i.cgst}, ${i.sgst}, ${i.igst}, ${i.total}, ${eInvoice ? 'PENDING' : null}, ${eInvoice ? sql`now()` : null}
        FROM n RETURNING id),
      paid AS (
        UPDATE subscription_order SET status = 'PAID', paid_at = now(), invoice_id = (SELECT id FROM doc)
        WHERE ${paysOrder} AND tenant_id = ${i.tenantId} AND id = ${i.orderId ?? 0} RETURNING id)
      SELECT (SELECT id FROM doc) AS id, (SELECT count(*) FROM paid) AS paid`.execute(this.db);
    return Number(rows[0]!.id);
  }

  async setIrn(tenantId: number, id: number, e: { irn: string; ackNo: string; signedQr: string }): Promise<void> {
    await sql`UPDATE invoice SET irn = ${e.irn}, ack_no = ${e.ackNo}, signed_qr = ${e.signedQr}, einvoice_status = 'REGISTERED', einvoice_attempts = einvoice_attempts + 1,
      einvoice_next_at = NULL, einvoice_error = NULL WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  /**
   * Counts a failed registration: the IRP's error kept, the next try `delayMs` from now (the
   * database's clock, the one the claim compares with), or FAILED when none is left (null).
   */
  async failEInvoice(tenantId: number, id: number, error: string, delayMs: number | null): Promise<void> {
    await sql`UPDATE invoice SET einvoice_attempts = einvoice_attempts + 1, einvoice_error = ${error.slice(0, 500)},
      einvoice_next_at = ${delayMs === null ? null : sql`clock_timestamp() + ${delayMs} * interval '1 millisecond'`},
      einvoice_status = ${delayMs === null ? 'FAILED' : 'PENDING'} WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  /**
   * E-invoices due for registration, locked for this transaction past those another server holds
   * (it is asking the IRP for them): `only` one invoice (the first try, right after it commits), or
   * the due ones, oldest try first.
   */
  async claimDueEInvoices(limit: number, only?: { tenantId: number; id: number }): Promise<InvoiceRecord[]> {
    const { rows } = await sql<InvoiceRecord>`SELECT ${INVOICE_COLUMNS} FROM invoice i JOIN ${TENANT_ROWS} t ON t.id = i.tenant_id
      WHERE i.einvoice_status = 'PENDING' AND i.einvoice_next_at <= now()
        ${only ? sql`AND i.tenant_id = ${only.tenantId} AND i.id = ${only.id}` : sql``}
      ORDER BY i.einvoice_next_at LIMIT ${limit} FOR UPDATE OF i SKIP LOCKED`.execute(this.db);
    return rows;
  }

  async invoice(tenantIds: readonly number[], id: number): Promise<InvoiceRecord | undefined> {
    const { rows } = await sql<InvoiceRecord>`SELECT ${INVOICE_COLUMNS} FROM invoice i JOIN ${TENANT_ROWS} t ON t.id = i.tenant_id
      WHERE i.tenant_id = ANY(${sql.val([...tenantIds])}::int[]) AND i.id = ${id}`.execute(this.db);
    return rows[0];
  }

  /** Invoices and credit notes of the tenants, newest first; `eInvoice`: only those in that registration state. */
  async invoices(tenantIds: readonly number[], eInvoice?: 'PENDING' | 'REGISTERED' | 'FAILED', limit = 500): Promise<InvoiceRecord[]> {
    const { rows } = await sql<InvoiceRecord>`SELECT ${INVOICE_COLUMNS} FROM invoice i JOIN ${TENANT_ROWS} t ON t.id = i.tenant_id
      WHERE i.tenant_id = ANY(${sql.val([...tenantIds])}::int[]) ${eInvoice ? sql`AND i.einvoice_status = ${eInvoice}` : sql``}
      ORDER BY i.issued_on DESC, i.id DESC LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * Gives a FAILED (or waiting) e-invoice a fresh series of tries, due now; answers the attempts it
   * had, or undefined when it is registered or not to register (nothing changed).
   */
  async requeueEInvoice(tenantId: number, id: number): Promise<{ attempts: number; error: string | null } | undefined> {
    const { rows } = await sql<{ attempts: number; error: string | null }>`
      UPDATE invoice i SET einvoice_status = 'PENDING', einvoice_attempts = 0, einvoice_next_at = now()
      FROM (SELECT einvoice_attempts AS attempts, einvoice_error AS error FROM invoice WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE) b
      WHERE i.tenant_id = ${tenantId} AND i.id = ${id} AND i.einvoice_status IN ('PENDING', 'FAILED')
      RETURNING b.attempts, b.error`.execute(this.db);
    return rows[0];
  }

  /** The last invoice paying for the subscription's current term (the one an immediate cancellation credits). */
  async termInvoice(tenantId: number, termStart: string): Promise<InvoiceRecord | undefined> {
    const { rows } = await sql<InvoiceRecord>`SELECT ${INVOICE_COLUMNS} FROM invoice i JOIN ${TENANT_ROWS} t ON t.id = i.tenant_id
      JOIN subscription_order o ON o.tenant_id = i.tenant_id AND o.id = i.order_id
      WHERE i.tenant_id = ${tenantId} AND i.series = 'INVOICE' AND o.period_start = ${termStart}::date AND o.purpose IN ('NEW', 'RENEWAL')
      ORDER BY i.id DESC LIMIT 1`.execute(this.db);
    return rows[0];
  }

  /** Claims a lifecycle notice (a transition or reminder) for this transaction; false when it was sent before. */
  async claimNotice(tenantId: number, paidUntil: string, step: string): Promise<boolean> {
    const { rows } = await sql`INSERT INTO subscription_notice (tenant_id, paid_until, step) VALUES (${tenantId}, ${paidUntil}::date, ${step})
      ON CONFLICT DO NOTHING RETURNING step`.execute(this.db);
    return rows.length === 1;
  }

  async noticesSent(tenantId: number, paidUntil: string): Promise<string[]> {
    const { rows } = await sql<{ step: string }>`SELECT step FROM subscription_notice WHERE tenant_id = ${tenantId} AND paid_until = ${paidUntil}::date`.execute(this.db);
    return rows.map((r) => r.step);
  }

  /**
   * Subscriptions whose status the calendar may move on `today`: TRIAL or ENABLED past their term,
   * GRACE past it too (to expire, or to be reminded). Taken with SKIP LOCKED, so two servers work
   * on different tenants; each is then moved in its own transaction.
   */
  async dueForLifecycle(today: string, limit: number): Promise<SubscriptionRecord[]> {
    const { rows } = await sql<SubscriptionRecord>`SELECT ${SUBSCRIPTION_COLUMNS} FROM ${SUBSCRIPTION_FROM}
      WHERE s.term_end <= ${today}::date AND t.status IN ('TRIAL', 'ENABLED', 'GRACE')
      ORDER BY s.term_end, s.tenant_id LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * Subscriptions to renew by `day` (their term ends on or before it) with no renewal order for
   * that period yet, not cancelled, locked for this transaction and skipping those another runner
   * holds: the billing run's batch. `after`: past the last one of the previous batch (so one that
   * cannot be priced is passed over rather than claimed again).
   */
  async claimRenewals(day: string, limit: number, after: { termEnd: string; tenantId: number } | null = null): Promise<SubscriptionRecord[]> {
    const { rows } = await sql<SubscriptionRecord>`SELECT ${SUBSCRIPTION_COLUMNS} FROM ${SUBSCRIPTION_FROM}
      WHERE s.term_end <= ${day}::date AND NOT s.cancel_at_term_end AND t.status IN ('ENABLED', 'GRACE')
        ${after === null ? sql`` : sql`AND (s.term_end, s.tenant_id) > (${after.termEnd}::date, ${after.tenantId})`}
        AND NOT EXISTS (SELECT 1 FROM subscription_order o WHERE o.tenant_id = s.tenant_id AND o.purpose = 'RENEWAL' AND o.period_start = s.term_end AND o.status <> 'CANCELLED')
      ORDER BY s.term_end, s.tenant_id LIMIT ${limit}
      FOR UPDATE OF s SKIP LOCKED`.execute(this.db);
    return rows;
  }

  /** Subscriptions of the tenants whose term ends by `by`, with their open order if any (the `subscription` tasks). */
  async endingBy(tenantIds: readonly number[], by: string): Promise<(SubscriptionRecord & { orderId: number | null; total: number | null })[]> {
    const { rows } = await sql<SubscriptionRecord & { orderId: number | null; total: number | null }>`
      SELECT ${SUBSCRIPTION_COLUMNS}, o.id::float8 AS "orderId", o.total_paise::float8 AS total FROM ${SUBSCRIPTION_FROM}
      LEFT JOIN LATERAL (SELECT id, total_paise FROM subscription_order WHERE tenant_id = s.tenant_id AND status = 'OPEN' ORDER BY id DESC LIMIT 1) o ON true
      WHERE s.tenant_id = ANY(${sql.val([...tenantIds])}::int[]) AND t.status <> 'DELETED' AND (s.term_end <= ${by}::date OR o.id IS NOT NULL)
      ORDER BY s.term_end, s.tenant_id`.execute(this.db);
    return rows;
  }

  /** Subscriptions of the tenants in GRACE. */
  async inGrace(tenantIds: readonly number[] | null): Promise<SubscriptionRecord[]> {
    const { rows } = await sql<SubscriptionRecord>`SELECT ${SUBSCRIPTION_COLUMNS} FROM ${SUBSCRIPTION_FROM}
      WHERE t.status = 'GRACE' ${tenantIds === null ? sql`` : sql`AND s.tenant_id = ANY(${sql.val([...tenantIds])}::int[])`}
      ORDER BY s.term_end, s.tenant_id`.execute(this.db);
    return rows;
  }

  /** Takes a webhook event by the gateway's id; false when it was taken before (a replay). */
  async takeEvent(eventId: string, event: string, tenantId: number | null, outcome: string): Promise<boolean> {
    const { rows } = await sql`INSERT INTO payment_webhook_event (event_id, event, tenant_id, outcome) VALUES (${eventId}, ${event}, ${tenantId}, ${outcome})
      ON CONFLICT DO NOTHING RETURNING event_id`.execute(this.db);
    return rows.length === 1;
  }

  async forgetEvent(eventId: string): Promise<void> {
    await sql`DELETE FROM payment_webhook_event WHERE event_id = ${eventId}`.execute(this.db);
  }

  async setEventOutcome(eventId: string, outcome: string): Promise<void> {
    await sql`UPDATE payment_webhook_event SET outcome = ${outcome} WHERE event_id = ${eventId}`.execute(this.db);
  }
}
