/**
 * Regulator connectivity: pushing industries' 15-minute records to CPCB and state boards through a
 * durable outbox, and showing that they are in sync.
 * SPEC 1 (admin: regulator configuration), 4 (regulator sync: In Sync, Out of Sync, Delayed; 120 in minutes),
 * 7 (Compliance and uptime: /getListOfFiles, /getListOfFilesOfOneDay, /getListofLogFiles, /getErrorCodes,
 * /getSuccessCounts, PUT /api/createRepublishData, GET /getRepublishData; actionable task
 * tenant-not-connected-to-regulator), 9 (out-of-sync threshold 120). Protocols and guarantees: docs/REGULATOR.md.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CredentialVault } from './credentials.ts';
import { RegulatorOutbox, type OutboxOptions } from './outbox.ts';
import { registerRegulatorMetrics } from './regulator.metrics.ts';
import { regulatorRoutes } from './regulator.routes.ts';
import { RegulatorStatusService } from './regulator-status.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The credential vault and an outbox sender over the app's database (server.ts runs the worker; tests call `outbox.drain()`). */
    regulator: { vault: CredentialVault; outbox: RegulatorOutbox };
  }
}

export interface RegulatorModuleOptions {
  /** 32-byte key sealing credentials (server.ts: REGULATOR_KEY or DATA_DIR/regulator.key); unset, a random one for this process (tests). */
  key?: Buffer;
  outbox?: OutboxOptions;
}

export const regulatorModule = fp(
  async function regulator(app: FastifyInstance, opts: RegulatorModuleOptions) {
    const vault = new CredentialVault(opts.key ?? randomBytes(32));
    const outbox = new RegulatorOutbox(app.database.db, vault, opts.outbox);
    app.decorate('regulator', { vault, outbox });
    // The oversight overview's regulator column (dashboards module, registered after this one).
    const status = new RegulatorStatusService(app.database.db);
    app.decorate('regulatorSync', { counts: (tenantIds, visible) => status.syncCounts(tenantIds, visible) });
    // The compliance scorecard's regulator sync share and timeline (compliance module, registered after this one).
    app.decorate('regulatorCompliance', { shares: (tenantIds, from, to) => status.syncShares(tenantIds, from, to), changes: (tenantIds, from, to) => status.syncChanges(tenantIds, from, to) });
    registerRegulatorMetrics(app.metrics, outbox);
    await app.register(regulatorRoutes, { vault });
  },
  { name: 'regulator', dependencies: ['database', 'auth', 'metrics'] },
);
