import { startGatewayDouble } from '@enviro/payment-gateway/double';
import { startReceiver } from '@enviro/regulator-receiver/receiver';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { AlertEvaluator } from '../src/modules/alerts/alert-evaluation.ts';
import { drainComplianceDays } from '../src/modules/compliance/compliance-days-worker.ts';
import { RegulatorOutbox } from '../src/modules/regulator/outbox.ts';
import { gstinCheckChar } from '@enviro/domain/subscriptions/gst';
import { firstGap } from '@enviro/domain/subscriptions/invoice-number';
import { addDays, dayOf, DEFAULT_TIME_ZONE } from '@enviro/domain/time-zone';
import { afterAll, describe, expect, it } from 'vitest';
import { BillingService } from '../src/modules/subscriptions/billing.service.ts';
import { RazorpayHttpGateway } from '../src/modules/subscriptions/payment-gateway.ts';
import { IrpHttpClient } from '../src/modules/subscriptions/e-invoicing.ts';
import { pdfText } from './pdf-text.ts';
import { useTestApp } from './test-app.ts';

/**
 * Subscriptions and billing (issue 34) over the real database and the local gateway and IRP doubles
 * (tools/payment-gateway): buying with a coupon, paying through a signed webhook once whatever is
 * replayed, gap-free invoices under concurrency, renewals clicked twice, upgrades, cancellation and
 * its refund, the lifecycle with its mails, the billing run, and access.
 */

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const gstin = (first14: string) => `${first14}${gstinCheckChar(first14)}`;
const MH_BUYER = gstin('27AAACM1234B1Z');
const KA_BUYER = gstin('29AAACK5678C1Z');
const SUPPLIER = gstin('27AABCE4321K1Z');
const today = () => dayOf(Date.now(), DEFAULT_TIME_ZONE);

const double = await startGatewayDouble();
const ctx = useTestApp({
  mail: true,
  deps: { subscriptions: {
    supplier: { name: 'Enviro Monitoring Private Limited', gstin: SUPPLIER, address: ['Unit 4, Technology Park', 'Pune 411057'], state: 'Maharashtra' },
    gateway: new RazorpayHttpGateway({ baseUrl: double.url, keyId: double.keyId, keySecret: double.keySecret, webhookSecret: double.webhookSecret }),
    webhookSecret: double.webhookSecret,
    eInvoicing: new IrpHttpClient({ baseUrl: double.url, token: 'irp-token' }),
  } },
});
afterAll(() => double.close());
await ctx.start();
const pool = ctx.database.pool;

const t = {
  site: (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id,
  mh: (await ctx.b.newTenant({ name: 'Mula Paper Mills', state: 'Maharashtra' })).id,
  ka: (await ctx.b.newTenant({ name: 'Kaveri Sugars', state: 'Karnataka' })).id,
  other: (await ctx.b.newTenant({ name: 'Other Industry' })).id,
};
await pool.query(`UPDATE tenant SET status = 'TRIAL' WHERE id = $1`, [t.mh]);
for (const [id, g, state] of [[t.mh, MH_BUYER, 'Maharashtra'], [t.ka, KA_BUYER, 'Karnataka']] as const)
  await pool.query(`INSERT INTO billing_address (tenant_id, owner_kind, owner_id, line1, city, state, pincode, gstin) VALUES ($1, 'tenant', $4, 'Plot 7, MIDC', 'Pune', $2, '411001', $3)`, [id, state, g, String(id)]);
const cookie = async (tenantId: number, userType: 'site' | 'tenant' | 'statutory', role: 'admin' | 'user' | 'statutory') => ({ cookie: (await ctx.signedIn({ tenantId, userType, role })).cookie, ...XHR });
const as = {
  site: await cookie(t.site, 'site', 'admin'),
  mh: await cookie(t.mh, 'tenant', 'admin'),
  mhUser: await cookie(t.mh, 'tenant', 'user'),
  ka: await cookie(t.ka, 'tenant', 'admin'),
  other: await cookie(t.other, 'tenant', 'admin'),
};
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => ctx.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const deliver = (e: { eventId: string; body: string; signature: string }) =>
  ctx.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'x-razorpay-signature': e.signature, 'x-razorpay-event-id': e.eventId }, payload: e.body });
const linkOf = (order: { paymentUrl: string }) => order.paymentUrl.split('/pay/')[1]!;
const count = async (sqlText: string, params: unknown[]) => (await pool.query(sqlText, params)).rows[0].n as number;

const standard = { code: 'STANDARD', name: 'Standard', effectiveFrom: today(), monthly: 5_000_00, annual: 50_000_00, includedStations: 2, stationAddOnMonthly: 1_500_00, cameraAddOnMonthly: 800_00 };

