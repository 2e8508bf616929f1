import { describe, expect, it } from 'vitest';
import { securityOf } from '../src/platform/http/docs.plugin.ts';
import { useTestApp } from './test-app.ts';

/** The OpenAPI document says how each route is called: its security schemes come from its declared access. */

const ctx = useTestApp();
await ctx.start();

const doc = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
const operation = (method: string, url: string) => doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

describe('OpenAPI security', () => {
  it('declares the session cookie, the API key and the public portal headers', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'session' },
      apiKey: { type: 'http', scheme: 'bearer' },
      portal: { type: 'apiKey', in: 'header', name: 'portal' },
      publicTenantId: { type: 'apiKey', in: 'header', name: 'public-tenant-id' },
    });
    expect(doc.components.securitySchemes.session.description).toContain('CORPORATE-ID');
  });

  it('gives routes the ways their access admits', () => {
    expect(operation('POST', '/api/login').security).toEqual([]);
    expect(operation('POST', '/api/v1/:accessToken/telemetry').security).toEqual([]);
    expect(operation('GET', '/api/users/me').security).toEqual([{ session: [] }]);
    expect(operation('POST', '/api/corporates').security).toEqual([{ session: [] }]);
    expect(operation('GET', '/api/entities').security).toEqual([{ session: [] }, { portal: [], publicTenantId: [] }, { apiKey: [] }]);
    expect(operation('POST', '/api/data/recentTree/metric').security).toEqual([{ session: [] }, { apiKey: [] }]);
  });

  it('states the security of every documented route', () => {
    const documented = ctx.app.declaredRoutes.filter((r) => r.method !== 'HEAD' && operation(r.method, r.url) !== undefined);
    expect(documented.length).toBeGreaterThan(40);
    for (const r of documented) expect(operation(r.method, r.url).security, `${r.method} ${r.url}`).toEqual(securityOf(r.access));
  });
});
