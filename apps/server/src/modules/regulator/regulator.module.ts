/**
 * Regulator connectivity: pushing industries' 15-minute records to CPCB and state boards through a
 * durable outbox, and showing that they are in sync.
 * SPEC 1 (admin: regulator configuration), 4 (regulator sync: In Sync, Out of Sync, Delayed; 120 in minutes),
 * 7 (Compliance and uptime: /getListOfFiles, /getListOfFilesOfOneDay, /getListofLogFiles, /getErrorCodes,
 * /getSuccessCounts, PUT /api/createRepublishData, GET /getRepublishData; actionable task
 * tenant-not-connected-to-regulator), 9 (out-of-sync threshold 120). Protocols and guarantees: docs/REGULATOR.md.
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { randomBytes } from 'node:crypto';
import { CredentialVault, loadRegulatorKey } from './credentials.ts';
import { RegulatorOutbox, type OutboxOptions } from './outbox.ts';
import { RegulatorConfigService } from './regulator-config.service.ts';
import { RegulatorLogService } from './regulator-logs.service.ts';
import { registerRegulatorMetrics } from './regulator.metrics.ts';
import { regulatorRoutes } from './regulator.routes.ts';
import { RegulatorStatusService } from './regulator-status.service.ts';
import { regulatorStopNotifier } from './regulator-stop-notifier.ts';
import { startRegulatorWorker } from './regulator-worker.ts';

export interface RegulatorModule {
  /** Seals and opens the connections' credentials. */
  vault: CredentialVault;
  /** Turns closed slots into records and pushes them (the worker runs it; tests call `drain()`). */
  outbox: RegulatorOutbox;
  config: RegulatorConfigService;
  status: RegulatorStatusService;
  logs: RegulatorLogService;
}

declare module 'fastify' {
  interface FastifyInstance {
    regulator: RegulatorModule;
  }
}

export interface RegulatorModuleOptions {
  /**
   * Where the 32-byte key sealing credentials comes from (server.ts: the configuration's
   * REGULATOR_KEY, else DATA_DIR/regulator.key); unset, a random key for this process (tests).
   */
  key?: { REGULATOR_KEY?: string | undefined; DATA_DIR: string; sharedDatabase: boolean };
  outbox?: OutboxOptions;
}

export const regulatorModule = areaModule({
  name: 'regulator',
  decorate: 'regulator',
  dependencies: ['database', 'auth', 'mail', 'metrics', 'workers', 'entities', 'devices', 'data', 'data-quality'],
  build(app, opts: RegulatorModuleOptions) {
    const db = app.database.db;
    let key: Buffer = randomBytes(32);
    if (opts.key) {
      const loaded = loadRegulatorKey(opts.key);
      key = loaded.key;
      if (!opts.key.REGULATOR_KEY && opts.key.sharedDatabase) {
        app.log.warn({ file: loaded.source }, 'REGULATOR_KEY unset with an external database: regulator credentials are sealed with a key of this machine; servers sharing the database need the same REGULATOR_KEY');
      }
    }
    const vault = new CredentialVault(key);
    const onStop = regulatorStopNotifier(db, app.messaging.mailer, app.messaging.publicUrl, app.log);
    // Values go with the data-quality verdict known when their record is built (docs/REGULATOR.md, Flags).
    const quality = app.dataQuality.quality;
    const outbox = new RegulatorOutbox(db, app.devices.windows, vault, { onStop, quality: { flagged: (...args) => quality.flaggedSlots(...args) }, ...opts.outbox });
    const services: RegulatorModule = {
      vault,
      outbox,
      config: new RegulatorConfigService(db, vault),
      status: new RegulatorStatusService(db, app.entities.entities),
      logs: new RegulatorLogService(db, app.entities.entities),
    };
    registerRegulatorMetrics(app.metrics, outbox);
    app.workers.add('regulator', ({ log }) => startRegulatorWorker(outbox, log));
    return services;
  },
  routes: [regulatorRoutes],
});
