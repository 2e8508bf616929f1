import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { AbortCalibration, AbortCalibrationQuery, Calibration, CalibrationDeviations, CalibrationDueList, CalibrationDurations, CalibrationFiguresQuery, CalibrationIdParams, CalibrationListQuery, CalibrationPage, CalibrationSchedules, CalibrationSchedulesQuery, CalibrationScopeQuery, CalibrationStats, CalibrationTimes, DeviceIdParams, FinishCalibration, InProgressCalibration, OngoingCalibration, PutCalibrationSchedules, StartCalibration } from '@enviro/contracts/devices/calibration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DevicesModule } from './devices.module.ts';
import { FLEET_WRITE, TENANT_READ } from '../../platform/access/route-access.ts';
import { HttpError } from '../../platform/errors.ts';
import { parseMultipart } from '../../platform/http/multipart.ts';

/** A start with its certificate: 5 MiB of file, in base64 inside JSON or as a form part, and the rest of the form. */
const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * Calibration routes (SPEC 7 "Devices and calibration", Tenants `/calibrationStats`,
 * `/calibrationData`, Other `/actionable-task/device-maintenance`), with SPEC 7's spelling of the
 * figures' paths. Writes declare FLEET_WRITE like the device routes; the service lets only the
 * industry's administrators, its partners and site operations change anything (ACCESS.md).
 */
