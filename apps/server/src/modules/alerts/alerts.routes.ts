import { AlertCountRequest, AlertCounts, AlertDataParams, AlertDataQuery } from '@enviro/contracts/alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AlertsModule } from './alerts.module.ts';
import { PORTAL_READ } from '../../platform/access/route-access.ts';

export const publicAlertRoutes: FastifyPluginAsyncZod<AlertsModule> = async (app, { alerts }) => {
  app.post(
    '/api/tenants/:tenantId/alertData',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['public'],
        summary: "Counts of a tenant's alerts per parameter or per interval",
        params: AlertDataParams,
        querystring: AlertDataQuery,
        body: AlertCountRequest,
        response: { 200: AlertCounts },
      },
    },
    async (request) =>
      alerts.counts(request.auth, request.params.tenantId, request.query.isGroupByParameter, request.body),
  );
};
