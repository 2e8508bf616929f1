import { describe, expect, it } from 'vitest';
import { APP_DASHBOARD_LINKS, APP_INDUSTRY_LINKS, PUBLIC_DASHBOARD_LINKS } from './dashboard-links';

const trend = { entityType: 'stack', entityId: 7, paramId: 'pm', time: '15d-ago', avgDuration: 'minute_15', publicTenantId: 3, back: 1 };

describe('dashboard links', () => {
  it.each([
    ['industries', PUBLIC_DASHBOARD_LINKS.industries('1'), '/public/dashboard/industries/1'],
    ['industry', PUBLIC_DASHBOARD_LINKS.industry(3, { back: 1, station: 7 }), '/public/dashboard/industry/3?back=1&station=7'],
    ['details', PUBLIC_DASHBOARD_LINKS.details(3, trend), '/public/dashboard/details/3?entityType=stack&entityId=7&paramId=pm&time=15d-ago&avgDuration=minute_15&publicTenantId=3&back=1'],
    ['parameter', PUBLIC_DASHBOARD_LINKS.parameter(3, { back: '1' }), '/public/dashboard/parameter/3?back=1'],
  ])('the portal keeps its visitors on /public pages (%s)', (_name, href, expected) => {
    expect(href).toBe(expected);
  });

  it.each([
    ['industries', APP_DASHBOARD_LINKS.industries('1'), '/app/dashboard'],
    ['industry', APP_DASHBOARD_LINKS.industry(3, { back: 1, station: 7 }), '/app/dashboard?station=7'],
    ['industry without a station', APP_DASHBOARD_LINKS.industry(3, {}), '/app/dashboard'],
    ['details', APP_DASHBOARD_LINKS.details(3, trend), '/app/dashboard/details?entityType=stack&entityId=7&paramId=pm&time=15d-ago&avgDuration=minute_15'],
    ['parameter', APP_DASHBOARD_LINKS.parameter(3, { back: '1', paramId: 'pm' }), '/app/dashboard/parameter?paramId=pm'],
  ])('the signed-in app stays under /app, naming no tenant and no board (%s)', (_name, href, expected) => {
    expect(href).toBe(expected);
  });

  it.each([
    ['industries', APP_INDUSTRY_LINKS.industries('1'), '/app/dashboard'],
    ['industry', APP_INDUSTRY_LINKS.industry(3, { back: 1, station: 7 }), '/app/industries/3?station=7'],
    ['details', APP_INDUSTRY_LINKS.details(3, trend), '/app/industries/3/details?entityType=stack&entityId=7&paramId=pm&time=15d-ago&avgDuration=minute_15'],
    ['parameter', APP_INDUSTRY_LINKS.parameter(3, { back: '1', paramId: 'pm' }), '/app/industries/3/parameter?paramId=pm'],
  ])('an industry read in the signed-in app stays under /app/industries/{id}, its list the dashboard (%s)', (_name, href, expected) => {
    expect(href).toBe(expected);
  });
});
