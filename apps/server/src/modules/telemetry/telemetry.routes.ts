import { ApiError } from '@enviro/contracts/common';
import { isPlainTelemetryPayload, MAX_TELEMETRY_BYTES, TelemetryParams, TelemetryPayload, TelemetryResult } from '@enviro/contracts/telemetry';
import type { FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TelemetryModule } from './telemetry.module.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { DeviceProfile } from './device-profile.repository.ts';

/** ThingsBoard's device HTTP API: the access token in the path is the device's only credential. */
export const telemetryRoutes: FastifyPluginAsyncZod<TelemetryModule> = async (app, { ingest }) => {
  const devices = new WeakMap<FastifyRequest, DeviceProfile>();

  app.post(
    '/api/v1/:accessToken/telemetry',
    {
      // Each value is checked on its own without walking into it, so a nested one is refused alone, as over MQTT.
      config: { access: 'device', jsonDepth: Infinity },
      validatorCompiler: payloadValidator,
      bodyLimit: MAX_TELEMETRY_BYTES,
      // An unknown token is refused before its body is read: parsing megabytes is the costly part.
      onRequest: async (request) => {
        const device = await ingest.device((request.params as TelemetryParams).accessToken);
        if (!device) throw unauthorized('unknown access token');
        devices.set(request, device);
      },
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
    async (request) => ingest.store(devices.get(request)!, request.body),
  );
};

/** The body checked by the contract's plain test first (no copy of every entry), then by zod, which names the field. */
function payloadValidator(route: FastifyRouteSchemaDef<unknown>): FastifyValidationResult {
  const zod = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'body') return zod;
  return (data: unknown) => (isPlainTelemetryPayload(data) ? { value: data } : zod(data));
}
