import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { GroundWaterQuery, GroundWaterStations } from '@enviro/contracts/compliance/ground-water';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TENANT_READ } from '../../platform/access/route-access.ts';
import type { ComplianceModule } from './compliance.module.ts';

/** CGWA's ground-water stations (REGULATORY.md, "CGWA ground water"). */
export const groundWaterRoutes: FastifyPluginAsyncZod<ComplianceModule> = async (app, { groundWater }) => {
  app.get(
    '/api/groundWaterStations',
    {
      config: { access: TENANT_READ },
      schema: {
        tags: ['compliance'],
        summary: "The caller's ground-water stations: flow-meter telemetry and CGWA's rule of two readings a day",
        querystring: GroundWaterQuery,
        response: { 200: GroundWaterStations, ...ERROR_RESPONSES },
      },
    },
    async (request) => groundWater.stations(request.auth, request.query),
  );
};
