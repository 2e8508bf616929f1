import {
  OPEN_DATA_LICENCE,
  OpenBoardList,
  OpenCalibrationList,
  OpenCalibrationQuery,
  OpenExceedanceList,
  OpenKeyConfirm,
  OpenKeyConfirmAnswer,
  OpenKeySignUp,
  OpenKeySignUpAnswer,
  OpenNaqiList,
  OpenNaqiQuery,
  OpenRangeQuery,
  OpenSeriesAnswer,
  OpenSeriesQuery,
  OpenStationAnswer,
  OpenStationList,
  OpenStationListQuery,
  OpenStationParams,
  OpenUptimeList,
} from '@enviro/contracts/open-data';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@enviro/contracts/common';
import type { OpenDataModule } from './open-data.module.ts';
import type { Window } from './open-data.service.ts';
import { openApiDocument } from './open-docs.routes.ts';
import { openEnvelope, openRequestHooks, sendKept } from './open-request.ts';

const TAGS = ['open data'];
const ERRORS = { 400: ApiError, 401: ApiError, 404: ApiError, 429: ApiError };

/** The URL of the next page: the same request with `changes` applied. */
function nextUrl(request: FastifyRequest, changes: Record<string, string | number>): string {
  const url = new URL(request.url, 'http://x');
  for (const [k, v] of Object.entries(changes)) url.searchParams.set(k, String(v));
  return `${url.pathname}${url.search}`;
}

const nextRange = (request: FastifyRequest, w: Window) => (w.nextFrom === null ? null : nextUrl(request, { from: w.nextFrom, to: w.askedTo }));

/**
 * The open data API (issue 37), open to everyone: no session, no portal header; a developer's key
 * in X-API-Key raises the limits. Browsers on any site may call it (CORS), since it only reads
 * published data and takes no cookie.
 */