describe('catalogue', () => {
  it('lets site administrators sell plans and coupons, refusing bad input by its field', async () => {
    expect((await call('POST', '/api/subscription-plans', as.mh, standard)).statusCode).toBe(403);
    const bad = await call('POST', '/api/subscription-plans', as.site, { ...standard, monthly: -1 });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'body.monthly']);
    const past = await call('POST', '/api/subscription-plans', as.site, { ...standard, effectiveFrom: addDays(today(), -1) });
    expect([past.statusCode, past.json().field]).toEqual([400, 'effectiveFrom']);
    const plan = await call('POST', '/api/subscription-plans', as.site, standard);
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json()).toMatchObject({ code: 'STANDARD', current: 1, versions: [{ version: 1, monthly: 5_000_00 }] });
    expect((await call('POST', '/api/subscription-plans', as.site, { ...standard, code: 'PREMIUM', name: 'Premium', monthly: 9_000_00, annual: 90_000_00, includedStations: 5 })).statusCode).toBe(200);
    // A later price is a new version; today's subscribers keep version 1.
    const v2 = await call('POST', '/api/subscription-plans', as.site, { ...standard, effectiveFrom: addDays(today(), 30), annual: 60_000_00 });
    expect(v2.json()).toMatchObject({ current: 1, versions: [{ version: 2 }, { version: 1 }] });

    const coupon = { code: 'WELCOME10', kind: 'PERCENT', value: 1000, duration: 'ONCE', planCodes: ['STANDARD'], maxRedemptions: 5 };
    expect((await call('POST', '/api/coupons', as.site, coupon)).statusCode).toBe(200);
    expect((await call('POST', '/api/coupons', as.site, coupon)).statusCode).toBe(409);
    const unknown = await call('POST', '/api/coupons', as.site, { ...coupon, code: 'NOPLAN', planCodes: ['GOLD'] });
    expect([unknown.statusCode, unknown.json().field]).toEqual([400, 'planCodes']);
    const tooMuch = await call('POST', '/api/coupons', as.site, { ...coupon, code: 'HUGE', value: 10_001 });
    expect([tooMuch.statusCode, tooMuch.json().field]).toEqual([400, 'body.value']);
    await call('POST', '/api/coupons', as.site, { code: 'OLD', kind: 'FIXED', value: 1_000_00, duration: 'ONCE', validUntil: addDays(today(), -1) });
    expect((await call('GET', '/api/subscription-plans', as.mh, undefined)).json().items.map((p: { code: string }) => p.code)).toEqual(['PREMIUM', 'STANDARD']);
  });
});

