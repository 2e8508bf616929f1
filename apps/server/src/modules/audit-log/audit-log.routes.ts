import { AuditLogPage, AuditLogQuery } from '@enviro/contracts/audit-log';
import { ERROR_RESPONSES } from '@enviro/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditLogModule } from './audit-log.module.ts';

export const adminAuditLogRoutes: FastifyPluginAsyncZod<AuditLogModule> = async (app, { auditLogs }) => {
  app.get(
    '/api/auditLogs',
    {
      config: { access: ['siteAdmin', 'tenantAdmin'] },
      schema: {
        tags: ['audit'],
        summary: 'Recorded changes of the tenants the caller may read, newest first (site and tenant administrators)',
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage, ...ERROR_RESPONSES },
      },
    },
    async (request) => auditLogs.list(request.auth, request.query),
  );
};
