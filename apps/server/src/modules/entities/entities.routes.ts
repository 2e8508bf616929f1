import { EntitiesQuery, EntityIdParams, EntityNode, EntityNodeList, EntityQuery, EntityTree, LimitRequest, ParamLimitList, TenantEntitiesParams, TenantEntitiesQuery } from '@enviro/contracts/entities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EntitiesModule } from './entities.module.ts';
import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { PORTAL_READ, TENANT_READ } from '../../platform/access/route-access.ts';

export const entityRoutes: FastifyPluginAsyncZod<EntitiesModule> = async (app, { entities }) => {
  app.get(
    '/api/entities',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['entities'],
        summary: "Entity trees of the caller's tenants",
        querystring: EntitiesQuery,
        response: { 200: EntityTree, ...ERROR_RESPONSES },
      },
    },
    async (request) => entities.tree(request.auth, request.query),
  );

  app.get(
    '/api/tenants/:id/entities',
    {
      config: { access: TENANT_READ },
      schema: {
        tags: ['entities'],
        summary: "One tenant's entity tree (SPEC 7 Tenants), with the options of GET /api/entities; 404 for a tenant the caller does not read",
        params: TenantEntitiesParams,
        querystring: TenantEntitiesQuery,
        response: { 200: EntityTree, ...ERROR_RESPONSES },
      },
    },
    async (request) => entities.tree(request.auth, { ...request.query, tenantId: request.params.id }),
  );

  app.get(
    '/api/entity/:id',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['entities'],
        summary: 'One node with its subtree',
        params: EntityIdParams,
        querystring: EntityQuery,
        response: { 200: EntityNode, ...ERROR_RESPONSES },
      },
    },
    async (request) => entities.node(request.auth, request.params.id, request.query),
  );

  app.get(
    '/api/entities/:id/children',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['entities'],
        summary: "A node's direct children, each with its subtree",
        params: EntityIdParams,
        querystring: EntityQuery,
        response: { 200: EntityNodeList, ...ERROR_RESPONSES },
      },
    },
    async (request) => entities.children(request.auth, request.params.id, request.query),
  );

  app.post(
    '/api/alertlimit',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['entities'],
        summary: "Alert limits of the entities' device parameters",
        body: LimitRequest,
        response: { 200: ParamLimitList, ...ERROR_RESPONSES },
      },
    },
    async (request) => entities.limits(request.auth, request.body),
  );
};
