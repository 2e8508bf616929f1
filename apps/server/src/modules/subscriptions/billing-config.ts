import { gstinCheckChar, gstinProblem } from '@enviro/domain/subscriptions/gst';
import type { Supplier } from './billing.service.ts';
import { IrpHttpClient, type EInvoicing } from './e-invoicing.ts';
import { NoGateway, RazorpayHttpGateway, type PaymentGateway } from './payment-gateway.ts';

/** What billing is given: the supplier printed on invoices, the payment gateway and its webhook secret, the IRP. */
export interface BillingOptions {
  supplier?: Supplier;
  gateway?: PaymentGateway;
  webhookSecret?: string | null;
  eInvoicing?: EInvoicing | null;
  now?: () => number;
}

/** A made-up GSTIN of the demo's supplier in Maharashtra, with its right check character. */
const DEMO_GSTIN = `27AABCE4321K1Z${gstinCheckChar('27AABCE4321K1Z')}`;

/**
 * Billing's settings from the environment, each bad one named: BILLING_GSTIN, BILLING_NAME,
 * BILLING_ADDRESS (lines separated by '|'), BILLING_STATE; the gateway's PAYMENT_GATEWAY_URL
 * (default https://api.razorpay.com), RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET
 * (without a key id, no gateway: orders are raised and paying online is refused); the IRP's
 * EINVOICE_URL and EINVOICE_TOKEN (unset: no e-invoices).
 */
export function billingOptionsFromEnv(env: NodeJS.ProcessEnv): BillingOptions {
  const gstin = env.BILLING_GSTIN ?? DEMO_GSTIN;
  const problem = gstinProblem(gstin);
  if (problem) throw new Error(`BILLING_GSTIN: ${problem}`);
  const supplier: Supplier = {
    name: env.BILLING_NAME ?? 'Enviro Monitoring Private Limited',
    gstin,
    address: (env.BILLING_ADDRESS ?? 'Unit 4, Technology Park|Pune 411057').split('|').map((l) => l.trim()).filter(Boolean),
    state: env.BILLING_STATE ?? 'Maharashtra',
  };
  const keyId = env.RAZORPAY_KEY_ID;
  let gateway: PaymentGateway = new NoGateway();
  if (keyId) {
    for (const name of ['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) if (!env[name]) throw new Error(`${name}: required with RAZORPAY_KEY_ID`);
    const baseUrl = env.PAYMENT_GATEWAY_URL ?? 'https://api.razorpay.com';
    if (!/^https?:\/\//.test(baseUrl)) throw new Error('PAYMENT_GATEWAY_URL: an http(s) URL');
    gateway = new RazorpayHttpGateway({ baseUrl, keyId, keySecret: env.RAZORPAY_KEY_SECRET!, webhookSecret: env.RAZORPAY_WEBHOOK_SECRET! });
  }
  const eInvoicing = env.EINVOICE_URL ? new IrpHttpClient({ baseUrl: env.EINVOICE_URL, token: env.EINVOICE_TOKEN ?? '' }) : null;
  return { supplier, gateway, webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? null, eInvoicing };
}
