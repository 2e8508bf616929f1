import { AqiRequestBody, AqiResponse } from '@enviro/contracts/data/aqi';
import { RawDataRequestBody, RawDataResponse } from '@enviro/contracts/data/raw';
import { RecentRequestBody, RecentResponse, RecentTreeRequestBody, RecentTreeResponse } from '@enviro/contracts/data/recent';
import { DataRequestBody, MetricRequestBody, TrendResponse } from '@enviro/contracts/data/trend';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DataModule } from './data.module.ts';
import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { PORTAL_READ, TENANT_READ } from '../../platform/access/route-access.ts';

/**
 * The time-series answers are built field by field from typed rows, and checking thousands of
 * points against the contract again on the way out cost more than their query (4.5 ms for 1,000
 * recent values). They are serialized as built; the data tests parse every answer with the contract.
 */
const asBuilt = () => (data: unknown) => JSON.stringify(data);

export const dataRoutes: FastifyPluginAsyncZod<DataModule> = async (app, { trends, recent, raw, aqi }) => {
  // Scoped to this plugin's routes by Fastify's encapsulation.
  app.setSerializerCompiler(asBuilt);

  app.post(
    '/api/data/metric',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['data'],
        summary: 'Trends of parameters: one series per device parameter, or combined by groupAll / groupByTags',
        body: MetricRequestBody,
        response: { 200: TrendResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => trends.metric(request.auth, request.body.request),
  );

  app.post(
    '/api/data/entityMetric',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['data'],
        summary: "Trends of parameters per entity, each combining the entity's devices with agg",
        body: DataRequestBody,
        response: { 200: TrendResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => trends.entityMetric(request.auth, request.body.request),
  );

  app.post(
    '/api/data/recent/metric',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['data'],
        summary: 'Latest value of each parameter per entity within the backscan window',
        body: RecentRequestBody,
        response: { 200: RecentResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => recent.recent(request.auth, request.body.request),
  );

  app.post(
    '/api/data/recentTree/metric',
    {
      config: { access: TENANT_READ },
      schema: {
        tags: ['data'],
        summary: 'Latest values arranged under the entity tree, with live status',
        body: RecentTreeRequestBody,
        response: { 200: RecentTreeResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => recent.recentTree(request.auth, request.body.request),
  );

  app.post(
    '/api/rawdata/metric',
    {
      config: { access: TENANT_READ },
      schema: {
        tags: ['data'],
        summary: 'Raw readings as a table, one column per parameter, paged by time',
        body: RawDataRequestBody,
        response: { 200: RawDataResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => raw.table(request.auth, request.body.request),
  );

  app.post(
    '/api/data/aqi',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['data'],
        summary: "National AQI (CPCB) of a CAAQMS station: now (the last 24 hours, 8 for CO and O3) and per day of Asia/Kolkata",
        body: AqiRequestBody,
        response: { 200: AqiResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => aqi.aqi(request.auth, request.body.request),
  );
};
