import { describe, expect, it } from 'vitest';
import { apiHeaders, buildUrl, fileNameOf, publicTenantIdFrom } from './api-client';

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
