import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { Dashboard, DashboardGetQuery, DashboardIdParams, DashboardInput, DashboardList, DashboardListQuery, DeletedDashboard, DuplicateDashboardInput } from '@enviro/contracts/dashboards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DashboardsModule } from './dashboards.module.ts';

/** Dashboard management (SPEC 1): every signed-in user has dashboards; the service decides which. */
export const dashboardRoutes: FastifyPluginAsyncZod<DashboardsModule> = async (app, { dashboards }) => {
  app.get(
    '/api/dashboards',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['dashboards'],
        summary:
          "Dashboards of the tenant acted for that the caller sees: their own, those shared with their role (administrators: every tenant dashboard); with tenantId, another tenant's the caller reads (a board's industry): those shared with all its users, read-only",
        querystring: DashboardListQuery,
        response: { 200: DashboardList, ...ERROR_RESPONSES },
      },
    },
    async (request) => dashboards.list(request.auth, request.query),
  );

  app.get(
    '/api/dashboards/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['dashboards'],
        summary: "A dashboard with its widgets; with tenantId, one of another tenant the caller reads (shared with all its users), read-only",
        params: DashboardIdParams,
        querystring: DashboardGetQuery,
        response: { 200: Dashboard, ...ERROR_RESPONSES },
      },
    },
    async (request) => dashboards.get(request.auth, request.params.id, request.query.tenantId),
  );

  app.post(
    '/api/dashboards',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['dashboards'],
        summary: "Create a dashboard, the caller's or (administrators) the tenant's",
        body: DashboardInput,
        response: { 200: Dashboard, ...ERROR_RESPONSES },
      },
    },
    async (request) => dashboards.create(request.auth, request.body),
  );

  app.put(
    '/api/dashboards/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['dashboards'],
        summary: 'Replace a dashboard: name, type, sharing and its widgets with their places on the grid',
        params: DashboardIdParams,
        body: DashboardInput,
        response: { 200: Dashboard, ...ERROR_RESPONSES },
      },
    },
    async (request) => dashboards.update(request.auth, request.params.id, request.body),
  );

  app.post(
    '/api/dashboards/:id/duplicate',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['dashboards'],
        summary: 'Copy a dashboard the caller sees',
        params: DashboardIdParams,
        body: DuplicateDashboardInput,
        response: { 200: Dashboard, ...ERROR_RESPONSES },
      },
    },
    async (request) => dashboards.duplicate(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/api/dashboards/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['dashboards'],
        summary: 'Delete a dashboard',
        params: DashboardIdParams,
        response: { 200: DeletedDashboard, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await dashboards.delete(request.auth, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );
};
