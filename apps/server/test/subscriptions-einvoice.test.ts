import { inflateSync } from 'node:zlib';
import { startGatewayDouble } from '@enviro/payment-gateway/double';
import { E_INVOICE_MAX_ATTEMPTS } from '@enviro/domain/subscriptions/e-invoice-retry';
import { gstinCheckChar } from '@enviro/domain/subscriptions/gst';
import { dayOf, DEFAULT_TIME_ZONE } from '@enviro/domain/time-zone';
import QRCode from 'qrcode';
import { afterAll, describe, expect, it } from 'vitest';
import { BillingService } from '../src/modules/subscriptions/billing.service.ts';
import { IrpHttpClient } from '../src/modules/subscriptions/e-invoicing.ts';
import { RazorpayHttpGateway } from '../src/modules/subscriptions/payment-gateway.ts';
import { pdfText } from './pdf-text.ts';
import { useTestApp } from './test-app.ts';

/**
 * E-invoices (issue 34) over the real database and the local IRP double: a registration the IRP
 * refuses keeps the invoice and is tried again by a job whose state is the invoice's row (another
 * server takes it up, two at once ask the IRP once), its state shown with the invoice; once
 * registered, the PDF carries the IRN and the IRP's signed QR as an image that holds that payload.
 */

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const gstin = (first14: string) => `${first14}${gstinCheckChar(first14)}`;
const BUYER = gstin('27AAACM1234B1Z');
const SUPPLIER = { name: 'Enviro Monitoring Private Limited', gstin: gstin('27AABCE4321K1Z'), address: ['Unit 4, Technology Park', 'Pune 411057'], state: 'Maharashtra' };
const today = () => dayOf(Date.now(), DEFAULT_TIME_ZONE);

const double = await startGatewayDouble();
const gateway = () => new RazorpayHttpGateway({ baseUrl: double.url, keyId: double.keyId, keySecret: double.keySecret, webhookSecret: double.webhookSecret });
const irp = () => new IrpHttpClient({ baseUrl: double.url, token: 'irp-token' });
const ctx = useTestApp({ mail: true, deps: { subscriptions: { supplier: SUPPLIER, gateway: gateway(), webhookSecret: double.webhookSecret, eInvoicing: irp() } } });
afterAll(() => double.close());
await ctx.start();
const pool = ctx.database.pool;

const tenant = (await ctx.b.newTenant({ name: 'Godavari Distillery', state: 'Maharashtra' })).id;
const other = (await ctx.b.newTenant({ name: 'Other Industry' })).id;
await pool.query(`INSERT INTO subscription_plan (code, name) VALUES ('EINV', 'E-invoice plan')`);
await pool.query(`INSERT INTO subscription_plan_version (plan_code, version, effective_from, monthly_paise, annual_paise, included_stations, station_addon_monthly_paise, camera_addon_monthly_paise)
  VALUES ('EINV', 1, current_date - 400, 500000, 5000000, 2, 150000, 80000)`);
await pool.query(`INSERT INTO billing_address (tenant_id, owner_kind, owner_id, line1, city, state, pincode, gstin) VALUES ($1, 'tenant', $2, 'Plot 9, MIDC', 'Nashik', 'Maharashtra', '422010', $3)`, [tenant, String(tenant), BUYER]);
await pool.query(`UPDATE tenant SET status = 'ENABLED' WHERE id = $1`, [tenant]);
await pool.query(`INSERT INTO subscription (tenant_id, plan_code, plan_version, term, term_start, term_end, paid_paise, mandate_token) VALUES ($1, 'EINV', 1, 'MONTHLY', $2::date - 30, $2::date, 500000, 'token_ok')`, [tenant, today()]);
const admin = { cookie: (await ctx.signedIn({ tenantId: tenant, userType: 'tenant', role: 'admin' })).cookie, ...XHR };
const otherAdmin = { cookie: (await ctx.signedIn({ tenantId: other, userType: 'tenant', role: 'admin' })).cookie, ...XHR };

/** A second server: its own BillingService over the same database. */
const secondServer = new BillingService({
  db: ctx.db, gateway: gateway(), eInvoicing: irp(), supplier: SUPPLIER, billingAddresses: async () => new Map(), administrators: async () => [],
  mailer: { send: async () => undefined, close: async () => undefined, kind: 'log' }, publicUrl: 'http://second',
});
const irpCalls = () => double.calls.get('POST /eicore/v1.03/Invoice') ?? 0;
const invoiceView = async () => (await ctx.inject({ method: 'GET', url: `/api/payment/subscription/${tenant}`, headers: admin })).json().invoices[0];
/** The time passes to the invoice's next try. */
const makeDue = () => pool.query(`UPDATE invoice SET einvoice_next_at = now() WHERE tenant_id = $1 AND einvoice_status = 'PENDING'`, [tenant]);