describe('buying and paying', () => {
  let orderId: number;

  it('refuses a coupon of another plan, an expired one and an unknown one, naming couponCode', async () => {
    for (const [body, reason] of [
      [{ planCode: 'PREMIUM', couponCode: 'WELCOME10' }, 'is not for plan PREMIUM'],
      [{ planCode: 'STANDARD', couponCode: 'OLD' }, 'expired on'],
      [{ planCode: 'STANDARD', couponCode: 'NOPE1' }, 'no coupon NOPE1'],
    ] as const) {
      const res = await call('POST', `/api/tenant/${t.mh}/applyCoupon`, as.mh, body);
      expect([res.statusCode, res.json().field], res.body).toEqual([400, 'couponCode']);
      expect(res.json().message).toContain(reason);
    }
    const other = await call('POST', `/api/entity/${t.mh}/applyCoupon`, as.mh, { planCode: 'STANDARD', couponCode: 'WELCOME10' });
    expect([other.statusCode, other.json().field]).toEqual([400, 'params.type']);
  });

  it('buys a plan with a coupon: GST within the state, a payment link of the gateway', async () => {
    const res = await call('POST', `/api/tenant/${t.mh}/changePlan`, as.mh, { planCode: 'STANDARD', term: 'ANNUAL', addOnStations: 1, couponCode: 'welcome10' });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    orderId = o.id;
    // 50,000 + 12 × 1,500 = 68,000; 10 % off = 61,200; CGST + SGST 18 % = 11,016.
    expect(o).toMatchObject({ purpose: 'NEW', subtotal: 68_000_00, discount: 6_800_00, couponCode: 'WELCOME10', taxable: 61_200_00, tax: 11_016_00, total: 72_216_00, status: 'OPEN', channel: 'PAYMENT_LINK' });
    expect(o.paymentUrl).toMatch(new RegExp(`^${double.url}/pay/plink_`));
    expect(o.periodEnd).toBe(addDays(today(), 365 + (o.periodEnd > addDays(today(), 365) ? 1 : 0)));
    expect(ctx.mail.mails.some((m) => m.subject.includes('to pay') && m.text.includes(o.paymentUrl))).toBe(true);
    expect((await call('POST', `/api/tenant/${t.mh}/changePlan`, as.mhUser, { planCode: 'STANDARD', term: 'ANNUAL' })).statusCode).toBe(403);
  });

  it('settles the order once from the signed webhook, whatever is replayed, reordered or forged', async () => {
    const [captured, linkPaid] = await double.pay(linkOf((await call('GET', `/api/payment/subscription/${t.mh}`, as.mh)).json().openOrders[0]));
    const forged = await deliver({ ...linkPaid!, signature: double.sign(`${linkPaid!.body} `) });
    expect(forged.statusCode).toBe(401);
    // payment_link.paid first, then payment.captured of the same payment, then a replay.
    expect((await deliver(linkPaid!)).json()).toEqual({ outcome: 'SETTLED' });
    expect((await deliver(captured!)).json()).toEqual({ outcome: 'DUPLICATE' });
    expect((await deliver(linkPaid!)).json()).toEqual({ outcome: 'DUPLICATE' });
    // Another payment of the paid order is booked to refund, never invoiced.
    const again = double.event('payment.captured', { ...JSON.parse(captured!.body).payload.payment.entity, id: 'pay_second' });
    expect((await deliver(again)).json()).toEqual({ outcome: 'EXCESS' });
    expect(await count('SELECT count(*)::int AS n FROM invoice WHERE tenant_id = $1', [t.mh])).toBe(1);
    expect((await pool.query('SELECT outcome FROM subscription_payment WHERE tenant_id = $1 ORDER BY received_at', [t.mh])).rows.map((r) => r.outcome)).toEqual(['SETTLED', 'EXCESS']);

    const view = (await call('GET', `/api/payment/subscription/${t.mh}`, as.mhUser)).json();
    expect(view).toMatchObject({ status: 'ENABLED', subscription: { planCode: 'STANDARD', planVersion: 1, term: 'ANNUAL', addOnStations: 1, stations: 3, paid: 61_200_00, couponCode: null }, openOrders: [] });
    const [invoice] = view.invoices;
    expect(invoice).toMatchObject({ series: 'INVOICE', taxable: 61_200_00, cgst: 5_508_00, sgst: 5_508_00, igst: 0, total: 72_216_00, placeOfSupply: '27', orderId });
    expect(invoice.number).toMatch(/^EVI\/\d{4}\/\d{6}$/);
    expect(invoice.irn).toMatch(/^[0-9a-f]{64}$/);
    const audit = await pool.query(`SELECT action FROM audit_log WHERE tenant_id = $1 AND action LIKE 'subscription.%' ORDER BY id`, [t.mh]);
    expect(audit.rows.map((r) => r.action)).toEqual(['subscription.order', 'subscription.status', 'subscription.paid', 'subscription.payment.excess']);
    const move = await pool.query(`SELECT before, after FROM audit_log WHERE tenant_id = $1 AND action = 'subscription.status'`, [t.mh]);
    expect(move.rows[0]).toMatchObject({ before: { status: 'TRIAL' }, after: { status: 'ENABLED' } });
    expect(ctx.mail.mails.some((m) => m.subject === 'Mula Paper Mills: subscription ENABLED')).toBe(true);

    const pdf = await call('GET', `/api/invoices/${invoice.id}/pdf`, as.mh);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const s of ['Tax Invoice', invoice.number, MH_BUYER, SUPPLIER, 'Maharashtra (27)', '997331', 'CGST @ 9%', '72,216.00', 'Rupees Seventy-Two Thousand Two Hundred Sixteen Only', invoice.irn])
      expect(text, s).toContain(s);
    expect((await call('GET', `/api/invoices/${invoice.id}/pdf`, as.other)).statusCode).toBe(404);
  });

  it('charges IGST between states, and the coupon only once per subscriber', async () => {
    const res = await call('POST', `/api/tenant/${t.ka}/changePlan`, as.ka, { planCode: 'STANDARD', term: 'MONTHLY' });
    expect(res.json()).toMatchObject({ subtotal: 5_000_00, tax: 900_00, total: 5_900_00 });
    const events = await double.pay(linkOf(res.json()));
    expect((await deliver(events[1]!)).json()).toEqual({ outcome: 'SETTLED' });
    const inv = (await call('GET', `/api/invoices?tenantId=${t.ka}`, as.ka)).json().items[0];
    expect(inv).toMatchObject({ placeOfSupply: '29', cgst: 0, sgst: 0, igst: 900_00 });
    const used = await call('POST', `/api/tenant/${t.mh}/applyCoupon`, as.mh, { planCode: 'STANDARD', couponCode: 'WELCOME10' });
    expect(used.json().message).toContain('already used by this subscriber');
  });
});

