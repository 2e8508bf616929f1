/**
 * Energy: meters located in the facility tree (main incomers, sub-meters, solar and DG), consumption
 * of every node without double counting and its unmetered remainder, energy from cumulative kWh
 * registers (rollover, reset, gaps), dated time-of-day tariffs and bills, budgets with alerts at
 * 50/75/100 %, production and SEC with an ISO 50006 baseline, Scope 2 emissions and offsets
 * (issue 31, docs/ENERGY.md).
 * SPEC 1 (energy meters, facility heatmap), 3 (Energy Meter, facility, meter, inverter), 6 (the
 * energy app lists every node), 7 (Public: /energy/metrics, /energy/facility/{id}/locatedDevices;
 * Entities: /energy/facilities, /entities/{id}/energy-meter, /energy/energy-meter/{id},
 * /entities/{id}/all-energy-meter; Data: /data/entityBudget, /data/emissionoffsetData).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { startPollingWorker } from '../../platform/jobs/polling-worker.ts';
import { energyRoutes } from './energy.routes.ts';
import { EnergyRepository } from './energy.repository.ts';
import { EnergyService } from './energy.service.ts';
import { REGISTER_PARAM } from './meter-energy.ts';
import { MeterReadingService } from './meter-readings.service.ts';

export interface EnergyModule {
  energy: EnergyService;
  /** Register readings entered by hand, stored through the telemetry module's ingestion. */
  readings: MeterReadingService;
}

declare module 'fastify' {
  interface FastifyInstance {
    energy: EnergyModule;
  }
}

/** How often budgets are checked against the energy used. */
const BUDGET_CHECK_MS = 15 * 60_000;

export const energyModule = areaModule({
  name: 'energy',
  decorate: 'energy',
  dependencies: ['database', 'auth', 'workers', 'entities', 'data', 'alerts', 'telemetry'],
  build(app) {
    const energy = new EnergyService(app.database.db, app.entities.entities, app.data.trends, app.alerts.raised);
    // The entity list's getLocatedDevices (SPEC 7) lists each meter's devices at the node it measures.
    const repository = new EnergyRepository(app.database.db);
    app.entities.locateMetersFrom({
      current: async (tenantIds) => (await repository.meters(tenantIds)).map((m) => ({ tenantId: m.tenant_id, nodeId: m.node_id, stationId: m.entity_id, role: m.role, source: m.source })),
    });
    // Each threshold is claimed in PostgreSQL before it is raised, so several servers raise it once.
    // The first check waits a round: budgets move slowly and a server starting has more urgent work.
    app.workers.add('energy-budgets', ({ log }) => {
      let started = false;
      return startPollingWorker(
        async () => {
          if (started) await energy.checkBudgets();
          started = true;
          return false;
        },
        { idleMs: BUDGET_CHECK_MS, onError: (error) => log.error({ err: error }, 'energy budgets: a pass failed; it is tried again at the next') },
      );
    });
    const readings = new MeterReadingService(app.database.db, energy, app.data.recent, (deviceId, values) =>
      app.telemetry.storeFor(deviceId, values.map((v) => ({ ts: v.ts, values: { [REGISTER_PARAM]: v.value } }))),
    );
    return { energy, readings };
  },
  routes: [energyRoutes],
});
