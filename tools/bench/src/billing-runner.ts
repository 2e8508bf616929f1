import { createInterface } from 'node:readline';
import { gstinCheckChar } from '@enviro/domain/subscriptions/gst';
import { openDatabase } from '@enviro/server/platform/database/database';
import { BillingService } from '@enviro/server/modules/subscriptions/billing.service';
import { RazorpayHttpGateway } from '@enviro/server/modules/subscriptions/payment-gateway';

// One "server" of the billing bench (billing-bench.ts): its own process and pool. It says `ready`
// once loaded, runs the billing run on `go`, and prints its counts as JSON.
const env = process.env;
const database = openDatabase(env.DATABASE_URL!);
const billing = new BillingService({
  db: database.db,
  gateway: new RazorpayHttpGateway({ baseUrl: env.GATEWAY_URL!, keyId: env.GATEWAY_KEY_ID!, keySecret: env.GATEWAY_KEY_SECRET!, webhookSecret: env.GATEWAY_WEBHOOK_SECRET! }),
  eInvoicing: null,
  supplier: { name: 'Enviro Monitoring Private Limited', gstin: `27AABCE4321K1Z${gstinCheckChar('27AABCE4321K1Z')}`, address: ['Pune'], state: 'Maharashtra' },
  billingAddresses: async () => new Map(),
  // No administrators: the mails are left out of the figure (one SMTP conversation each).
  administrators: async () => [],
  mailer: { send: async () => undefined, close: async () => undefined, kind: 'log' },
  publicUrl: 'http://bench',
});
await database.pool.query('SELECT 1');
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== 'go') continue;
  const result = await billing.billingRun();
  console.log(JSON.stringify(result));
  break;
}
await database.close();
// stdin stays open (the bench holds it): end here, which writes the CPU profile of --cpu-prof.
process.exit(0);
