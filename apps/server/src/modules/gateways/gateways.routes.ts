import { ApiError, ERROR_RESPONSES } from '@enviro/contracts/common';
import { Gateway, GatewayBody, GatewayCount, GatewayCountQuery, GatewayIdParams, GatewayList, GatewayListQuery } from '@enviro/contracts/gateways';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GatewaysModule } from './gateways.module.ts';
import { FLEET_WRITE, TENANT_READ } from '../../platform/access/route-access.ts';

const TAGS = ['gateways'];
const WRITE_RESPONSES = { ...ERROR_RESPONSES, 409: ApiError };

export const gatewayRoutes: FastifyPluginAsyncZod<GatewaysModule> = async (app, { gateways }) => {
  app.get(
    '/api/gateways',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: "The caller's gateways with when each was last heard from", querystring: GatewayListQuery, response: { 200: GatewayList, ...ERROR_RESPONSES } } },
    async (request) => gateways.list(request.auth, request.query.tenantId),
  );

  app.post(
    '/api/gateways',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: 'Add a gateway; answers its access token; audited', body: GatewayBody, response: { 201: Gateway, ...WRITE_RESPONSES } } },
    async (request, reply) => reply.code(201).send(await gateways.create(request.auth, request.body.tenantId, request.body.name)),
  );

  app.put(
    '/api/gateways/:id',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: 'Rename a gateway; audited', params: GatewayIdParams, body: GatewayBody, response: { 200: Gateway, ...WRITE_RESPONSES } } },
    async (request) => gateways.rename(request.auth, request.params.id, request.body.name),
  );

  app.delete(
    '/api/gateways/:id',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: 'Remove a gateway; its token stops at once; audited', params: GatewayIdParams, response: { 200: z.object({ id: z.number() }), ...WRITE_RESPONSES } } },
    async (request) => gateways.remove(request.auth, request.params.id),
  );

  app.post(
    '/api/gateways/:id/token',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: 'A new access token for a gateway; the old one stops at once; audited', params: GatewayIdParams, response: { 200: Gateway, ...WRITE_RESPONSES } } },
    async (request) => gateways.rotateToken(request.auth, request.params.id),
  );

  app.get(
    '/api/gatewayCount',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'Gateways in service and live; partnerId (site users only) narrows to a partner\'s industries', querystring: GatewayCountQuery, response: { 200: GatewayCount, ...ERROR_RESPONSES } } },
    async (request) => gateways.count(request.auth, request.query.partnerId),
  );
};
