import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Auth } from '../access/auth.ts';
import { assertCsrfHeader, CSRF_HEADER } from '../access/csrf.ts';
import { resolveAuth } from '../access/resolve-auth.ts';
import { SESSION_COOKIE } from '../access/session.ts';
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
    await app.register(fastifyCookie);
    app.decorateRequest('auth', null as never);
    app.addHook('preHandler', async (request: FastifyRequest) => {
      if (request.routeOptions.config.auth === false || request.is404) return;
      request.auth = await resolveAuth(opts.db, {
        authorization: request.headers.authorization,
        portal: header(request, 'portal'),
        publicTenantId: header(request, 'public-tenant-id'),
        sessionToken: request.cookies[SESSION_COOKIE],
        tenantId: header(request, 'tenant-id'),
      });
      if (request.auth.kind === 'user') assertCsrfHeader(request.method, header(request, CSRF_HEADER));
    });
  },
  { name: 'auth' },
);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