describe('e-invoice registration', () => {
  it('keeps the invoice when the IRP fails, shows the job, and registers it on a later try by any server, once', async () => {
    double.failIrp(2);
    const run = await ctx.app.subscriptions.billing.billingRun();
    expect(run).toMatchObject({ raised: 1, settled: 1 });
    let inv = await invoiceView();
    expect(inv).toMatchObject({ series: 'INVOICE', irn: null, eInvoice: { status: 'PENDING', attempts: 1 } });
    expect(inv.eInvoice.error).toContain('The IRP is not available');
    const wait = Date.parse(inv.eInvoice.nextAttemptAt) - Date.now();
    expect(wait).toBeGreaterThan(30_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    // Not due yet: no server asks.
    const before = irpCalls();
    expect(await secondServer.registerEInvoices()).toBe(0);
    expect(irpCalls()).toBe(before);

    // Due: the other server takes it up; the IRP fails again, and the next wait doubles.
    await makeDue();
    expect(await secondServer.registerEInvoices()).toBe(1);
    inv = await invoiceView();
    expect(inv).toMatchObject({ irn: null, eInvoice: { status: 'PENDING', attempts: 2 } });
    expect(Date.parse(inv.eInvoice.nextAttemptAt) - Date.now()).toBeGreaterThan(90_000);

    // Due again, both servers at once: the IRP is asked once and the IRN kept.
    await makeDue();
    const asked = irpCalls();
    const claimed = await Promise.all([secondServer.registerEInvoices(), ctx.app.subscriptions.billing.registerEInvoices()]);
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(1);
    expect(irpCalls()).toBe(asked + 1);
    inv = await invoiceView();
    expect(inv).toMatchObject({ eInvoice: { status: 'REGISTERED', attempts: 3, error: null, nextAttemptAt: null } });
    expect(inv.irn).toMatch(/^[0-9a-f]{64}$/);
    expect(await pool.query(`SELECT count(*)::int AS n FROM invoice WHERE tenant_id = $1`, [tenant])).toMatchObject({ rows: [{ n: 1 }] });
  });

  it('prints the IRN and the signed QR of the IRP on the PDF, as an image holding that payload', async () => {
    const inv = await invoiceView();
    const { rows } = await pool.query<{ signed_qr: string }>(`SELECT signed_qr FROM invoice WHERE tenant_id = $1 AND id = $2`, [tenant, inv.id]);
    const signedQr = rows[0]!.signed_qr;
    // The payload is the IRP's: its data names this invoice and its IRN.
    const data = JSON.parse(JSON.parse(Buffer.from(signedQr.split('.')[1]!, 'base64url').toString('utf8')).data);
    expect(data).toMatchObject({ Irn: inv.irn, DocNo: inv.number, SellerGstin: SUPPLIER.gstin, BuyerGstin: BUYER });

    const res = await ctx.inject({ method: 'GET', url: `/api/invoices/${inv.id}/pdf`, headers: admin });
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    const text = pdfText(pdf);
    for (const s of [inv.irn, 'Acknowledgement number', 'e-invoice QR signed by the IRP']) expect(text, s).toContain(s);

    // The image's modules are those of a QR code of exactly that payload.
    const image = rgbImages(pdf).find((i) => i.width === i.height);
    expect(image, 'a square image').toBeDefined();
    const qr = QRCode.create(signedQr, { errorCorrectionLevel: 'M' }).modules;
    const scale = image!.width / (qr.size + 8);
    expect(Number.isInteger(scale)).toBe(true);
    let differing = 0;
    for (let r = 0; r < qr.size; r++)
      for (let c = 0; c < qr.size; c++) {
        const x = Math.floor((c + 4.5) * scale);
        const y = Math.floor((r + 4.5) * scale);
        const dark = image!.rgb[(y * image!.width + x) * 3]! < 128;
        if (dark !== Boolean(qr.get(r, c))) differing++;
      }
    expect(differing).toBe(0);
    expect((await ctx.inject({ method: 'GET', url: `/api/invoices/${inv.id}/pdf`, headers: otherAdmin })).statusCode).toBe(404);
  });

  it("lists the e-invoices no try registered for the platform's administrators, who register one again now, audited", async () => {
    const siteTenant = (await ctx.b.newTenant({ name: 'Platform Operations', type: 'site' })).id;
    const site = { cookie: (await ctx.signedIn({ tenantId: siteTenant, userType: 'site', role: 'admin' })).cookie, ...XHR };
    const registered = await invoiceView();
    const again = await ctx.inject({ method: 'POST', url: `/api/invoices/${registered.id}/retryEInvoice`, headers: site });
    expect([again.statusCode, again.json().field]).toEqual([400, 'id']);
    expect(again.json().message).toContain('registered already');

    // Another B2B industry's renewal: the IRP refuses every try until none is left.
    const mill = (await ctx.b.newTenant({ name: 'Krishna Sugar Mill', state: 'Maharashtra' })).id;
    await pool.query(`INSERT INTO billing_address (tenant_id, owner_kind, owner_id, line1, city, state, pincode, gstin) VALUES ($1, 'tenant', $2, 'Gat 12', 'Sangli', 'Maharashtra', '416416', $3)`, [mill, String(mill), gstin('27AAACK5678C1Z')]);
    await pool.query(`UPDATE tenant SET status = 'ENABLED' WHERE id = $1`, [mill]);
    await pool.query(`INSERT INTO subscription (tenant_id, plan_code, plan_version, term, term_start, term_end, paid_paise, mandate_token) VALUES ($1, 'EINV', 1, 'MONTHLY', $2::date - 30, $2::date, 500000, 'token_ok')`, [mill, today()]);
    double.failIrp(E_INVOICE_MAX_ATTEMPTS);
    expect(await ctx.app.subscriptions.billing.billingRun()).toMatchObject({ raised: 1, settled: 1 });
    for (let i = 1; i < E_INVOICE_MAX_ATTEMPTS; i++) {
      await pool.query(`UPDATE invoice SET einvoice_next_at = now() WHERE tenant_id = $1 AND einvoice_status = 'PENDING'`, [mill]);
      expect(await secondServer.registerEInvoices()).toBe(1);
    }
    const millAdmin = { cookie: (await ctx.signedIn({ tenantId: mill, userType: 'tenant', role: 'admin' })).cookie, ...XHR };
    const failed = (await ctx.inject({ method: 'GET', url: `/api/payment/subscription/${mill}`, headers: millAdmin })).json().invoices[0];
    expect(failed).toMatchObject({ irn: null, eInvoice: { status: 'FAILED', attempts: E_INVOICE_MAX_ATTEMPTS, nextAttemptAt: null } });

    const queue = await ctx.inject({ method: 'GET', url: '/api/invoices?eInvoice=FAILED', headers: site });
    expect(queue.json().items.map((i: { id: number; tenantName: string }) => [i.id, i.tenantName])).toEqual([[failed.id, 'Krishna Sugar Mill']]);
    const bad = await ctx.inject({ method: 'GET', url: '/api/invoices?eInvoice=LOST', headers: site });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'querystring.eInvoice']);
    // Only the platform's administrators: not the industry, not another tenant's.
    expect((await ctx.inject({ method: 'POST', url: `/api/invoices/${failed.id}/retryEInvoice`, headers: millAdmin })).statusCode).toBe(403);
    expect((await ctx.inject({ method: 'POST', url: `/api/invoices/${failed.id}/retryEInvoice`, headers: otherAdmin })).statusCode).toBe(403);

    const retried = await ctx.inject({ method: 'POST', url: `/api/invoices/${failed.id}/retryEInvoice`, headers: site });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: failed.id, eInvoice: { status: 'REGISTERED', attempts: 1, error: null } });
    expect(retried.json().irn).toMatch(/^[0-9a-f]{64}$/);
    expect((await ctx.inject({ method: 'GET', url: '/api/invoices?eInvoice=FAILED', headers: site })).json().items).toEqual([]);
    const audit = await pool.query(`SELECT before, after FROM audit_log WHERE tenant_id = $1 AND action = 'invoice.einvoice.retry'`, [mill]);
    expect(audit.rows).toEqual([{ before: { attempts: E_INVOICE_MAX_ATTEMPTS, error: expect.stringContaining('IRP') }, after: { status: 'PENDING', attempts: 0 } }]);
  });
});

/** The 8-bit RGB images of a PDF as pdfkit writes them (Flate, no predictor; the alpha apart in an SMask). */
function rgbImages(pdf: Buffer): { width: number; height: number; rgb: Buffer }[] {
  const raw = pdf.toString('latin1');
  const out: { width: number; height: number; rgb: Buffer }[] = [];
  for (const m of raw.matchAll(/<<([^>]*\/Subtype \/Image[^>]*\/ColorSpace \/DeviceRGB[^>]*)>>\s*stream\r?\n/g)) {
    const length = Number(/\/Length (\d+)/.exec(m[1]!)![1]);
    const start = m.index + m[0].length;
    out.push({ width: Number(/\/Width (\d+)/.exec(m[1]!)![1]), height: Number(/\/Height (\d+)/.exec(m[1]!)![1]), rgb: inflateSync(pdf.subarray(start, start + length)) });
  }
  return out;
}
