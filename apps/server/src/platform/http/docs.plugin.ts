import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { isRouteAccess, type RouteAccess } from '../access/route-access.ts';
import { SESSION_COOKIE } from '../access/session.ts';

/** One OpenAPI security requirement: scheme names, all of which are sent together. */
type SecurityRequirement = Record<string, string[]>;

/** How callers authenticate (see access/resolve-auth.ts); routes name them from their declared access. */
const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'A signed-in user: the httpOnly cookie set by POST /api/login. Writes also need the header x-requested-with: XMLHttpRequest. ' +
      'Optional headers narrow the request: TENANT-ID (act for one tenant the user may read; manage mode for site and partner users) ' +
      'and CORPORATE-ID (only that corporate\'s tenants, where the user may act for the corporate). See docs/ACCESS.md.',
  },
  apiKey: { type: 'http', scheme: 'bearer', description: "An outside client holding a tenant's API key (Authorization: Bearer <key>); reads only." },
  portal: { type: 'apiKey', in: 'header', name: 'portal', description: 'The public portal: the value PUBLIC, sent with public-tenant-id; reads only.' },
  publicTenantId: {
    type: 'apiKey',
    in: 'header',
    name: 'public-tenant-id',
    description: 'The public portal: the tenant whose public pages are shown (an industry, or a statutory body and its associated industries).',
  },
} as const;

/**
 * The ways a route with this access may be called, as OpenAPI security requirements (any one of
 * them will do); empty for routes open to everyone or authenticating a device themselves.
 */
export function securityOf(access: RouteAccess): SecurityRequirement[] {
  if (access === 'none' || access === 'device') return [];
  if (access === 'signedIn') return [{ session: [] }];
  const audiences = typeof access === 'string' ? [access] : access;
  const security: SecurityRequirement[] = [];
  if (audiences.some((a) => a !== 'apiKey' && a !== 'public')) security.push({ session: [] });
  if (audiences.includes('public')) security.push({ portal: [], publicTenantId: [] });
  if (audiences.includes('apiKey')) security.push({ apiKey: [] });
  return security;
}

/** OpenAPI generated from the routes' zod contracts, browsable at /api/docs. */
export const docsPlugin = fp(async function docs(app: FastifyInstance) {
  // Each documented route states how it is called, derived from the access it declares.
  app.addHook('onRoute', (route) => {
    const access: unknown = route.config?.access;
    if (route.schema && isRouteAccess(access)) route.schema = { ...route.schema, security: securityOf(access) };
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Enviro API',
        version: '0.1.0',
        description: 'See docs/ARCHITECTURE.md, docs/ACCESS.md (who may call each route, and the TENANT-ID and CORPORATE-ID headers) and docs/DEVICES.md.',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
    // Contracts given an id (recursive ones such as EntityNode) become components that routes refer to.
    transformObject: jsonSchemaTransformObject,
  });
  // The documentation is public.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'none' };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