export const calibrationRoutes: FastifyPluginAsyncZod<DevicesModule> = async (app, { calibration: calibrations }) => {

  // A multipart start: the field `calibration` holds the JSON of StartCalibration, the part `file`
  // the certificate or report; both become the JSON body the contract checks. Only this plugin's
  // routes take multipart.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (request, body, done) => {
    try {
      const parts = parseMultipart(body as Buffer, request.headers['content-type'] ?? '');
      const field = parts.find((p) => p.name === 'calibration' && p.fileName === null);
      if (!field) throw new HttpError(400, 'body.calibration: the form needs a calibration field holding the JSON', 'body.calibration');
      let json: unknown;
      try {
        json = JSON.parse(field.content.toString('utf8'));
      } catch {
        throw new HttpError(400, 'body.calibration: not JSON', 'body.calibration');
      }
      if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new HttpError(400, 'body.calibration: not a JSON object', 'body.calibration');
      const file = parts.find((p) => p.name === 'file' && p.fileName !== null);
      done(null, file ? { ...json, file: { fileName: file.fileName, contentType: file.contentType ?? 'application/octet-stream', content: file.content.toString('base64') } } : json);
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.post(
    '/api/startCalibration',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: { access: FLEET_WRITE },
      schema: {
        tags: ['calibration'],
        summary: 'Starts a calibration of a device, with its certificate or report (JSON, or multipart: field calibration and file part file)',
        body: StartCalibration,
        response: { 200: Calibration, ...ERROR_RESPONSES, 409: ERROR_RESPONSES[400] },
      },
    },
    async (request) => calibrations.start(request.auth, request.body),
  );

  app.get(
    '/api/calibrate/:id',
    {
      config: { access: TENANT_READ },
      schema: { tags: ['calibration'], summary: 'One calibration with its points, deviations and verdicts', params: CalibrationIdParams, response: { 200: Calibration, ...ERROR_RESPONSES } },
    },
    async (request) => calibrations.get(request.auth, request.params.id),
  );

  app.post(
    '/api/calibrate/:id',
    {
      config: { access: FLEET_WRITE },
      schema: {
        tags: ['calibration'],
        summary: 'Finishes a calibration in progress with the measured values; its readings stop being calibration data',
        params: CalibrationIdParams,
        body: FinishCalibration,
        response: { 200: Calibration, ...ERROR_RESPONSES, 409: ERROR_RESPONSES[400] },
      },
    },
    async (request) => calibrations.finish(request.auth, request.params.id, request.body),
  );

  app.post(
    '/api/abortCalibration/:id',
    {
      config: { access: FLEET_WRITE },
      schema: {
        tags: ['calibration'],
        summary: 'Aborts a calibration in progress; a device taking commands gets abortCalibration over RPC',
        params: CalibrationIdParams,
        body: AbortCalibration.optional(),
        response: { 200: Calibration, ...ERROR_RESPONSES, 409: ERROR_RESPONSES[400] },
      },
    },
    async (request) => calibrations.abort(request.auth, request.params.id, request.body?.reason),
  );

  // SPEC 7's clients abort by GET. It changes data, so a browser must show it comes from our own
  // pages (changesState), and no HEAD route runs it a second way.
  app.get(
    '/api/abortCalibration/:id',
    {
      exposeHeadRoute: false,
      config: { access: FLEET_WRITE, changesState: true },
      schema: {
        tags: ['calibration'],
        summary:
          "Aborts a calibration in progress, as POST does, for SPEC 7's clients that call GET; from a signed-in browser only with the x-requested-with header or from this site's own pages (another site's link is 403)",
        params: CalibrationIdParams,
        querystring: AbortCalibrationQuery,
        response: { 200: Calibration, ...ERROR_RESPONSES, 409: ERROR_RESPONSES[400] },
      },
    },
    async (request) => calibrations.abort(request.auth, request.params.id, request.query.reason),
  );

  app.get(
    '/api/calibrateList',
    {
      config: { access: TENANT_READ },
      schema: { tags: ['calibration'], summary: 'Calibrations, newest first, by device, station or status', querystring: CalibrationListQuery, response: { 200: CalibrationPage, ...ERROR_RESPONSES } },
    },
    async (request) => calibrations.list(request.auth, request.query),
  );

  app.get(
    '/api/inProgressCalibrate/:id',
    {
      config: { access: TENANT_READ },
      schema: { tags: ['calibration'], summary: "A device's calibration in progress and its newest values", params: DeviceIdParams, response: { 200: InProgressCalibration, ...ERROR_RESPONSES } },
    },
    async (request) => calibrations.inProgress(request.auth, request.params.id),
  );

  app.get(
    '/api/checkOnGoingCalibration/:id',
    {
      config: { access: TENANT_READ },
      schema: { tags: ['calibration'], summary: 'Whether a device is being calibrated now', params: DeviceIdParams, response: { 200: OngoingCalibration, ...ERROR_RESPONSES } },
    },
    async (request) => calibrations.ongoing(request.auth, request.params.id),
  );

  app.get(
    '/api/CalibartionsTime/:id',
    {
      config: { access: TENANT_READ },
      schema: { tags: ['calibration'], summary: "When a device's completed calibrations ran", params: DeviceIdParams, querystring: CalibrationFiguresQuery, response: { 200: CalibrationTimes, ...ERROR_RESPONSES } },
    },
    async (request) => calibrations.times(request.auth, request.params.id, request.query),
  );

  for (const [path, type] of [['/api/ZeroCalibartionDuration/:id', 'ZERO'], ['/api/SpanCalibartionDuration/:id', 'SPAN']] as const) {
    app.get(
      path,
      {
        config: { access: TENANT_READ },
        schema: { tags: ['calibration'], summary: `Durations of a device's completed ${type.toLowerCase()} calibrations`, params: DeviceIdParams, querystring: CalibrationFiguresQuery, response: { 200: CalibrationDurations, ...ERROR_RESPONSES } },
      },
      async (request) => calibrations.durations(request.auth, request.params.id, type, request.query),
    );
  }

  for (const [path, type] of [['/api/PercentageOfDeviationOfZeroCalibartion/:id', 'ZERO'], ['/api/PercentageOfDeviationOfSpanCalibartion/:id', 'SPAN']] as const) {
    app.get(
      path,
      {
        config: { access: TENANT_READ },
        schema: { tags: ['calibration'], summary: `Deviation in percent of a device's ${type.toLowerCase()} points per parameter over time`, params: DeviceIdParams, querystring: CalibrationFiguresQuery, response: { 200: CalibrationDeviations, ...ERROR_RESPONSES } },
      },
      async (request) => calibrations.deviations(request.auth, request.params.id, type, request.query),
    );
  }

  app.get(
    '/api/calibrationStats',
    {
      config: { access: TENANT_READ },
      schema: { tags: ['calibration'], summary: "Calibration figures of the caller's tenants (a board: its industries)", querystring: CalibrationScopeQuery.pick({ tenantId: true }), response: { 200: CalibrationStats, ...ERROR_RESPONSES } },
    },
    async (request) => calibrations.stats(request.auth, request.query),
  );

  app.get(
    '/api/calibrationData',
    {
      config: { access: TENANT_READ },
      schema: { tags: ['calibration'], summary: 'Every scheduled check of every device in scope, with its last date, due date and state', querystring: CalibrationScopeQuery, response: { 200: CalibrationDueList, ...ERROR_RESPONSES } },
    },
    async (request) => calibrations.due(request.auth, request.query),
  );

  app.get(
    '/api/actionable-task/device-maintenance',
    {
      config: { access: TENANT_READ },
      schema: { tags: ['calibration'], summary: 'Calibrations due within two days, overdue or never done, most urgent first', querystring: CalibrationScopeQuery, response: { 200: CalibrationDueList, ...ERROR_RESPONSES } },
    },
    async (request) => calibrations.maintenanceTasks(request.auth, request.query),
  );

  app.get(
    '/api/calibrationSchedules',
    {
      config: { access: TENANT_READ },
      schema: { tags: ['calibration'], summary: "The calibration rules in force for a tenant's parameters: its own, else the protocol's", querystring: CalibrationSchedulesQuery, response: { 200: CalibrationSchedules, ...ERROR_RESPONSES } },
    },
    async (request) => calibrations.schedules(request.auth, request.query.tenantId),
  );

  app.put(
    '/api/calibrationSchedules',
    {
      config: { access: FLEET_WRITE },
      schema: { tags: ['calibration'], summary: "Replaces a tenant's own calibration rules (audited)", body: PutCalibrationSchedules, response: { 200: CalibrationSchedules, ...ERROR_RESPONSES } },
    },
    async (request) => calibrations.putSchedules(request.auth, request.body),
  );
};
