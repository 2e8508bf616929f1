import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { QualityOverview, QualityOverviewQuery, QualityStation, QualityStationParams, QualityStationQuery } from '@enviro/contracts/data-quality';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PORTAL_READ, TENANT_READ } from '../../platform/access/route-access.ts';
import type { DataQualityModule } from './data-quality.module.ts';

/** Data quality (issue 36): not in SPEC 7 (docs/ARCHITECTURE.md, routes beyond the spec). */
export const dataQualityRoutes: FastifyPluginAsyncZod<DataQualityModule> = async (app, { quality }) => {
  app.get(
    '/api/data-quality/overview',
    {
      config: { access: TENANT_READ },
      schema: {
        tags: ['data-quality'],
        summary: "Stations of the industries the caller reads (or of one, tenantId) with their data-quality score over the last whole days of Asia/Kolkata, worst first, and what fired",
        querystring: QualityOverviewQuery,
        response: { 200: QualityOverview, ...ERROR_RESPONSES },
      },
    },
    async (request) => quality.overview(request.auth, request.query),
  );
  app.get(
    '/api/data-quality/stations/:stationId',
    {
      // The public portal's station view shows a station's data quality as it shows its values.
      config: { access: PORTAL_READ },
      schema: {
        tags: ['data-quality'],
        summary: "A station's daily data-quality scores and the 15-minute slots that are not valid (state, detectors, value) over up to 31 IST days",
        params: QualityStationParams,
        querystring: QualityStationQuery,
        response: { 200: QualityStation, ...ERROR_RESPONSES },
      },
    },
    async (request) => quality.station(request.auth, request.params.stationId, request.query),
  );
};
