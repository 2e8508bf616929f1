/**
 * Warranty requests: an industry reports a faulty device to the service partner linked to it; the
 * partner works it within the SLA of its terms; a comment thread between them (issue 35,
 * docs/CHANGE-REQUESTS.md "Warranty requests").
 * SPEC 7 (Warranty: warrantRequests, addComment).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { warrantyRoutes } from './warranty-requests.routes.ts';
import { WarrantyService } from './warranty-requests.service.ts';

export interface WarrantyRequestsModule {
  warranty: WarrantyService;
}

declare module 'fastify' {
  interface FastifyInstance {
    warrantyRequests: WarrantyRequestsModule;
  }
}

export const warrantyRequestsModule = areaModule({
  name: 'warranty-requests',
  decorate: 'warrantyRequests',
  dependencies: ['database', 'auth', 'mail', 'entities', 'devices', 'documents'],
  build(app) {
    return { warranty: new WarrantyService(app.database.db, app.entities.entities, app.documents.documents, Date.now, app.messaging, app.log) };
  },
  routes: [warrantyRoutes],
});
