import { describe, expect, it } from 'vitest';
import type { ActingTenant } from './acting-tenant';
import { apiHeaders, buildUrl, fileNameOf, loginHref, publicTenantIdFrom } from './api-client';

describe('publicTenantIdFrom: the fourth path segment', () => {
  it.each([
    ['/public/dashboard/industry/12', '12'],
    ['/public/dashboard/details/7', '7'],
    ['/public/dashboard/industries/3/', '3'],
    ['/', ''],
    ['/error', ''],
  ])('%s gives %j', (pathname, id) => {
    expect(publicTenantIdFrom(pathname)).toBe(id);
  });
});

describe('apiHeaders', () => {
  it('carries the portal, the public tenant and no-cache headers', () => {
    expect(apiHeaders('/public/dashboard/industry/12')).toEqual({
      portal: 'PUBLIC',
      'public-tenant-id': '12',
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
    });
  });

  const acting: ActingTenant = { id: 7, name: 'Aravali Cement', type: 'tenant', corporateId: 3 };
  it.each<[string, string, string, ActingTenant | null, Record<string, string>]>([
    ['a public write adds the CSRF header', '/public/dashboard/industry/12', 'POST', null, { portal: 'PUBLIC', 'public-tenant-id': '12', 'x-requested-with': 'XMLHttpRequest' }],
    ['a public page ignores the tenant acted for', '/public/dashboard/industry/12', 'GET', acting, { portal: 'PUBLIC', 'public-tenant-id': '12' }],
    ['a signed-in read: the cookie only', '/app/dashboard', 'GET', null, {}],
    ['a signed-in write: the CSRF header', '/app/admin/users', 'DELETE', null, { 'x-requested-with': 'XMLHttpRequest' }],
    ['acting for a tenant: TENANT-ID and CORPORATE-ID', '/app/dashboard', 'GET', acting, { 'TENANT-ID': '7', 'CORPORATE-ID': '3' }],
    ['acting for a tenant without a corporate', '/app/dashboard', 'PATCH', { ...acting, corporateId: null }, { 'TENANT-ID': '7', 'x-requested-with': 'XMLHttpRequest' }],
  ])('%s', (_case, pathname, method, tenant, expected) => {
    expect(apiHeaders(pathname, method, tenant)).toEqual({ 'Cache-Control': 'no-cache', Pragma: 'no-cache', ...expected });
  });
});

describe('loginHref: SPEC 8 sends a 401 to /login, keeping where the user was', () => {
  it.each([
    [{ pathname: '/app/admin/users', search: '?page=2' }, '/login?next=%2Fapp%2Fadmin%2Fusers%3Fpage%3D2'],
    [{ pathname: '/app', search: '' }, '/login?next=%2Fapp'],
    [{ pathname: '/login', search: '?next=%2Fapp' }, '/login?next=%2Fapp'],
  ])('%j → %s', (location, href) => {
    expect(loginHref(location)).toBe(href);
  });
});

describe('buildUrl', () => {
  it.each([
    [{}, '/api/entities'],
    [{ short: true, type: undefined }, '/api/entities?short=true'],
    [{ id: [1, 2], q: 'a b' }, '/api/entities?id=1&id=2&q=a+b'],
    [{ missing: null }, '/api/entities'],
  ])('%j', (params, url) => {
    expect(buildUrl('/api/entities', params)).toBe(url);
  });
});

describe('fileNameOf', () => {
  it.each([
    [`attachment; filename="CTO _.pdf"; filename*=UTF-8''CTO%20%E2%82%B9.pdf`, 'CTO ₹.pdf'],
    ['attachment; filename="Raw data report.csv"', 'Raw data report.csv'],
    ['attachment', undefined],
    [null, undefined],
  ])('%j names %j', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});
