import { startGatewayDouble } from './double.ts';

// The doubles on a fixed port for the demo: see README.md.
const double = await startGatewayDouble({
  port: Number(process.env.PORT ?? 4600),
  keyId: process.env.RAZORPAY_KEY_ID ?? 'rzp_test_double',
  keySecret: process.env.RAZORPAY_KEY_SECRET ?? 'double-secret',
  webhookSecret: process.env.RAZORPAY_WEBHOOK_SECRET ?? 'double-webhook-secret',
  webhookUrl: process.env.WEBHOOK_URL ?? 'http://127.0.0.1:8080/api/payment/webhook',
});
// IRP_FAIL_FIRST=n: the IRP refuses the first n registrations, so the demo shows an e-invoice waiting for its retry.
double.failIrp(Number(process.env.IRP_FAIL_FIRST ?? 0));
console.log(`payment gateway and IRP doubles on ${double.url}`);
const stop = () => void double.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
