import { TenantIdParams, TenantInfo } from '@enviro/contracts/tenants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TenantsModule } from './tenants.module.ts';
import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { PORTAL_READ } from '../../platform/access/route-access.ts';

export const tenantRoutes: FastifyPluginAsyncZod<TenantsModule> = async (app, { tenants }) => {
  app.get(
    '/api/tenantinfo',
    { config: { access: PORTAL_READ }, schema: { tags: ['tenants'], summary: "The caller's tenant (the public portal's for public callers)", response: { 200: TenantInfo, ...ERROR_RESPONSES } } },
    async (request) => tenants.info(request.auth),
  );

  app.get(
    '/api/tenant-by-id/:tenantId',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['tenants'],
        summary: 'A tenant the caller may read; 404 for any other',
        params: TenantIdParams,
        response: { 200: TenantInfo, ...ERROR_RESPONSES },
      },
    },
    async (request) => tenants.byId(request.auth, request.params.tenantId),
  );
};
