import { ApiError, ERROR_RESPONSES } from '@enviro/contracts/common';
import { DeviceIdParams, ImportResult, MAX_IMPORT_BYTES } from '@enviro/contracts/devices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { FLEET_WRITE } from '../../platform/access/route-access.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import { badRequest } from '../../platform/errors.ts';
import type { DeviceAdminService } from '../devices/device-admin.service.ts';
import { findImportDevice, importReadingsCsv } from './csv-import.service.ts';

const WRITE_RESPONSES = { ...ERROR_RESPONSES, 409: ApiError };

/** SPEC 7 "data import uploads": a device's history from a CSV file, as the CLI's import-csv reads it. */
export const csvImportRoutes: FastifyPluginAsyncZod<{ fleet: DeviceAdminService }> = async (app, { fleet }) => {
  // A CSV upload is read as a stream and imported as it arrives, never held whole.
  app.addContentTypeParser('text/csv', { bodyLimit: MAX_IMPORT_BYTES }, (_request, payload, done) => done(null, payload));

  app.post(
    '/api/devices/:id/import',
    {
      config: { access: FLEET_WRITE },
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        tags: ['devices'],
        summary: "Import a CSV history (Content-Type text/csv; header ts,<param>,...; ts ISO 8601 with offset or epoch ms): the CLI import's rules, a per-row refusal report; audited",
        params: DeviceIdParams,
        response: { 200: ImportResult, ...WRITE_RESPONSES, 413: ApiError, 415: ApiError },
      },
    },
    async (request) => {
      if (!(request.body instanceof Readable)) throw badRequest('body', 'send the CSV file with Content-Type: text/csv');
      const { tenantId, user } = await fleet.importTarget(request.auth, request.params.id);
      const profile = await findImportDevice(app.database.db, { deviceId: request.params.id });
      const result = await importReadingsCsv(app.database, profile, request.body);
      await recordAudit(app.database.db, {
        tenantId,
        actor: `user:${user.userId}`,
        actorUserId: user.userId,
        action: 'device.import',
        entity: `device:${request.params.id}`,
        before: null,
        after: { accepted: result.accepted, changed: result.changed, refused: result.refusedCount },
      });
      return result;
    },
  );

};
