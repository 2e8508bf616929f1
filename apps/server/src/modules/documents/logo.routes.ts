import { ERROR_RESPONSES, FileResponse } from '@enviro/contracts/common';
import { LogoInfo, LogoOwnerParams, LogoState, LogoUpload } from '@enviro/contracts/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DocumentsModule } from './documents.module.ts';
import { FLEET_WRITE, TENANT_READ } from '../../platform/access/route-access.ts';
import { attachment } from '../../platform/http/attachment.ts';

/** A base64 logo of 512 KiB is about 700 kB of JSON. */
const LOGO_BODY_LIMIT = 1024 * 1024;

/** Logos of tenants and entities (SPEC 7 Documents: add-logo/entity/{id}, entity logo). */
export const logoRoutes: FastifyPluginAsyncZod<DocumentsModule> = async (app, { logos }) => {
  const tags = ['documents'];

  app.post(
    '/api/add-logo/:tenantOrEntity/:id',
    {
      bodyLimit: LOGO_BODY_LIMIT,
      config: { access: FLEET_WRITE },
      schema: { tags, summary: "Upload a tenant's or entity's logo (PNG or JPEG, at most 512 KiB); a tenant's heads its PDF reports", params: LogoOwnerParams, body: LogoUpload, response: { 200: LogoInfo, ...ERROR_RESPONSES } },
    },
    async (request) => logos.upload(request.auth, request.params.tenantOrEntity, request.params.id, request.body),
  );

  app.get(
    '/api/logo/:tenantOrEntity/:id',
    { config: { access: TENANT_READ }, schema: { tags, summary: "A tenant's or entity's logo image", params: LogoOwnerParams, response: { 200: FileResponse, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const logo = await logos.get(request.auth, request.params.tenantOrEntity, request.params.id);
      return attachment(reply, logo.fileName, logo.contentType).send(logo.content);
    },
  );

  app.get(
    '/api/logo/:tenantOrEntity/:id/info',
    { config: { access: TENANT_READ }, schema: { tags, summary: "Whether a tenant or entity has a logo, and its type and size", params: LogoOwnerParams, response: { 200: LogoState, ...ERROR_RESPONSES } } },
    async (request) => logos.info(request.auth, request.params.tenantOrEntity, request.params.id),
  );
};
