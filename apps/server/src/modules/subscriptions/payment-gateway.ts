import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpClient } from './http-client.ts';

/**
 * The payment gateway as billing needs it, shaped like Razorpay's API (payment links, orders,
 * recurring payments on an authorised e-mandate token, webhooks signed with HMAC-SHA256). The
 * official `razorpay` SDK is not used: it fixes its host to api.razorpay.com (so neither the local
 * double in tools/payment-gateway nor a proxy can stand in for it) and brings axios; the few calls
 * billing makes are below, over node:http with keep-alive (docs/SUBSCRIPTIONS.md).
 */
export interface PaymentGateway {
  /** A payment link for an amount, mailed by us; `notes` come back on its payment's events. */
  createPaymentLink(input: { amount: number; referenceId: string; description: string; customer: { name: string; email: string | null }; notes: Record<string, string> }): Promise<{ id: string; shortUrl: string }>;
  /** Debits an authorised e-mandate `token` (a recurring payment); answers the payment's id. */
  chargeMandate(input: { token: string; amount: number; receipt: string; description: string; notes: Record<string, string> }): Promise<{ paymentId: string }>;
  /** A payment as the gateway has it now. */
  fetchPayment(paymentId: string): Promise<{ id: string; amount: number; status: string; notes: Record<string, string> }>;
}

export interface GatewayConfig {
  /** https://api.razorpay.com, or the local double's address. */
  baseUrl: string;
  keyId: string;
  keySecret: string;
  /** The secret webhooks are signed with (set in the gateway's dashboard). */
  webhookSecret: string;
}

/** Whether `signature` (X-Razorpay-Signature) is the HMAC-SHA256, hex, of the raw body with the webhook secret. */
export function verifyWebhookSignature(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** Signs a webhook body as the gateway does (for the local double and tests). */
export function signWebhook(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Razorpay's REST API: Basic auth with the key id and secret, JSON both ways, amounts in paise, over keep-alive connections. */
export class RazorpayHttpGateway implements PaymentGateway {
  private readonly http: HttpClient;
  private readonly auth: string;

  constructor(config: GatewayConfig) {
    this.http = new HttpClient(config.baseUrl);
    this.auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const res = await this.http.request(method, `/v1${path}`, { authorization: this.auth, ...(body ? { 'content-type': 'application/json' } : {}) }, body ? JSON.stringify(body) : undefined);
    if (res.status < 200 || res.status >= 300) {
      let description = res.text.slice(0, 200);
      try {
        description = (JSON.parse(res.text) as { error?: { description?: string } }).error?.description ?? description;
      } catch {
        // Not JSON: the text itself says what went wrong.
      }
      throw new GatewayError(`payment gateway answered ${res.status}: ${description}`, res.status);
    }
    return JSON.parse(res.text) as T;
  }

  async createPaymentLink(input: Parameters<PaymentGateway['createPaymentLink']>[0]) {
    const link = await this.call<{ id: string; short_url: string }>('POST', '/payment_links', {
      amount: input.amount,
      currency: 'INR',
      accept_partial: false,
      reference_id: input.referenceId,
      description: input.description,
      customer: { name: input.customer.name, ...(input.customer.email ? { email: input.customer.email } : {}) },
      notify: { email: input.customer.email !== null, sms: false },
      reminder_enable: true,
      notes: input.notes,
    });
    return { id: link.id, shortUrl: link.short_url };
  }

  async chargeMandate(input: Parameters<PaymentGateway['chargeMandate']>[0]) {
    const order = await this.call<{ id: string }>('POST', '/orders', { amount: input.amount, currency: 'INR', receipt: input.receipt, notes: input.notes, payment_capture: true });
    const payment = await this.call<{ razorpay_payment_id: string }>('POST', '/payments/create/recurring', {
      amount: input.amount,
      currency: 'INR',
      order_id: order.id,
      token: input.token,
      recurring: '1',
      description: input.description,
      notes: input.notes,
    });
    return { paymentId: payment.razorpay_payment_id };
  }

  async fetchPayment(paymentId: string) {
    const p = await this.call<{ id: string; amount: number; status: string; notes: Record<string, string> | [] }>('GET', `/payments/${encodeURIComponent(paymentId)}`);
    return { id: p.id, amount: p.amount, status: p.status, notes: Array.isArray(p.notes) ? {} : p.notes };
  }
}

/** No gateway configured: orders are raised, and paying them online is refused with a clear message. */
export class NoGateway implements PaymentGateway {
  private refuse(): never {
    throw new GatewayError('no payment gateway is configured (PAYMENT_GATEWAY_URL, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET)', 503);
  }
  createPaymentLink(): never {
    return this.refuse();
  }
  chargeMandate(): never {
    return this.refuse();
  }
  fetchPayment(): never {
    return this.refuse();
  }
}
