import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AccessStores } from '../access/access-stores.ts';
import type { Auth } from '../access/auth.ts';
import { assertCsrfHeader, assertSameOrigin, CSRF_HEADER } from '../access/csrf.ts';
import { resolveAuth } from '../access/resolve-auth.ts';
import { assertCanCall, isRouteAccess, needsCaller, type RouteAccess } from '../access/route-access.ts';
import { SESSION_COOKIE } from '../access/session.ts';
import { headerOf } from '../access/request-header.ts';

/** A route as registered, with the access it declared. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The resolved caller; set on every route whose access needs one (all but `none` and `device`). */
    auth: Auth;
  }
  interface FastifyContextConfig {
    /** Who may call the route (see RouteAccess); every route must declare it or the app does not start. */
    access?: RouteAccess;
    /**
     * A GET that changes data (SPEC 7's clients call some so): a signed-in browser must show it
     * comes from our own pages, as a write must (csrf.ts `assertSameOrigin`).
     */
    changesState?: boolean;
  }
  interface FastifyInstance {
    /** Every route registered, with its declared access; complete once the app is ready. */
    declaredRoutes: readonly DeclaredRoute[];
    /** The tenant directory and session store callers are resolved with, provided by the modules owning them. */
    accessStores: AccessStores;
  }
}

/**
 * Resolves the caller and checks the route's declared access as the request arrives, before its
 * body is read: a refused caller learns nothing from validation errors, and costs no parsing of
 * what it was not allowed to send. Bodies are then read within bounds (request-body.plugin.ts).
 * A route registered without a valid declaration stops the app at startup (checked when ready,
 * since plugins such as the web app's set theirs in onRoute hooks that run after this one).
 */
export const authPlugin = fp(
  async function auth(app: FastifyInstance) {
    await app.register(fastifyCookie);
    const routes: { method: string | string[]; url: string; config?: { access?: unknown } }[] = [];
    const declared: DeclaredRoute[] = [];
    app.decorate('declaredRoutes', declared);
    const stores = new AccessStores();
    app.decorate('accessStores', stores);
    app.decorateRequest('auth', null as never);
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    app.addHook('onReady', async () => {
      const missing = routes.filter((r) => !isRouteAccess(r.config?.access)).map((r) => `${String(r.method)} ${r.url}`);
      if (missing.length > 0) throw new Error(`routes without a valid config.access declaration: ${missing.join(', ')}`);
      for (const r of routes) {
        for (const method of [r.method].flat()) declared.push({ method, url: r.url, access: r.config?.access as RouteAccess });
      }
    });
    // After the cookie plugin's onRequest hook, which parses the session cookie.
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (request.is404) return;
      const access = request.routeOptions.config.access;
      // Unreachable once ready has checked every route; refused rather than trusted if it ever is.
      if (!isRouteAccess(access)) throw new Error(`route ${request.routeOptions.url} declares no access`);
      if (!needsCaller(access)) return;
      request.auth = await resolveAuth(stores, {
        authorization: request.headers.authorization,
        portal: headerOf(request, 'portal'),
        publicTenantId: headerOf(request, 'public-tenant-id'),
        sessionToken: request.cookies[SESSION_COOKIE],
        tenantId: headerOf(request, 'tenant-id'),
        corporateId: headerOf(request, 'corporate-id'),
      });
      if (request.auth.kind === 'user') {
        assertCsrfHeader(request.method, headerOf(request, CSRF_HEADER));
        if (request.routeOptions.config.changesState) {
          assertSameOrigin({ csrfHeader: headerOf(request, CSRF_HEADER), secFetchSite: headerOf(request, 'sec-fetch-site'), origin: headerOf(request, 'origin'), host: request.host });
        }
      }
      assertCanCall(request.auth, access);
    });
    // What a signed-in user or an API key reads is theirs alone: no browser cache or proxy keeps it.
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
      const kind = (request.auth as Auth | null)?.kind;
      if ((kind === 'user' || kind === 'apiKey') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