describe('invoice numbers', () => {
  it('stay gap-free when two invoices are written at once and when one is rolled back', async () => {
    const billing = ctx.app.subscriptions.billing;
    const order = async (tenantId: number, term: 'MONTHLY' | 'ANNUAL') =>
      (await billing.raiseOrder(ctx.db, { tenantId, purpose: 'ADD_ON', periodStart: today(), periodEnd: addDays(today(), 10), planCode: 'STANDARD', planVersion: 1, term, addOnStations: 1, addOnCameras: 0, ...billing.price([{ description: 'x', sac: '997331', quantity: 1, unit: 100_00, amount: 100_00 }], null, '27'), hasMandate: false })).order;
    const [a, b] = [await order(t.mh, 'ANNUAL'), await order(t.ka, 'MONTHLY')];
    // A number taken in a transaction that fails is given back.
    await expect(ctx.db.transaction().execute(async (trx) => {
      await billing.issue(trx, 'INVOICE', a, a.lines, a.taxable, '27', null);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    const settled = await Promise.all([billing.settle(t.mh, a.id, 'pay_concurrent_a', a.total), billing.settle(t.ka, b.id, 'pay_concurrent_b', b.total)]);
    expect(settled.map((s) => s.outcome)).toEqual(['SETTLED', 'SETTLED']);
    const seqs = (await pool.query(`SELECT seq FROM invoice WHERE series = 'INVOICE'`)).rows.map((r) => r.seq as number);
    expect(seqs).toHaveLength(4);
    expect(firstGap(seqs)).toBeNull();
    expect(new Set(seqs).size).toBe(4);
  });
});

describe('renewal, upgrade and cancellation', () => {
  it('raises one renewal order however often it is clicked', async () => {
    const clicks = await Promise.all([0, 1, 2].map(() => call('POST', `/api/tenant/${t.ka}/renewSubscription`, as.ka, {})));
    expect(clicks.map((c) => c.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(clicks.map((c) => c.json().id)).size).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM subscription_order WHERE tenant_id = $1 AND purpose = 'RENEWAL'`, [t.ka])).toBe(1);
    expect(clicks[0]!.json()).toMatchObject({ purpose: 'RENEWAL', periodStart: (await call('GET', `/api/payment/subscription/${t.ka}`, as.ka)).json().subscription.paidUntil });
    expect((await call('GET', '/api/actionable-task/subscription', as.ka)).json().items).toMatchObject([{ tenantId: t.ka, orderId: clicks[0]!.json().id }]);
    expect((await call('GET', '/api/receivables', as.site)).json().items.map((o: { tenantId: number }) => o.tenantId)).toContain(t.ka);
  });

  it('prorates an upgrade, and refuses a second change in the term', async () => {
    const res = await call('POST', `/api/tenant/${t.mh}/changePlan`, as.mh, { planCode: 'PREMIUM', term: 'ANNUAL', addOnStations: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    // The new year's price for all days left, less what is left of the 61,200 paid (the add-on bought in the concurrency test is in it).
    expect(o).toMatchObject({ purpose: 'UPGRADE', planCode: 'PREMIUM', periodEnd: (await call('GET', `/api/payment/subscription/${t.mh}`, as.mh)).json().subscription.paidUntil });
    expect(o.taxable).toBeGreaterThan(0);
    const twice = await call('POST', `/api/tenant/${t.mh}/changePlan`, as.mh, { planCode: 'PREMIUM', term: 'ANNUAL', addOnStations: 2 });
    expect([twice.statusCode, twice.json().field]).toEqual([400, 'planCode']);
    expect(twice.json().message).toContain('waiting for its payment');
    await deliver((await double.pay(linkOf(o)))[1]!);
    const after = await call('POST', `/api/tenant/${t.mh}/changePlan`, as.mh, { planCode: 'PREMIUM', term: 'ANNUAL', addOnStations: 3 });
    expect(after.json().message).toContain('already changed in this term');
    const term = await call('POST', `/api/tenant/${t.ka}/changePlan`, as.ka, { planCode: 'PREMIUM', term: 'ANNUAL' });
    expect([term.statusCode, term.json().field]).toEqual([400, 'term']);
  });

  it('cancels at the term end without refund, and at once with a credit note by the refund rule', async () => {
    expect((await call('POST', `/api/cancelSubscription/${t.mh}`, as.other, { action: 'AT_TERM_END' })).statusCode).toBe(404);
    const bad = await call('POST', `/api/cancelSubscription/${t.mh}`, as.mh, { action: 'LATER' });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'body.action']);
    expect((await call('POST', `/api/cancelSubscription/${t.mh}`, as.mh, { action: 'AT_TERM_END' })).json()).toMatchObject({ status: 'ENABLED', cancelAtTermEnd: true, refund: 0, creditNote: null });
    expect((await call('POST', `/api/cancelSubscription/${t.mh}`, as.mh, { action: 'UNDO' })).json()).toMatchObject({ cancelAtTermEnd: false });
    const paidBefore = (await call('GET', `/api/payment/subscription/${t.mh}`, as.mh)).json().subscription.paid;
    const now = await call('POST', `/api/cancelSubscription/${t.mh}`, as.mh, { action: 'IMMEDIATE' });
    expect(now.statusCode, now.body).toBe(200);
    const r = now.json();
    expect(r).toMatchObject({ status: 'EXPIRED', cancelAtTermEnd: true });
    // Bought today: 364 of 365 (or 365 of 366) days unused, refunded pro rata and rounded down.
    expect(r.refund).toBeGreaterThan(paidBefore * 0.99);
    expect(r.refund).toBeLessThan(paidBefore);
    expect(r.creditNote).toMatchObject({ series: 'CREDIT_NOTE', taxable: r.refund, igst: 0 });
    expect(r.creditNote.number).toMatch(/^EVC\//);
    const text = pdfText((await call('GET', `/api/invoices/${r.creditNote.id}/pdf`, as.mh)).rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toContain('Against invoice');
  });
});

describe('lifecycle', () => {
  it('moves an unpaid term to GRACE, reminds, then EXPIRED, each once, audited and mailed', async () => {
    const billing = ctx.app.subscriptions.billing;
    const setTerm = (end: string) => pool.query(`UPDATE subscription SET term_start = $2::date - 30, term_end = $2::date WHERE tenant_id = $1`, [t.ka, end]);
    const mailsTo = async (subject: string) => ctx.mail.mails.filter((m) => m.subject === `Kaveri Sugars: ${subject}`).length;
    await setTerm(addDays(today(), -1));
    const passes = await Promise.all([billing.lifecyclePass(), billing.lifecyclePass()]);
    expect(passes.reduce((s, p) => s + p.moved, 0)).toBe(1);
    expect((await call('GET', `/api/payment/subscription/${t.ka}`, as.ka)).json()).toMatchObject({ status: 'GRACE', subscription: { graceEndsOn: addDays(today(), 14) } });
    expect(await mailsTo('subscription GRACE')).toBe(1);
    expect((await billing.lifecyclePass()).reminded).toBe(0);
    expect((await call('GET', '/api/actionable-task/grace-period', as.ka)).json().items).toMatchObject([{ tenantId: t.ka, daysLeft: 14 }]);
    expect((await call('GET', '/api/actionable-task/tenant-in-grace', as.site)).json().items.map((i: { tenantId: number }) => i.tenantId)).toEqual([t.ka]);
    expect((await call('GET', '/api/actionable-task/tenant-in-grace', as.ka)).statusCode).toBe(403);

    // Three days of grace left: the 3-day reminder, once.
    await setTerm(addDays(today(), -12));
    expect((await billing.lifecyclePass()).reminded).toBe(1);
    expect((await billing.lifecyclePass()).reminded).toBe(0);
    expect(await mailsTo('3 days of grace left')).toBe(1);

    await setTerm(addDays(today(), -15));
    expect((await billing.lifecyclePass()).moved).toBe(1);
    expect((await call('GET', `/api/payment/subscription/${t.ka}`, as.ka)).json().status).toBe('EXPIRED');
    expect(await mailsTo('subscription EXPIRED')).toBe(1);
    const moves = await pool.query(`SELECT before->>'status' AS f, after->>'status' AS t FROM audit_log WHERE tenant_id = $1 AND action = 'subscription.status' ORDER BY id`, [t.ka]);
    expect(moves.rows.map((r) => `${r.f}>${r.t}`)).toEqual(['ENABLED>GRACE', 'GRACE>EXPIRED']);
  });

  it('renews by e-mandate in the billing run within RBI limit, by payment link above it, each once with two runners', async () => {
    const billing = ctx.app.subscriptions.billing;
    const small = (await ctx.b.newTenant({ name: 'Small Works', state: 'Maharashtra' })).id;
    const big = (await ctx.b.newTenant({ name: 'Big Works', state: 'Gujarat' })).id;
    for (const [id, term] of [[small, 'MONTHLY'], [big, 'ANNUAL']] as const) {
      await pool.query(`UPDATE tenant SET status = 'ENABLED' WHERE id = $1`, [id]);
      await pool.query(
        `INSERT INTO subscription (tenant_id, plan_code, plan_version, term, term_start, term_end, paid_paise, mandate_token) VALUES ($1, 'STANDARD', 1, $2, $3::date - 30, $3::date, 500000, 'token_ok')`,
        [id, term, today()],
      );
    }
    const runs = await Promise.all([billing.billingRun(), billing.billingRun()]);
    expect(runs.reduce((s, r) => s + r.raised, 0)).toBe(2);
    expect(runs.reduce((s, r) => s + r.settled, 0)).toBe(1);
    expect(runs.reduce((s, r) => s + r.linked, 0)).toBe(1);
    expect((await call('GET', `/api/payment/subscription/${small}`, as.site)).json()).toMatchObject({ status: 'ENABLED', subscription: { termStart: today() }, openOrders: [] });
    const bigView = (await call('GET', `/api/payment/subscription/${big}`, as.site)).json();
    expect(bigView.openOrders).toMatchObject([{ purpose: 'RENEWAL', channel: 'PAYMENT_LINK', planVersion: 1, total: 59_000_00 }]);
    expect(await count(`SELECT count(*)::int AS n FROM subscription_payment WHERE tenant_id = $1`, [small])).toBe(1);
    expect((await billing.billingRun()).raised).toBe(0);
  });
});

describe('the billing run in batches', () => {
  it('renews many tenants with two servers at once: each once, numbers gap-free, grace and coupons through the one-order path, failed and refused debits left open', async () => {
    const billing = ctx.app.subscriptions.billing;
    const second = new BillingService({
      db: ctx.db, gateway: new RazorpayHttpGateway({ baseUrl: double.url, keyId: double.keyId, keySecret: double.keySecret, webhookSecret: double.webhookSecret }), eInvoicing: null,
      supplier: { name: 'Enviro Monitoring Private Limited', gstin: SUPPLIER, address: ['Pune'], state: 'Maharashtra' }, billingAddresses: async () => new Map(), administrators: async () => [],
      mailer: { send: async () => undefined, close: async () => undefined, kind: 'log' }, publicUrl: 'http://second',
    });
    await pool.query(`INSERT INTO subscription_plan (code, name) VALUES ('BATCH', 'Batch plan')`);
    await pool.query(`INSERT INTO subscription_plan_version (plan_code, version, effective_from, monthly_paise, annual_paise, included_stations, station_addon_monthly_paise, camera_addon_monthly_paise)
      VALUES ('BATCH', 1, current_date - 400, 500000, 5000000, 2, 150000, 80000)`);
    await pool.query(`INSERT INTO subscription_coupon (code, kind, value, duration, plan_codes) VALUES ('LOYAL500', 'FIXED', 50000, 'RECURRING', '{BATCH}')`);
    const ids: number[] = [];
    for (let i = 0; i < 27; i++) ids.push((await ctx.b.newTenant({ name: `Batch Works ${i}`, state: 'Maharashtra' })).id);
    // A payment the gateway makes and reports failed; a mandate it refuses outright (a revoked token).
    const [graced, couponed, failed, revoked] = ids as [number, number, number, number];
    await pool.query(`UPDATE tenant SET status = CASE WHEN id = $2 THEN 'GRACE' ELSE 'ENABLED' END WHERE id = ANY($1::int[])`, [ids, graced]);
    await pool.query(
      `INSERT INTO subscription (tenant_id, plan_code, plan_version, term, term_start, term_end, paid_paise, mandate_token, coupon_code)
       SELECT id, 'BATCH', 1, 'MONTHLY', $2::date - 30 - CASE WHEN id = $3 THEN 3 ELSE 0 END, $2::date - CASE WHEN id = $3 THEN 3 ELSE 0 END, 500000,
              CASE WHEN id = $5 THEN 'token_fail' WHEN id = $6 THEN 'revoked' ELSE 'token_ok' END, CASE WHEN id = $4 THEN 'LOYAL500' END
       FROM unnest($1::int[]) id`,
      [ids, today(), graced, couponed, failed, revoked],
    );
    const debits = () => double.calls.get('POST /v1/payments/create/recurring') ?? 0;
    const before = (await pool.query<{ seq: number }>(`SELECT seq FROM invoice WHERE series = 'INVOICE'`)).rows.length;

    // Small batches, so the two servers' claims interleave.
    const runs = await Promise.all([billing.billingRun(today(), 4, 2, 3), second.billingRun(today(), 4, 2, 3)]);
    expect(runs.reduce((s, r) => s + r.raised, 0)).toBe(27);
    expect(runs.reduce((s, r) => s + r.settled, 0)).toBe(25);
    const invoiced = await pool.query<{ tenant_id: number; n: number }>(`SELECT tenant_id, count(*)::int AS n FROM invoice WHERE tenant_id = ANY($1::int[]) GROUP BY tenant_id`, [ids]);
    expect(invoiced.rows.length).toBe(25);
    expect(invoiced.rows.every((r) => r.n === 1)).toBe(true);
    expect(invoiced.rows.some((r) => r.tenant_id === failed || r.tenant_id === revoked)).toBe(false);
    const seqs = (await pool.query<{ seq: number }>(`SELECT seq FROM invoice WHERE series = 'INVOICE'`)).rows.map((r) => r.seq);
    expect(seqs.length).toBe(before + 25);
    expect(firstGap(seqs)).toBeNull();
    expect(await count(`SELECT count(*)::int AS n FROM subscription_payment WHERE tenant_id = ANY($1::int[])`, [ids])).toBe(25);
    expect([...double.payments.values()].filter((p) => ids.includes(Number(p.notes.tenant_id))).length).toBe(26);

    // The grace tenant is ENABLED again from its old term's end; the recurring coupon took 500 off and stays.
    expect((await call('GET', `/api/payment/subscription/${graced}`, as.site)).json()).toMatchObject({ status: 'ENABLED', subscription: { termStart: addDays(today(), -3) } });
    expect((await call('GET', `/api/payment/subscription/${couponed}`, as.site)).json()).toMatchObject({ status: 'ENABLED', subscription: { couponCode: 'LOYAL500', paid: 4_500_00 } });
    // The failed debit: its order stays open with the gateway's payment, for the webhook. The refused one stays open unsent, for the next run.
    expect((await pool.query(`SELECT status, gateway_ref FROM subscription_order WHERE tenant_id = $1`, [failed])).rows).toMatchObject([{ status: 'OPEN', gateway_ref: expect.stringMatching(/^pay_/) }]);
    expect((await pool.query(`SELECT status, gateway_ref FROM subscription_order WHERE tenant_id = $1`, [revoked])).rows).toEqual([{ status: 'OPEN', gateway_ref: null }]);
    expect(await count(`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = ANY($1::int[]) AND action = 'subscription.paid'`, [ids])).toBe(25);

    // Run again, both servers: nothing is raised, debited or booked twice; the refused mandate is asked at most once by each server.
    const asked = debits();
    const again = await Promise.all([billing.billingRun(), second.billingRun()]);
    expect(again.map((r) => r.raised + r.settled)).toEqual([0, 0]);
    expect(debits() - asked).toBeGreaterThanOrEqual(1);
    expect(debits() - asked).toBeLessThanOrEqual(2);
    expect([...double.payments.values()].filter((p) => ids.includes(Number(p.notes.tenant_id))).length).toBe(26);
  });
});

describe('monitoring is a legal duty', () => {
  it('an EXPIRED tenant keeps ingestion, the regulator push, alerts to its board and its compliance record, and loses dashboard and playlist editing and open data until GRACE or better', async () => {
    const SLOT = 15 * 60_000;
    const receiver = await startReceiver();
    try {
      const board = (await ctx.b.newTenant({ name: 'State Board', type: 'statutory' })).id;
      const d = await ctx.b.newStationDevice({ params: [{ name: 'pm', max: 50 }] });
      await pool.query('INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2)', [d.tenantId, board]);
      receiver.register({ token: 'lapsed-token', industryId: 'LAPSED-1' });
      const connection = await call('POST', '/api/regulatorConnections', as.site, { statutoryId: board, name: 'Board push', protocol: 'GENERIC_JSON', url: receiver.url });
      const slot = d.params.find((p) => p.name === 'pm')!.slot;
      const mapping = { industryId: 'LAPSED-1', credentials: { token: 'lapsed-token' }, stations: [{ stationId: d.entityId, regulatorStationId: 'STN-1', devices: [{ deviceId: d.id, regulatorDeviceId: 'DEV-1', params: [{ slot, code: 'PM', unit: 'mg/Nm3' }] }] }] };
      expect((await call('PUT', `/api/regulatorMappings/${d.tenantId}/${connection.json().id}`, as.site, mapping)).statusCode).toBe(200);
      await pool.query(`UPDATE tenant SET status = 'EXPIRED' WHERE id = $1`, [d.tenantId]);

      const s0 = Math.floor(Date.now() / SLOT) * SLOT - 4 * SLOT;
      const sent = await ctx.inject({ method: 'POST', url: `/api/v1/${d.accessToken}/telemetry`, payload: [{ ts: s0 + 60_000, values: { pm: 90 } }] });
      expect(sent.statusCode).toBe(200);
      const admin = await cookie(d.tenantId, 'tenant', 'admin');
      const recent = await ctx.inject({ method: 'POST', url: '/api/data/recent/metric', headers: admin, payload: { request: { entityIds: [d.entityId], params: [{ name: 'pm' }], backscan: 2 } } });
      expect(recent.json()).toMatchObject([{ entityId: d.entityId, paramName: 'pm', value: 90 }]);

      const evaluator = new AlertEvaluator(ctx.db, ctx.app.devices.windows);
      await evaluator.ensureDefaults();
      await drainRollups(ctx.database);
      await evaluator.drain();
      await new RegulatorOutbox(ctx.db, ctx.app.devices.windows, ctx.app.regulator.vault, { baseBackoffMs: 0, maxBackoffMs: 0, leaseMs: 60_000 }).drain();
      await drainComplianceDays(ctx.db);

      expect(receiver.values().filter((v) => v.stationId === 'STN-1').map((v) => [v.timestamp, v.value])).toEqual([[s0, 90]]);
      const boardUser = await cookie(board, 'statutory', 'statutory');
      const alerts = await ctx.inject({ method: 'POST', url: '/api/alerts', headers: boardUser, payload: { tenantId: d.tenantId } });
      expect(alerts.json().items).toMatchObject([{ tenantId: d.tenantId, paramName: 'pm', status: 'OPEN' }]);
      const day = dayOf(s0, DEFAULT_TIME_ZONE);
      const compliance = await ctx.inject({ method: 'GET', url: `/api/getComplianceData?from=${day}&to=${day}&tenantId=${d.tenantId}`, headers: boardUser });
      expect(compliance.statusCode, compliance.body).toBe(200);
      expect(compliance.json().stations).toMatchObject([{ stationId: d.entityId }]);
      expect(compliance.json().stations[0].uptime.slotsWithData).toBeGreaterThanOrEqual(1);

      // What it loses: a premium feature, editing dashboards (docs/SUBSCRIPTIONS.md); reading them stays.
      const dashboard = { name: 'Stack watch', widgets: [] };
      const refused = await ctx.inject({ method: 'POST', url: '/api/dashboards', headers: admin, payload: dashboard });
      expect([refused.statusCode, refused.json().field]).toEqual([403, 'subscription']);
      expect(refused.json().message).toContain('editing dashboards is a premium feature');
      expect((await ctx.inject({ method: 'GET', url: '/api/dashboards', headers: admin })).statusCode).toBe(200);
      // And editing camera playlists, while the live view (which boards watch) stays.
      const playlist = { name: 'Stack wall', layout: 1, cameraIds: [1] };
      const noPlaylist = await ctx.inject({ method: 'POST', url: '/api/cameraPlaylists', headers: admin, payload: playlist });
      expect([noPlaylist.statusCode, noPlaylist.json().field]).toEqual([403, 'subscription']);
      expect(noPlaylist.json().message).toContain('editing camera playlists is a premium feature');
      // Open data follows the portal: a published board's EXPIRED industry is not published.
      expect((await call('PUT', `/api/open-data/publication/${board}`, as.site, { published: true })).statusCode).toBe(200);
      const openStation = () => ctx.inject({ method: 'GET', url: `/api/open/v1/stations/${d.entityId}` });
      expect((await openStation()).statusCode).toBe(404);

      await pool.query(`UPDATE tenant SET status = 'GRACE' WHERE id = $1`, [d.tenantId]);
      expect((await ctx.inject({ method: 'POST', url: '/api/dashboards', headers: admin, payload: dashboard })).statusCode).toBe(200);
      const gate = (await ctx.b.newEntity({ tenantId: d.tenantId, name: 'Gate', properties: [{ name: 'Camera', value: 'True' }] })).id;
      const camera = await ctx.inject({ method: 'POST', url: '/api/camera', headers: admin, payload: { name: 'Gate camera', stationId: gate, rtspUrl: 'rtsp://10.0.0.9/stream1' } });
      expect(camera.statusCode, camera.body).toBe(201);
      const made = await ctx.inject({ method: 'POST', url: '/api/cameraPlaylists', headers: admin, payload: { ...playlist, cameraIds: [camera.json().id] } });
      expect(made.statusCode, made.body).toBe(201);
      // A request waits for a fresh published scope once the kept one is 4 s old (docs/OPEN-DATA.md);
      // polling instead would spend the anonymous 10 requests a minute.
      await new Promise((r) => setTimeout(r, 4_100));
      expect((await openStation()).statusCode).toBe(200);
    } finally {
      await receiver.close();
    }
  });
});

describe('access', () => {
  it("answers 404 for another tenant's subscription and refuses its writes", async () => {
    for (const [method, url, body] of [
      ['GET', `/api/payment/subscription/${t.mh}`, undefined],
      ['POST', `/api/tenant/${t.mh}/renewSubscription`, {}],
      ['POST', `/api/tenant/${t.mh}/applyCoupon`, { planCode: 'STANDARD', couponCode: 'WELCOME10' }],
      ['POST', '/api/placeRequest', { tenantId: t.mh, addOnStations: 1 }],
    ] as const)
      expect((await call(method, url, as.other, body)).statusCode, url).toBe(404);
    expect((await call('GET', '/api/subscriptions', as.mh)).statusCode).toBe(403);
    const all = (await call('GET', '/api/subscriptions', as.site)).json().items.map((s: { tenantId: number }) => s.tenantId);
    expect(all).toEqual(expect.arrayContaining([t.mh, t.ka, t.other]));
    const place = await call('POST', '/api/placeRequest', as.other, { addOnStations: 0 });
    expect([place.statusCode, place.json().field]).toEqual([400, 'body.addOnStations']);
  });
});
