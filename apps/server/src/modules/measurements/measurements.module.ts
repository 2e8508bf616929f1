/**
 * Measurements: measure templates and the results a lab or third party measured by hand at a
 * station, beside the continuous data with the deviation between them.
 * SPEC 7 (Documents: measure-template forms, measure-data, delete/measure-data); issue 33.
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { measurementRoutes } from './measurements.routes.ts';
import { MeasurementService } from './measurements.service.ts';

export interface MeasurementsModule {
  measurements: MeasurementService;
}

declare module 'fastify' {
  interface FastifyInstance {
    measurements: MeasurementsModule;
  }
}

export const measurementsModule = areaModule({
  name: 'measurements',
  decorate: 'measurements',
  dependencies: ['database', 'auth', 'entities', 'data'],
  build(app) {
    return { measurements: new MeasurementService(app.database.db, app.entities.entities, app.data.trends) };
  },
  routes: [measurementRoutes],
});
