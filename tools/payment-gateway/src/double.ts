import { createHash, createHmac, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DoubleOptions {
  port?: number;
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  /** Where paid links' webhooks go; unset, they are only answered to the payer's request. */
  webhookUrl?: string;
}

export interface WebhookDelivery {
  eventId: string;
  body: string;
  signature: string;
}

interface Payment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured' | 'failed';
  order_id: string | null;
  method: string;
  notes: Record<string, string>;
  created_at: number;
}

export interface GatewayDouble {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Pays a payment link as its payer would; answers the webhooks sent (or to send). */
  pay(linkId: string): Promise<WebhookDelivery[]>;
  /** Signs a body as the gateway signs webhooks. */
  sign(body: string): string;
  /** The webhooks of an event on a payment, built as the gateway builds them (to replay or reorder in tests). */
  event(name: string, payment: Payment, extra?: object): WebhookDelivery;
  links: Map<string, { id: string; amount: number; status: string; notes: Record<string, string>; short_url: string; reference_id: string }>;
  payments: Map<string, Payment>;
  /** Calls answered by path, to count what billing asked. */
  calls: Map<string, number>;
  /** Makes the IRP refuse the next `times` registrations with a 503 (as it does when it is down), to test the retries. */
  failIrp(times: number): void;
  close(): Promise<void>;
}