export const openDataRoutes: FastifyPluginAsyncZod<OpenDataModule> = async (app, { open, keys }) => {
  openRequestHooks(app, keys);

  // CORS preflight: what a browser asks before sending X-API-Key or a JSON body from another site.
  app.options('/api/open/v1/*', { config: { access: 'none' }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    reply.header('access-control-allow-headers', 'X-API-Key, Content-Type');
    reply.header('access-control-max-age', '86400');
    return reply.code(204).send();
  });

  app.get(
    '/api/open/v1/openapi.json',
    { config: { access: 'none' }, schema: { tags: TAGS, summary: 'This API as an OpenAPI document: only the open data routes (browsable at /api/open/v1/docs)' } },
    async () => openApiDocument(app.swagger() as Record<string, unknown>),
  );

  app.get(
    '/api/open/v1/boards',
    { config: { access: 'none' }, schema: { tags: TAGS, summary: 'The statutory bodies that publish their industries\' data', response: { 200: OpenBoardList } } },
    async () => {
      const boards = await open.boards();
      return openEnvelope(boards, boards.map((b) => b.name));
    },
  );

  app.get(
    '/api/open/v1/stations',
    {
      config: { access: 'none' },
      schema: { tags: TAGS, summary: 'Published stations with their industry, board, type, location, parameters, units and limits; paged', querystring: OpenStationListQuery, response: { 200: OpenStationList, ...ERRORS } },
    },
    async (request) => {
      const { items, more } = await open.stations(request.query);
      return openEnvelope(items, items.map((s) => s.board.name), more ? nextUrl(request, { page: request.query.page + 1 }) : null);
    },
  );

  app.get(
    '/api/open/v1/stations/:stationId',
    { config: { access: 'none' }, schema: { tags: TAGS, summary: 'One published station', params: OpenStationParams, response: { 200: OpenStationAnswer, ...ERRORS } } },
    async (request) => {
      const station = await open.station(request.params.stationId);
      return openEnvelope(station, [station.board.name]);
    },
  );

  app.get(
    '/api/open/v1/stations/:stationId/series',
    {
      config: { access: 'none' },
      schema: {
        tags: TAGS,
        summary: 'A parameter at 15 minutes (7 days a page), hourly (31 days) or daily (366 days), with coverage and quality on every value',
        params: OpenStationParams,
        querystring: OpenSeriesQuery,
        response: { 200: OpenSeriesAnswer, ...ERRORS },
      },
    },
    async (request, reply) => {
      const answer = await open.series(request.params.stationId, request.query);
      return sendKept(reply, answer, request.url, OpenSeriesAnswer, () => openEnvelope(answer.series, [answer.boardName], nextRange(request, answer.window)));
    },
  );

  app.get(
    '/api/open/v1/stations/:stationId/exceedances',
    {
      config: { access: 'none' },
      schema: { tags: TAGS, summary: 'Exceedance episodes started in the IST days (366 a page)', params: OpenStationParams, querystring: OpenRangeQuery, response: { 200: OpenExceedanceList, ...ERRORS } },
    },
    async (request, reply) => {
      const answer = await open.exceedances(request.params.stationId, request.query);
      return sendKept(reply, answer, request.url, OpenExceedanceList, () => openEnvelope(answer.items, [answer.boardName], nextRange(request, answer.window)));
    },
  );

  app.get(
    '/api/open/v1/stations/:stationId/uptime',
    {
      config: { access: 'none' },
      schema: { tags: TAGS, summary: "The station's uptime per IST day (31 days a page)", params: OpenStationParams, querystring: OpenRangeQuery, response: { 200: OpenUptimeList, ...ERRORS } },
    },
    async (request, reply) => {
      const answer = await open.uptime(request.params.stationId, request.query);
      return sendKept(reply, answer, request.url, OpenUptimeList, () => openEnvelope(answer.items, [answer.boardName], nextRange(request, answer.window)));
    },
  );

  app.get(
    '/api/open/v1/stations/:stationId/naqi',
    {
      config: { access: 'none' },
      schema: {
        tags: TAGS,
        summary: 'National AQI of an ambient air (CAAQMS) station per IST day, with its prominent pollutant: the last 30 days, or the days from `from` to `to` (92 a page)',
        params: OpenStationParams,
        querystring: OpenNaqiQuery,
        response: { 200: OpenNaqiList, ...ERRORS },
      },
    },
    async (request, reply) => {
      const answer = await open.naqi(request.params.stationId, request.query);
      return sendKept(reply, answer, request.url, OpenNaqiList, () => openEnvelope(answer.items, [answer.boardName], answer.window === null ? null : nextRange(request, answer.window)));
    },
  );

  app.get(
    '/api/open/v1/stations/:stationId/calibrations',
    {
      config: { access: 'none' },
      schema: { tags: TAGS, summary: "The station's calibration records, newest first; paged", params: OpenStationParams, querystring: OpenCalibrationQuery, response: { 200: OpenCalibrationList, ...ERRORS } },
    },
    async (request) => {
      const { items, more, boardName } = await open.calibrations(request.params.stationId, request.query.page, request.query.pageSize);
      return openEnvelope(items, [boardName], more ? nextUrl(request, { page: request.query.page + 1 }) : null);
    },
  );

  app.post(
    '/api/open/v1/keys',
    { config: { access: 'none' }, schema: { tags: TAGS, summary: 'Ask for a key: a confirmation link is mailed to the address', body: OpenKeySignUp, response: { 202: OpenKeySignUpAnswer, ...ERRORS } } },
    async (request, reply) => reply.code(202).send(await keys.signUp(request.body)),
  );

  app.post(
    '/api/open/v1/keys/confirm',
    { config: { access: 'none' }, schema: { tags: TAGS, summary: "Confirm a sign-up with the mailed link's token: answers the key, this once", body: OpenKeyConfirm, response: { 200: OpenKeyConfirmAnswer, ...ERRORS } } },
    async (request) => keys.confirm(request.body.token),
  );
};
