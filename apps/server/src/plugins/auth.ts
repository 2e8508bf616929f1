import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Auth } from '../access/auth.ts';
import { resolveAuth } from '../access/resolve-auth.ts';
import type { Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The resolved caller; set on every route except those whose config says `auth: false`. */
    auth: Auth;
  }
  interface FastifyContextConfig {
    /** false for routes that authenticate on their own (device telemetry) or need none (health). */
    auth?: boolean;
  }
}

export const authPlugin = fp(
  async function auth(app: FastifyInstance, opts: { db: Db }) {
    app.decorateRequest('auth', null as never);
    app.addHook('preHandler', async (request: FastifyRequest) => {
      if (request.routeOptions.config.auth === false || request.is404) return;
      request.auth = await resolveAuth(opts.db, {
        authorization: request.headers.authorization,
        portal: header(request, 'portal'),
        publicTenantId: header(request, 'public-tenant-id'),
      });
    });
  },
  { name: 'auth' },
);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
