import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { ComplianceData, ComplianceStats, CountStats, Datewise, DatewiseQuery, GroupByUptimeQuery, PeriodQuery, StationList, Stats, StatsQuery, Timeline, TimelineQuery, UptimeList, UptimeParams, UptimeQuery } from '@enviro/contracts/compliance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComplianceModule } from './compliance.module.ts';
import { APP_RULES, TENANT_READ } from '../../platform/access/route-access.ts';

/** SPEC 7 "Compliance and uptime" and the statistics of "Tenants' stats". */
export const complianceRoutes: FastifyPluginAsyncZod<ComplianceModule> = async (app, { compliance }) => {
  const tags = ['compliance'];

  app.get(
    '/api/uptime/:deviceOrTenant',
    {
      config: { access: TENANT_READ },
      schema: { tags, summary: "A device's uptime over a period of IST days, or with ?of=tenant each device of a tenant", params: UptimeParams, querystring: UptimeQuery, response: { 200: UptimeList, ...ERROR_RESPONSES } },
    },
    async (request) => compliance.uptime(request.auth, request.params.deviceOrTenant, request.query),
  );
  app.get(
    '/api/getGroupByUptime',
    {
      config: { access: TENANT_READ },
      schema: { tags, summary: 'Uptime grouped by industry or station, lowest first', querystring: GroupByUptimeQuery, response: { 200: UptimeList, ...ERROR_RESPONSES } },
    },
    async (request) => compliance.groupByUptime(request.auth, request.query),
  );
  app.get(
    '/api/getAvgUptimeByStation',
    {
      config: { access: TENANT_READ },
      schema: { tags, summary: 'Uptime per station averaged over its devices, lowest first', querystring: PeriodQuery, response: { 200: UptimeList, ...ERROR_RESPONSES } },
    },
    async (request) => compliance.groupByUptime(request.auth, { ...request.query, groupBy: 'station' }, undefined, true),
  );
  app.get(
    '/api/getAllStations',
    {
      config: { access: TENANT_READ },
      schema: { tags, summary: "The caller's stations with their uptime over the period", querystring: PeriodQuery, response: { 200: StationList, ...ERROR_RESPONSES } },
    },
    async (request) => compliance.allStations(request.auth, request.query),
  );
  app.get(
    '/api/getParametersDataDatewise',
    {
      config: { access: TENANT_READ },
      schema: { tags, summary: "One station's availability, within-limit share and exceedances per IST day and parameter", querystring: DatewiseQuery, response: { 200: Datewise, ...ERROR_RESPONSES } },
    },
    async (request) => compliance.datewise(request.auth, request.query),
  );
  app.get(
    '/api/getComplianceData',
    {
      config: { access: TENANT_READ },
      schema: { tags, summary: 'Compliance scorecard per station and parameter over a month, quarter or dates, lowest availability first', querystring: PeriodQuery, response: { 200: ComplianceData, ...ERROR_RESPONSES } },
    },
    async (request) => compliance.complianceData(request.auth, request.query),
  );
  app.get(
    '/api/complianceTimeline',
    {
      config: { access: TENANT_READ },
      schema: { tags, summary: 'Exceedances, outages, calibrations and maintenance of a station or industry, newest first (default limit 100)', querystring: TimelineQuery, response: { 200: Timeline, ...ERROR_RESPONSES } },
    },
    async (request) => compliance.timeline(request.auth, request.query),
  );
  app.get(
    '/api/stats',
    { config: { access: APP_RULES }, schema: { tags, summary: 'Counts of tenants, industries, stations, devices and users the caller reads', querystring: StatsQuery, response: { 200: Stats, ...ERROR_RESPONSES } } },
    async (request) => compliance.stats(request.auth, request.query),
  );
  app.get(
    '/api/tenantStats',
    { config: { access: APP_RULES }, schema: { tags, summary: 'Tenants by status and type', querystring: StatsQuery, response: { 200: CountStats, ...ERROR_RESPONSES } } },
    async (request) => compliance.tenantStats(request.auth, request.query),
  );
  app.get(
    '/api/subscriptionStats',
    { config: { access: APP_RULES }, schema: { tags, summary: 'Tenants by status (until subscriptions exist)', querystring: StatsQuery, response: { 200: CountStats, ...ERROR_RESPONSES } } },
    async (request) => compliance.tenantStats(request.auth, request.query),
  );
  app.get(
    '/api/entityStats',
    { config: { access: APP_RULES }, schema: { tags, summary: 'Stations by working status and type', querystring: StatsQuery, response: { 200: CountStats, ...ERROR_RESPONSES } } },
    async (request) => compliance.entityStats(request.auth, request.query),
  );
  app.get(
    '/api/deviceStats',
    { config: { access: APP_RULES }, schema: { tags, summary: 'Devices by live status and station type', querystring: StatsQuery, response: { 200: CountStats, ...ERROR_RESPONSES } } },
    async (request) => compliance.deviceStats(request.auth, request.query),
  );
  app.get(
    '/api/complianceStats',
    { config: { access: APP_RULES }, schema: { tags, summary: "This month's (or the period's) availability, within-limit share and exceedances over the caller's stations", querystring: PeriodQuery, response: { 200: ComplianceStats, ...ERROR_RESPONSES } } },
    async (request) => compliance.complianceStats(request.auth, request.query),
  );
};
