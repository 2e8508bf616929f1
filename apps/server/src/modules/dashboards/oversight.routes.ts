import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { OversightOverview, OversightQuery } from '@enviro/contracts/oversight';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_RULES } from '../../platform/access/route-access.ts';
import { OversightService, type RegulatorSyncSource } from './oversight.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Regulator sync per station, decorated by the regulator module when it is registered (see RegulatorSyncSource). */
    regulatorSync?: RegulatorSyncSource;
  }
}

/** Oversight views: the overview across the industries a signed-in user may read. */
export const oversightRoutes: FastifyPluginAsyncZod = async (app) => {
  const oversight = new OversightService(app.database.db, app.regulatorSync ?? null);

  app.get(
    '/api/oversight',
    {
      config: { access: APP_RULES },
      schema: {
        tags: ['dashboards'],
        summary:
          'Overview across the industries the caller reads: live status, stations in exceedance now, exceedances this month, 24-hour data availability and regulator sync, worst first',
        querystring: OversightQuery,
        response: { 200: OversightOverview, ...ERROR_RESPONSES },
      },
    },
    async (request) => oversight.overview(request.auth, request.query),
  );
};
