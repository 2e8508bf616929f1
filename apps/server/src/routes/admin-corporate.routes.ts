import { Corporate, CorporateForTenant, CorporateForTenantParams, CorporateTenantsQuery } from '@enviro/contracts/admin';
import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { TenantInfo } from '@enviro/contracts/tenant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CorporateRepository } from '../repositories/corporate.repository.ts';
import { CorporateService } from '../services/corporate.service.ts';

const TAGS = ['corporates'];

export const adminCorporateRoutes: FastifyPluginAsyncZod = async (app) => {
  const corporates = new CorporateService(new CorporateRepository(app.database.db));

  app.get(
    '/api/corporates',
    {
      config: { access: 'signedIn' },
      schema: { tags: TAGS, summary: 'Corporates the caller may see, with their tenant counts', response: { 200: z.array(Corporate), ...ERROR_RESPONSES } },
    },
    async (request) => corporates.list(request.auth),
  );

  app.get(
    '/api/corporateTenants',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: "A corporate's tenants that the caller may read",
        querystring: CorporateTenantsQuery,
        response: { 200: z.array(TenantInfo), ...ERROR_RESPONSES },
      },
    },
    async (request) => corporates.tenants(request.auth, request.query.corporateId),
  );

  app.get(
    '/api/getCorporateForTenant/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: "A tenant's corporate, or null; 404 for a tenant the caller may not read",
        params: CorporateForTenantParams,
        response: { 200: CorporateForTenant, ...ERROR_RESPONSES },
      },
    },
    async (request) => corporates.forTenant(request.auth, request.params.id),
  );
};
