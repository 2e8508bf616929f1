import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { ERROR_RESPONSES, FileResponse } from '@enviro/contracts/common';
import {
  AddDocumentFields,
  DOCUMENT_MAX_BYTES,
  DocumentDeleted,
  DocumentDetail,
  DocumentFileQuery,
  DocumentIdParams,
  DocumentInfo,
  DocumentListQuery,
  DocumentPage,
  StationDocumentFields,
  StationDocumentParams,
} from '@enviro/contracts/documents';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DocumentsModule } from './documents.module.ts';
import type { IncomingFile } from './document-files.service.ts';
import { FLEET_WRITE, TENANT_READ } from '../../platform/access/route-access.ts';
import { HttpError, badRequest } from '../../platform/errors.ts';
import { attachment } from '../../platform/http/attachment.ts';
import { tooLarge } from './upload-stream.ts';

const FORM = 'multipart/form-data: the fields first, then one file part named `file` (PDF, PNG, JPEG, GIF, WebP, .docx, .xlsx or .pptx, told by its bytes; at most 25 MiB)';

/**
 * Uploaded documents (SPEC 7 Documents: add-document, uploadDocuments/{stationId}, document-file/{id},
 * document/{id}). Uploads are multipart forms read as a stream: the form's fields come first, the
 * file last, and the file goes to the database piece by piece while it arrives. Only this plugin's
 * routes take such streams.
 */
export const documentFileRoutes: FastifyPluginAsyncZod<DocumentsModule> = async (app, { files }) => {
  const tags = ['documents'];
  await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 } });

  // A request announcing a body far beyond the limit is answered from its headers, before any of it is read.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST' && Number(request.headers['content-length'] ?? 0) > DOCUMENT_MAX_BYTES + 1024 * 1024) throw tooLarge('body.file', DOCUMENT_MAX_BYTES);
  });

  app.post(
    '/api/add-document',
    {
      config: { access: FLEET_WRITE },
      schema: { tags, summary: "Upload a document of a tenant, one of its stations or devices", description: `${FORM}; fields tenantId, entityId, deviceId, type, title`, consumes: ['multipart/form-data'], response: { 200: DocumentInfo, ...ERROR_RESPONSES, 413: ERROR_RESPONSES[400] } },
    },
    async (request) => {
      const { fields, file } = await readForm(request, AddDocumentFields);
      return files.add(request.auth, fields, file);
    },
  );

  app.post(
    '/api/uploadDocuments/:stationId',
    {
      config: { access: FLEET_WRITE },
      schema: { tags, summary: 'Upload a document of a station', description: `${FORM}; fields type, title`, params: StationDocumentParams, consumes: ['multipart/form-data'], response: { 200: DocumentInfo, ...ERROR_RESPONSES, 413: ERROR_RESPONSES[400] } },
    },
    async (request) => {
      const { fields, file } = await readForm(request, StationDocumentFields);
      return files.addToStation(request.auth, request.params.stationId, fields, file);
    },
  );

  app.post(
    '/api/document-file/:id',
    {
      config: { access: FLEET_WRITE },
      schema: { tags, summary: "Replace a document's file: a new version, the older ones kept", description: FORM, params: DocumentIdParams, consumes: ['multipart/form-data'], response: { 200: DocumentInfo, ...ERROR_RESPONSES, 413: ERROR_RESPONSES[400] } },
    },
    async (request) => {
      const { file } = await readForm(request, null);
      return files.replace(request.auth, request.params.id, file);
    },
  );

  app.delete(
    '/api/document/:id',
    { config: { access: FLEET_WRITE }, schema: { tags, summary: 'Delete a document with every version', params: DocumentIdParams, response: { 200: DocumentDeleted, ...ERROR_RESPONSES } } },
    async (request) => files.delete(request.auth, request.params.id),
  );

  app.get(
    '/api/document/:id',
    { config: { access: TENANT_READ }, schema: { tags, summary: "A document's file (its current version, or `version`), streamed", params: DocumentIdParams, querystring: DocumentFileQuery, response: { 200: FileResponse, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const file = await files.file(request.auth, request.params.id, request.query.version);
      return attachment(reply, file.fileName, file.contentType).header('Content-Length', file.bytes).send(file.stream);
    },
  );

  app.get(
    '/api/document/:id/info',
    { config: { access: TENANT_READ }, schema: { tags, summary: 'A document and all its versions, newest first', params: DocumentIdParams, response: { 200: DocumentDetail, ...ERROR_RESPONSES } } },
    async (request) => files.detail(request.auth, request.params.id),
  );

  app.get(
    '/api/documents',
    { config: { access: TENANT_READ }, schema: { tags, summary: "A tenant's documents, newest first, and its quota use", querystring: DocumentListQuery, response: { 200: DocumentPage, ...ERROR_RESPONSES } } },
    async (request) => files.list(request.auth, request.query),
  );
};

/**
 * The form's fields, checked against `schema` (400 naming `body.<field>`), and its file part, not yet
 * read: the service streams it.
 */
async function readForm<S extends z.ZodType | null>(request: FastifyRequest, schema: S): Promise<{ fields: S extends z.ZodType ? z.infer<S> : null; file: IncomingFile }> {
  if (!request.isMultipart()) throw badRequest('body', `send the file as ${FORM}`);
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    throw formError(error);
  }
  if (!part || part.fieldname !== 'file') throw badRequest('body.file', 'the form needs a file part named file, after its fields');
  const values = Object.fromEntries(
    Object.values(part.fields)
      .flat()
      .filter((f): f is MultipartValue => f !== undefined && f.type === 'field')
      .map((f) => [f.fieldname, f.value]),
  );
  let fields: unknown = null;
  if (schema) {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(['body', ...issue.path.map(String)].join('.'), issue.message);
    }
    fields = parsed.data;
  }
  const stream = part.file;
  const length = request.headers['content-length'];
  return {
    fields: fields as S extends z.ZodType ? z.infer<S> : null,
    file: { stream, fileName: part.filename, isTruncated: () => stream.truncated, declaredBytes: length === undefined ? null : Number(length), maxBytes: DOCUMENT_MAX_BYTES },
  };
}

/** The multipart reader's refusals (too many parts or fields, a field too long) as 4xx naming the body. */
function formError(error: unknown): HttpError {
  const status = (error as { statusCode?: number }).statusCode;
  const message = error instanceof Error ? error.message : String(error);
  return new HttpError(status && status >= 400 && status < 500 ? status : 400, `body: ${message}`, 'body');
}
