import { FileResponse } from '@enviro/contracts/common';
import { DocumentRequest } from '@enviro/contracts/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DocumentsModule } from './documents.module.ts';
import { attachment } from '../../platform/http/attachment.ts';
import { PORTAL_READ } from '../../platform/access/route-access.ts';

export const publicDocumentRoutes: FastifyPluginAsyncZod<DocumentsModule> = async (app, { documents }) => {
  app.post(
    '/api/documentById',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['public'],
        summary: "A document's file by its path, e.g. a station's CTO",
        body: DocumentRequest,
        response: { 200: FileResponse },
      },
    },
    async (request, reply) => {
      const doc = await documents.byPath(request.auth, request.body);
      return attachment(reply, doc.fileName, doc.contentType).send(doc.content);
    },
  );
};
