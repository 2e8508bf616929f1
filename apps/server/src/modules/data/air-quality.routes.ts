import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { AirQualityOverview, AirQualityQuery } from '@enviro/contracts/data/air-quality';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TENANT_READ } from '../../platform/access/route-access.ts';
import type { DataModule } from './data.module.ts';

/** The air quality above a single station: not in SPEC 7 (docs/ARCHITECTURE.md, routes beyond the spec). */
export const airQualityRoutes: FastifyPluginAsyncZod<DataModule> = async (app, { airQuality }) => {
  // As the other data routes: 200 stations of 31 indices are built field by field from typed rows;
  // checking them against the contract again on the way out cost more than building them.
  // apps/server/test/air-quality.test.ts parses every answer with the contract.
  app.setSerializerCompiler(() => (data: unknown) => JSON.stringify(data));
  app.get(
    '/api/air-quality',
    {
      config: { access: TENANT_READ },
      schema: {
        tags: ['data'],
        summary:
          "CAAQMS stations of the industries the caller reads (or of one, tenantId) with their National AQI now and on each of the last 30 days of Asia/Kolkata, worst first; the index of POST /api/data/aqi",
        querystring: AirQualityQuery,
        response: { 200: AirQualityOverview, ...ERROR_RESPONSES },
      },
    },
    async (request) => airQuality.overview(request.auth, request.query),
  );
};
