import { AdminTenantParams, LicenseCountInput, LicenseCounts, StatutoryAssociation, StatutoryAssociationInput } from '@enviro/contracts/tenants';
import { ERROR_RESPONSES } from '@enviro/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TenantsModule } from './tenants.module.ts';

const TAGS = ['tenants'];

export const adminTenantSetupRoutes: FastifyPluginAsyncZod<TenantsModule> = async (app, { setup }) => {
  app.get(
    '/api/statutory/:tenantId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: 'The statutory bodies an industry reports to',
        params: AdminTenantParams,
        response: { 200: StatutoryAssociation, ...ERROR_RESPONSES },
      },
    },
    async (request) => setup.statutoryOf(request.auth, request.params.tenantId),
  );

  app.post(
    '/api/statutory/:tenantId',
    {
      config: { access: 'siteAdmin' },
      schema: {
        tags: TAGS,
        summary: 'Replace the statutory bodies an industry reports to (site administrators)',
        params: AdminTenantParams,
        body: StatutoryAssociationInput,
        response: { 200: StatutoryAssociation, ...ERROR_RESPONSES },
      },
    },
    async (request) => setup.setStatutory(request.auth, request.params.tenantId, request.body),
  );

  app.get(
    '/api/licenseCount/:tenantId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: 'Licensed and used stations of a tenant by station type',
        params: AdminTenantParams,
        response: { 200: LicenseCounts, ...ERROR_RESPONSES },
      },
    },
    async (request) => setup.licenseCounts(request.auth, request.params.tenantId),
  );

  app.post(
    '/api/licenseCount/:tenantId',
    {
      config: { access: 'siteAdmin' },
      schema: {
        tags: TAGS,
        summary: 'Set licensed station counts by type (site administrators)',
        params: AdminTenantParams,
        body: LicenseCountInput,
        response: { 200: LicenseCounts, ...ERROR_RESPONSES },
      },
    },
    async (request) => setup.setLicenseCounts(request.auth, request.params.tenantId, request.body),
  );
};
