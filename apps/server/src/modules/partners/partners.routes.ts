import { PartnerParams, PartnerTenantParams, PartnerTenants } from '@enviro/contracts/partners';
import { ERROR_RESPONSES } from '@enviro/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PartnersModule } from './partners.module.ts';

const TAGS = ['partners'];

/** Partners' links to the industries they serve: site administrators manage them; a partner reads its own. */
export const adminPartnerRoutes: FastifyPluginAsyncZod<PartnersModule> = async (app, { partners }) => {
  app.get(
    '/api/partners/:id/tenants',
    {
      config: { access: ['siteAdmin', 'partner'] },
      schema: {
        tags: TAGS,
        summary: "The industries linked to a partner (site administrators; a partner's users for their own partner)",
        params: PartnerParams,
        response: { 200: PartnerTenants, ...ERROR_RESPONSES },
      },
    },
    async (request) => partners.tenants(request.auth, request.params.id),
  );

  app.put(
    '/api/partners/:id/tenants/:tenantId',
    {
      config: { access: 'siteAdmin' },
      schema: {
        tags: TAGS,
        summary: "Link an industry to a partner, whose users then read it and may act for it (TENANT-ID); idempotent, audited",
        params: PartnerTenantParams,
        response: { 200: PartnerTenants, ...ERROR_RESPONSES },
      },
    },
    async (request) => partners.link(request.auth, request.params.id, request.params.tenantId),
  );

  app.delete(
    '/api/partners/:id/tenants/:tenantId',
    {
      config: { access: 'siteAdmin' },
      schema: {
        tags: TAGS,
        summary: 'Unlink an industry from a partner; idempotent, audited',
        params: PartnerTenantParams,
        response: { 200: PartnerTenants, ...ERROR_RESPONSES },
      },
    },
    async (request) => partners.unlink(request.auth, request.params.id, request.params.tenantId),
  );
};
