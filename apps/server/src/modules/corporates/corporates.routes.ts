import { Corporate, CorporateDetail, CorporateForTenant, CorporateForTenantParams, CorporateInput, CorporateListQuery, CorporatePage, CorporatePageQuery, CorporatePathParams, CorporateTenantsQuery } from '@enviro/contracts/corporates';
import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { TenantInfo } from '@enviro/contracts/tenants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CorporatesModule } from './corporates.module.ts';
import { z } from 'zod';

const TAGS = ['corporates'];

export const adminCorporateRoutes: FastifyPluginAsyncZod<CorporatesModule> = async (app, { corporates }) => {
  app.get(
    '/api/corporates',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: 'Corporates the caller may see, with their tenant counts (unpaged, e.g. for a picker)',
        querystring: CorporateListQuery,
        response: { 200: z.array(Corporate), ...ERROR_RESPONSES },
      },
    },
    async (request) => corporates.list(request.auth, request.query),
  );

  app.get(
    '/api/corporates/page',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: 'Corporates the caller may see, with contact details, searched, sorted and paged',
        querystring: CorporatePageQuery,
        response: { 200: CorporatePage, ...ERROR_RESPONSES },
      },
    },
    async (request) => corporates.page(request.auth, request.query),
  );

  app.post(
    '/api/corporates',
    {
      config: { access: 'siteAdmin' },
      schema: {
        tags: TAGS,
        summary: 'Create a corporate (name unique whatever its case: 409 otherwise); audited',
        body: CorporateInput,
        response: { 201: CorporateDetail, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => reply.code(201).send(await corporates.create(request.auth, request.body)),
  );

  app.get(
    '/api/corporates/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: 'One corporate the caller may see, with contact details',
        params: CorporatePathParams,
        response: { 200: CorporateDetail, ...ERROR_RESPONSES },
      },
    },
    async (request) => corporates.get(request.auth, request.params.id),
  );

  app.put(
    '/api/corporates/:id',
    {
      config: { access: 'siteAdmin' },
      schema: {
        tags: TAGS,
        summary: "Replace a corporate's editable fields; audited with before and after. Tenants join a corporate by tenant update (corporateId)",
        params: CorporatePathParams,
        body: CorporateInput,
        response: { 200: CorporateDetail, ...ERROR_RESPONSES },
      },
    },
    async (request) => corporates.update(request.auth, request.params.id, request.body),
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
