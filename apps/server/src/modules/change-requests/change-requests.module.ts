/**
 * Change requests: an industry announces planned maintenance of a station or analyser, or asks for
 * a correction of its data; the board it reports to decides; history and mails on every move
 * (issue 35, docs/CHANGE-REQUESTS.md). An approved maintenance window becomes a MAINTENANCE
 * suppression window of the devices module, which every figure already reads.
 * SPEC 3 (Change request), 7 (Change requests).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { changeRequestRoutes } from './change-requests.routes.ts';
import { ChangeRequestService, changeRequestDeps } from './change-requests.service.ts';

export interface ChangeRequestsModule {
  requests: ChangeRequestService;
}

declare module 'fastify' {
  interface FastifyInstance {
    changeRequests: ChangeRequestsModule;
  }
}

export const changeRequestsModule = areaModule({
  name: 'change-requests',
  decorate: 'changeRequests',
  dependencies: ['database', 'auth', 'mail', 'entities', 'devices', 'documents', 'data', 'regulator'],
  build(app) {
    return { requests: new ChangeRequestService(changeRequestDeps(app)) };
  },
  routes: [changeRequestRoutes],
});
