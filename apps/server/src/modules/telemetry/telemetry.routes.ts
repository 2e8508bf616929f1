import { ApiError } from '@enviro/contracts/common';
import {
  MAX_TELEMETRY_BYTES,
  TelemetryParams,
  TelemetryPayload,
  TelemetryResult,
} from '@enviro/contracts/telemetry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** ThingsBoard's device HTTP API: the access token in the path is the device's only credential. */
export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/:accessToken/telemetry',
    {
      config: { access: 'device' },
      bodyLimit: MAX_TELEMETRY_BYTES,
      schema: {
        tags: ['devices'],
        summary: 'Send readings of a device (ThingsBoard device API)',
        description:
          'Answers after the accepted readings are committed. Bad readings are refused one by one, with reasons; ' +
          '503 means nothing was stored and the payload should be sent again (resending is idempotent).',
        params: TelemetryParams,
        body: TelemetryPayload,
        response: { 200: TelemetryResult, 400: ApiError, 401: ApiError, 413: ApiError, 503: ApiError },
      },
    },
    async (request) => app.ingest.ingest(request.params.accessToken, request.body),
  );
};