/** Starts the doubles of the payment gateway and of the IRP on a local port (0: any free one). */
export async function startGatewayDouble(o: DoubleOptions = {}): Promise<GatewayDouble> {
  const keyId = o.keyId ?? 'rzp_test_double';
  const keySecret = o.keySecret ?? 'double-secret';
  const webhookSecret = o.webhookSecret ?? 'double-webhook-secret';
  const links: GatewayDouble['links'] = new Map();
  const payments: GatewayDouble['payments'] = new Map();
  const orders = new Map<string, { id: string; amount: number; receipt: string; notes: Record<string, string>; paymentId: string | null }>();
  const ordersByReceipt = new Map<string, string>();
  const irns = new Map<string, { Irn: string; AckNo: number; AckDt: string; SignedQRCode: string }>();
  const calls = new Map<string, number>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let seq = 0;
  let ack = 112610000000000;
  const id = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++seq).toString(36).padStart(4, '0')}${randomBytes(2).toString('hex')}`;
  let url = '';
  let irpFailures = 0;

  const sign = (body: string) => createHmac('sha256', webhookSecret).update(body).digest('hex');
  const event = (name: string, payment: Payment, extra: object = {}): WebhookDelivery => {
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_double', event: name, contains: ['payment'], payload: { payment: { entity: payment }, ...extra }, created_at: Math.floor(Date.now() / 1000) });
    return { eventId: id('evt'), body, signature: sign(body) };
  };
  const deliver = async (events: WebhookDelivery[]) => {
    if (!o.webhookUrl) return;
    for (const e of events)
      await fetch(o.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-razorpay-signature': e.signature, 'x-razorpay-event-id': e.eventId }, body: e.body }).catch(() => undefined);
  };
  const pay = async (linkId: string): Promise<WebhookDelivery[]> => {
    const link = links.get(linkId);
    if (!link) throw new Error(`no payment link ${linkId}`);
    if (link.status === 'paid') return [];
    const payment: Payment = { id: id('pay'), entity: 'payment', amount: link.amount, currency: 'INR', status: 'captured', order_id: null, method: 'upi', notes: link.notes, created_at: Math.floor(Date.now() / 1000) };
    payments.set(payment.id, payment);
    link.status = 'paid';
    const events = [event('payment.captured', payment), event('payment_link.paid', payment, { payment_link: { entity: { ...link } } })];
    await deliver(events);
    return events;
  };

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => send(res, 500, { error: { code: 'SERVER_ERROR', description: String(error) } }));
  });
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0]!;
    calls.set(`${req.method} ${path.replace(/\/[a-z]+_[0-9a-z]+$/, '/:id')}`, (calls.get(`${req.method} ${path.replace(/\/[a-z]+_[0-9a-z]+$/, '/:id')}`) ?? 0) + 1);
    const body = await read(req);
    if (path.startsWith('/pay/')) {
      const linkId = decodeURIComponent(path.slice(5));
      const link = links.get(linkId);
      if (!link) return send(res, 404, { error: { description: 'no such link' } });
      if (req.method === 'POST') {
        const events = await pay(linkId);
        if ((req.headers.accept ?? '').includes('text/html') || (req.headers['content-type'] ?? '').includes('form')) return html(res, `<p>Paid ₹${(link.amount / 100).toFixed(2)}. You may close this page.</p>`);
        return send(res, 200, { status: 'paid', events });
      }
      return html(res, `<h1>Enviro test payment</h1><p>${escape(link.reference_id)}: ₹${(link.amount / 100).toFixed(2)} (${link.status})</p>
        <form method="post"><button type="submit">Pay</button></form>`);
    }
    if (path === '/eicore/v1.03/Invoice' && req.method === 'POST') {
      if (irpFailures > 0) {
        irpFailures--;
        return send(res, 503, { Status: 0, ErrorDetails: [{ ErrorCode: '5002', ErrorMessage: 'The IRP is not available; try again later' }] });
      }
      return send(res, 200, irn(JSON.parse(body)));
    }
    if (req.headers.authorization !== `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`)
      return send(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } });
    const input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    const amount = input.amount;
    if (req.method === 'POST' && ['/v1/payment_links', '/v1/orders', '/v1/payments/create/recurring'].includes(path) && (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100))
      return send(res, 400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be atleast INR 1.00', field: 'amount' } });
    if (req.method === 'POST' && path === '/v1/payment_links') {
      const link = { id: id('plink'), amount: amount as number, status: 'created', notes: (input.notes ?? {}) as Record<string, string>, reference_id: String(input.reference_id ?? ''), short_url: '' };
      link.short_url = `${url}/pay/${link.id}`;
      links.set(link.id, link);
      return send(res, 200, { ...link, entity: 'payment_link', currency: 'INR' });
    }
    if (req.method === 'POST' && path === '/v1/orders') {
      const receipt = String(input.receipt ?? '');
      const existing = receipt ? ordersByReceipt.get(receipt) : undefined;
      if (existing) return send(res, 200, { ...orders.get(existing), entity: 'order' });
      const order = { id: id('order'), amount: amount as number, receipt, notes: (input.notes ?? {}) as Record<string, string>, paymentId: null };
      orders.set(order.id, order);
      if (receipt) ordersByReceipt.set(receipt, order.id);
      return send(res, 200, { ...order, entity: 'order', status: 'created' });
    }
    if (req.method === 'POST' && path === '/v1/payments/create/recurring') {
      const order = orders.get(String(input.order_id));
      if (!order) return send(res, 400, { error: { code: 'BAD_REQUEST_ERROR', description: 'order_id is invalid', field: 'order_id' } });
      const token = String(input.token ?? '');
      if (!token.startsWith('token_')) return send(res, 400, { error: { code: 'BAD_REQUEST_ERROR', description: 'token is invalid', field: 'token' } });
      if (!order.paymentId) {
        const payment: Payment = { id: id('pay'), entity: 'payment', amount: order.amount, currency: 'INR', status: token === 'token_fail' ? 'failed' : 'captured', order_id: order.id, method: 'emandate', notes: order.notes, created_at: Math.floor(Date.now() / 1000) };
        payments.set(payment.id, payment);
        order.paymentId = payment.id;
      }
      return send(res, 200, { razorpay_payment_id: order.paymentId, razorpay_order_id: order.id, razorpay_signature: createHmac('sha256', keySecret).update(`${order.id}|${order.paymentId}`).digest('hex') });
    }
    if (req.method === 'GET' && path.startsWith('/v1/payments/')) {
      const p = payments.get(decodeURIComponent(path.slice('/v1/payments/'.length)));
      return p ? send(res, 200, p) : send(res, 404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
    }
    return send(res, 404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
  }

  function irn(inv: { DocDtls: { Typ: string; No: string; Dt: string }; SellerDtls: { Gstin: string }; BuyerDtls: { Gstin: string }; ValDtls: { TotInvVal: number } }) {
    const [, month, year] = inv.DocDtls.Dt.split('/').map(Number) as [number, number, number];
    const fyStart = month >= 4 ? year : year - 1;
    const fy = `${fyStart}-${String((fyStart + 1) % 100).padStart(2, '0')}`;
    const hash = createHash('sha256').update(`${inv.SellerDtls.Gstin}${fy}${inv.DocDtls.Typ}${inv.DocDtls.No}`).digest('hex');
    const known = irns.get(hash);
    if (known) return known;
    const b64 = (v: object | string) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
    const payload = { data: JSON.stringify({ SellerGstin: inv.SellerDtls.Gstin, BuyerGstin: inv.BuyerDtls.Gstin, DocNo: inv.DocDtls.No, DocTyp: inv.DocDtls.Typ, DocDt: inv.DocDtls.Dt, TotInvVal: inv.ValDtls.TotInvVal, Irn: hash }), iss: 'NIC' };
    const head = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(payload)}`;
    const signature = createSign('RSA-SHA256').update(head).sign(privateKey).toString('base64url');
    const answer = { Irn: hash, AckNo: ++ack, AckDt: new Date().toISOString().slice(0, 19).replace('T', ' '), SignedQRCode: `${head}.${signature}` };
    irns.set(hash, answer);
    return answer;
  }

  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url, keyId, keySecret, webhookSecret, pay, sign, event, links, payments, calls,
    failIrp: (times: number) => {
      irpFailures = times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function html(res: ServerResponse, body: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><meta charset="utf-8"><title>Payment</title>${body}`);
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
