/**
 * Compliance and uptime: per station and parameter over IST days, the share of 15-minute slots with
 * data, the share within limits and the exceedances, calibration and maintenance windows left out;
 * the compliance timeline; statistics for the site and boards.
 * SPEC 7 (Compliance and uptime; Tenants' stats: stats, tenantStats, entityStats, deviceStats,
 * subscriptionStats, complianceStats), 9 (compliance timeline limit 100); REGULATORY.md (CGWA's
 * ground-water stations: ground-water.*).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { AvailabilityService } from './availability.service.ts';
import { startComplianceDaysWorker } from './compliance-days-worker.ts';
import { complianceRoutes } from './compliance.routes.ts';
import { ComplianceService } from './compliance.service.ts';
import { groundWaterRoutes } from './ground-water.routes.ts';
import { GroundWaterService } from './ground-water.service.ts';

export interface ComplianceModule {
  compliance: ComplianceService;
  /** Data availability per device parameter and day (reports 35 and 36). */
  availability: AvailabilityService;
  /** CGWA's view of ground-water stations: flow-meter telemetry and its two readings a day. */
  groundWater: GroundWaterService;
}

declare module 'fastify' {
  interface FastifyInstance {
    compliance: ComplianceModule;
  }
}

export const complianceModule = areaModule({
  name: 'compliance',
  decorate: 'compliance',
  dependencies: ['database', 'auth', 'workers', 'entities', 'devices', 'data', 'regulator'],
  build(app) {
    const db = app.database.db;
    const regulator = app.regulator.status;
    const services: ComplianceModule = {
      compliance: new ComplianceService(db, app.devices.calibration, app.entities.entities, {
        shares: (tenantIds, from, to) => regulator.syncShares(tenantIds, from, to),
        changes: (tenantIds, from, to) => regulator.syncChanges(tenantIds, from, to),
      }),
      availability: new AvailabilityService(db),
      groundWater: new GroundWaterService(db, app.entities.entities, app.data.recent, app.data.trends),
    };
    // Compliance per IST day from the closed-slot feed, windows and limits.
    app.workers.add('compliance-days', ({ log, foregroundBusy }) => startComplianceDaysWorker(db, log, undefined, foregroundBusy));
    return services;
  },
  routes: [complianceRoutes, groundWaterRoutes],
});
