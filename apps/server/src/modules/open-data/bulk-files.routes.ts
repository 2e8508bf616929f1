import { ApiError, FileResponse } from '@enviro/contracts/common';
import { OPEN_DATA_LICENCE, OpenFileChangeList, OpenFileChangeQuery, OpenFileList, OpenFileListQuery, OpenFileParams } from '@enviro/contracts/open-data';
import { DEFAULT_TIME_ZONE, isoInZone, startOfDay } from '@enviro/domain/time-zone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment } from '../../platform/http/attachment.ts';
import { notFound } from '../../platform/errors.ts';
import type { OpenDataModule } from './open-data.module.ts';
import { openEnvelope, openRequestHooks } from './open-request.ts';

const TAGS = ['open data'];
const ERRORS = { 400: ApiError, 401: ApiError, 404: ApiError, 429: ApiError };
const at = (d: Date) => isoInZone(d.getTime(), DEFAULT_TIME_ZONE);
/** Most change-log lines one answer holds; a longer log is read again from the last one's day. */
const CHANGES_MAX = 1000;

/** The bulk files of the open data API: one CSV.gz per published station and IST month, and their change log. */
export const bulkFileRoutes: FastifyPluginAsyncZod<OpenDataModule> = async (app, { files, keys }) => {
  openRequestHooks(app, keys);

  app.get(
    '/api/open/v1/files',
    {
      config: { access: 'none' },
      schema: { tags: TAGS, summary: 'The monthly CSV.gz files of the published stations, by board, station and year', querystring: OpenFileListQuery, response: { 200: OpenFileList, ...ERRORS } },
    },
    async (request) => {
      const q = request.query;
      const rows = await files.list({ boardId: q.board, stationId: q.station, year: q.year });
      const items = rows.map((r) => ({
        stationId: Number(r.station_id),
        boardId: r.board_id,
        month: r.month,
        rows: r.rows,
        bytes: r.bytes,
        sha256: r.sha256,
        generatedAt: at(r.generated_at),
        url: `/api/open/v1/files/${r.station_id}/${r.month}`,
      }));
      return openEnvelope(items, []);
    },
  );

  app.get(
    '/api/open/v1/files/changes',
    {
      config: { access: 'none' },
      schema: { tags: TAGS, summary: 'The change log of the files: made first, or made again after late data or a correction', querystring: OpenFileChangeQuery, response: { 200: OpenFileChangeList, ...ERRORS } },
    },
    async (request) => {
      const rows = await files.changes(new Date(startOfDay(request.query.since, DEFAULT_TIME_ZONE)), CHANGES_MAX + 1);
      const items = rows.slice(0, CHANGES_MAX).map((c) => ({ stationId: Number(c.station_id), boardId: c.board_id, month: c.month, reason: c.reason as 'NEW' | 'CHANGED', rows: c.rows, sha256: c.sha256, at: at(c.changed_at) }));
      const next = rows.length > CHANGES_MAX ? `/api/open/v1/files/changes?since=${at(rows[CHANGES_MAX]!.changed_at).slice(0, 10)}` : null;
      return openEnvelope(items, [], next);
    },
  );

  app.get(
    '/api/open/v1/files/:stationId/:month',
    {
      config: { access: 'none' },
      schema: { tags: TAGS, summary: "A station's month as CSV.gz, its licence and attribution in its first lines", params: OpenFileParams, response: { 200: FileResponse, ...ERRORS } },
    },
    async (request, reply) => {
      const { stationId, month } = request.params;
      const file = await files.content(stationId, month);
      if (!file) throw notFound(`No published file of station ${stationId} for ${month} exists`);
      reply.header('x-licence', `${OPEN_DATA_LICENCE.name}, ${OPEN_DATA_LICENCE.url}`);
      return attachment(reply, `enviro-open-data-${file.board_id}-${stationId}-${month}.csv.gz`, 'application/gzip').send(file.content);
    },
  );
};
