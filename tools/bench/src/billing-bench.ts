import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { startGatewayDouble } from '@enviro/payment-gateway/double';
import { firstGap } from '@enviro/domain/subscriptions/invoice-number';
import { round } from './stats.ts';

const RUNNER = fileURLToPath(new URL('./billing-runner.ts', import.meta.url));

export interface BillingFigures {
  tenants: number;
  runMs: number;
  perRunner: { raised: number; settled: number }[];
  invoices: number;
  tenantsInvoiced: number;
  renewalOrders: number;
  gatewayPayments: number;
  gap: number | null;
  referenceMs: number;
}

/**
 * The billing run of issue 34: `tenants` industries whose monthly term ends today, each with an
 * e-mandate (within RBI's limit), renewed by two runners at once, each a process of its own with its
 * BillingService and pool, as two servers would: orders raised under SKIP LOCKED, the mandate debited on the
 * local gateway double over HTTP (order, recurring payment, fetch), settled with a gap-free invoice
 * number. Then counted: every tenant invoiced exactly once, one renewal order each, one payment each
 * at the gateway, no gap. Reference, same run: the floor of that work in plain SQL, one transaction
 * per tenant taking the shared counter and writing three rows, two connections at once.
 */
export async function benchBilling(benchUrl: string, pool: pg.Pool, tenants: number, log: (s: string) => void): Promise<BillingFigures> {
  await pool.query(`INSERT INTO subscription_plan (code, name) VALUES ('BENCH', 'Bench plan')`);
  await pool.query(`INSERT INTO subscription_plan_version (plan_code, version, effective_from, monthly_paise, annual_paise, included_stations, station_addon_monthly_paise, camera_addon_monthly_paise)
    VALUES ('BENCH', 1, current_date - 400, 500000, 5000000, 2, 150000, 80000)`);
  await pool.query(
    `WITH t AS (INSERT INTO tenant (name, type, status, state) SELECT 'Bench Industry ' || i, 'tenant', 'ENABLED', 'Maharashtra' FROM generate_series(1, $1::int) i RETURNING id)
     INSERT INTO subscription (tenant_id, plan_code, plan_version, term, term_start, term_end, paid_paise, mandate_token)
     SELECT id, 'BENCH', 1, 'MONTHLY', (now() AT TIME ZONE 'Asia/Kolkata')::date - 30, (now() AT TIME ZONE 'Asia/Kolkata')::date, 500000, 'token_bench' FROM t`,
    [tenants],
  );
  await pool.query('VACUUM ANALYZE tenant, subscription');
  log(`billing: ${tenants} subscriptions due today`);

  const double = await startGatewayDouble();
  // BENCH_PROFILE_DIR=<dir>: each runner writes a V8 CPU profile there when it ends.
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const runners = [0, 1].map(() =>
    spawn(process.execPath, [...profile, '--import', 'tsx', RUNNER], {
      env: { ...process.env, DATABASE_URL: benchUrl, GATEWAY_URL: double.url, GATEWAY_KEY_ID: double.keyId, GATEWAY_KEY_SECRET: double.keySecret, GATEWAY_WEBHOOK_SECRET: double.webhookSecret },
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  try {
    const lines = runners.map((r) => createInterface({ input: r.stdout! })[Symbol.asyncIterator]());
    const next = async (i: number) => {
      const { value, done } = await lines[i]!.next();
      if (done) throw new Error(`billing runner ${i} ended early`);
      return value as string;
    };
    for (let i = 0; i < runners.length; i++) if ((await next(i)) !== 'ready') throw new Error('billing runner did not start');
    const t0 = performance.now();
    for (const r of runners) r.stdin!.write('go\n');
    const perRunner = await Promise.all(runners.map(async (_, i) => JSON.parse(await next(i)) as { raised: number; settled: number }));
    const runMs = performance.now() - t0;
    log(`billing run: ${round(runMs)} ms`);
    const counts = (await pool.query<{ invoices: number; tenants: number; orders: number }>(
      `SELECT (SELECT count(*) FROM invoice)::int AS invoices, (SELECT count(DISTINCT tenant_id) FROM invoice)::int AS tenants,
              (SELECT count(*) FROM subscription_order WHERE purpose = 'RENEWAL')::int AS orders`,
    )).rows[0]!;
    const seqs = (await pool.query<{ seq: number }>(`SELECT seq FROM invoice WHERE series = 'INVOICE'`)).rows.map((r) => r.seq);
    const referenceMs = await reference(pool, tenants);
    log(`reference: ${round(referenceMs)} ms`);
    return {
      tenants, runMs: round(runMs), perRunner: perRunner.map((r) => ({ raised: r.raised, settled: r.settled })), invoices: counts.invoices, tenantsInvoiced: counts.tenants,
      renewalOrders: counts.orders, gatewayPayments: double.payments.size, gap: firstGap(seqs), referenceMs: round(referenceMs),
    };
  } finally {
    // A runner ends by itself once it has printed its counts (and writes its profile then); a stuck one is stopped.
    await Promise.all(runners.map((r) => (r.exitCode !== null ? undefined : new Promise<void>((resolve) => {
      const stop = setTimeout(() => r.kill('SIGTERM'), 10_000);
      r.once('exit', () => { clearTimeout(stop); resolve(); });
    }))));
    await double.close();
  }
}

/** The same number of tenant transactions in plain SQL, two connections at once: the shared counter and three narrow rows each. */
async function reference(pool: pg.Pool, tenants: number): Promise<number> {
  await pool.query('CREATE TABLE bench_billing_counter (k int PRIMARY KEY, n int NOT NULL); INSERT INTO bench_billing_counter VALUES (1, 0)');
  await pool.query('CREATE TABLE bench_billing_row (tenant_id int NOT NULL, kind text NOT NULL, n int NOT NULL, PRIMARY KEY (tenant_id, kind))');
  const t0 = performance.now();
  await Promise.all(
    [0, 1].map(async (lane) => {
      const client = await pool.connect();
      try {
        for (let t = lane; t < tenants; t += 2) {
          await client.query('BEGIN');
          const { rows } = await client.query<{ n: number }>('UPDATE bench_billing_counter SET n = n + 1 WHERE k = 1 RETURNING n');
          await client.query(`INSERT INTO bench_billing_row VALUES ($1, 'order', $2), ($1, 'payment', $2), ($1, 'invoice', $2)`, [t, rows[0]!.n]);
          await client.query('COMMIT');
        }
      } finally {
        client.release();
      }
    }),
  );
  return performance.now() - t0;
}
