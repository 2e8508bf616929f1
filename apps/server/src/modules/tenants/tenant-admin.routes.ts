import { NewTenant, TenantChanges, TenantListQuery, TenantLiveStatus, TenantPage, TenantPatch, TenantPathParams, TenantUpdate, TenantInfo } from '@enviro/contracts/tenants';
import { ApiError, ERROR_RESPONSES } from '@enviro/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TenantsModule } from './tenants.module.ts';
import { z } from 'zod';

const TAGS = ['tenants'];

export const adminTenantRoutes: FastifyPluginAsyncZod<TenantsModule> = async (app, { admin: tenants }) => {
  app.get(
    '/api/tenants',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: 'Tenants the caller may read, filtered, sorted and paged',
        querystring: TenantListQuery,
        response: { 200: TenantPage, ...ERROR_RESPONSES },
      },
    },
    async (request) => tenants.list(request.auth, request.query),
  );

  app.post(
    '/api/tenants',
    {
      config: { access: 'siteAdmin' },
      schema: {
        tags: TAGS,
        summary: 'Create a tenant (site administrators)',
        body: NewTenant,
        response: { 201: TenantInfo, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => reply.code(201).send(await tenants.create(request.auth, request.body)),
  );

  app.put(
    '/api/tenants/:id',
    {
      config: { access: 'siteAdmin' },
      schema: {
        tags: TAGS,
        summary: "Replace a tenant's editable fields (site administrators)",
        params: TenantPathParams,
        body: TenantUpdate,
        response: { 200: TenantInfo, ...ERROR_RESPONSES },
      },
    },
    async (request) => tenants.update(request.auth, request.params.id, request.body),
  );

  app.post(
    '/api/tenants/:id',
    {
      config: { access: 'siteAdmin' },
      schema: {
        tags: TAGS,
        summary: "Change some of a tenant's editable fields, keeping the others (site administrators; PUT replaces them all, PATCH sets the status); audited as an update",
        params: TenantPathParams,
        body: TenantChanges,
        response: { 200: TenantInfo, ...ERROR_RESPONSES },
      },
    },
    async (request) => tenants.amend(request.auth, request.params.id, request.body),
  );

  app.patch(
    '/api/tenants/:id',
    {
      config: { access: 'siteAdmin' },
      schema: {
        tags: TAGS,
        summary: "Change a tenant's status with [{op: 'SET', att: 'status', value}] (site administrators)",
        params: TenantPathParams,
        body: TenantPatch,
        response: { 200: TenantInfo, ...ERROR_RESPONSES },
      },
    },
    async (request) => tenants.patch(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/api/tenants/:id',
    {
      config: { access: 'siteAdmin' },
      schema: {
        tags: TAGS,
        summary: 'Soft-delete a tenant: its status becomes DELETED (site administrators)',
        params: TenantPathParams,
        response: { 200: TenantInfo, ...ERROR_RESPONSES },
      },
    },
    async (request) => tenants.delete(request.auth, request.params.id),
  );

  app.get(
    '/api/getTenantsLiveStatus',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: "Per tenant of the caller's, its stations counted by live status",
        response: { 200: z.array(TenantLiveStatus), 403: ApiError, 401: ApiError },
      },
    },
    async (request) => tenants.liveStatus(request.auth),
  );
};
