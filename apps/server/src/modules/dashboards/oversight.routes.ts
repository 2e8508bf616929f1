import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { OversightOverview, OversightQuery } from '@enviro/contracts/oversight';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DashboardsModule } from './dashboards.module.ts';
import { APP_RULES } from '../../platform/access/route-access.ts';

/** Oversight views: the overview across the industries a signed-in user may read. */
export const oversightRoutes: FastifyPluginAsyncZod<DashboardsModule> = async (app, { oversight }) => {
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
