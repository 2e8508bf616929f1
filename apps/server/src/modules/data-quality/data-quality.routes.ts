import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { QualityOverview, QualityOverviewQuery, QualitySettings, QualitySettingsParams, QualitySettingsUpdate, QualityStation, QualityStationParams, QualityStationQuery } from '@enviro/contracts/data-quality';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PORTAL_READ, TENANT_READ } from '../../platform/access/route-access.ts';
import type { DataQualityModule } from './data-quality.module.ts';

/** Data quality (issue 36): not in SPEC 7 (docs/ARCHITECTURE.md, routes beyond the spec). */
export const dataQualityRoutes: FastifyPluginAsyncZod<DataQualityModule> = async (app, { quality, settings }) => {
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
  app.get(
    '/api/data-quality/stations/:stationId/settings',
    {
      config: { access: TENANT_READ },
      schema: {
        tags: ['data-quality'],
        summary: "The detector settings of the station's device parameters: each parameter's defaults and its own settings, and whether the caller may change them",
        params: QualitySettingsParams,
        response: { 200: QualitySettings, ...ERROR_RESPONSES },
      },
    },
    async (request) => settings.get(request.auth, request.params.stationId),
  );
  app.put(
    '/api/data-quality/stations/:stationId/settings',
    {
      // Boards' and the platform's administrators (the service checks the role); audited, and the device's last 8 days judged again.
      config: { access: ['siteAdmin', 'statutory'] },
      schema: {
        tags: ['data-quality'],
        summary: "Sets (settings null: clears) one device parameter's detector settings; the device's last 8 days are judged again",
        params: QualitySettingsParams,
        body: QualitySettingsUpdate,
        response: { 200: QualitySettings, ...ERROR_RESPONSES },
      },
    },
    async (request) => settings.update(request.auth, request.params.stationId, request.body),
  );
};
