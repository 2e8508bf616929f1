/**
 * Audit log: every change to a tenant's settings and users, with who made it and the row before and after.
 * SPEC 1 (admin features), 7 (Tenants: audit logs).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { adminAuditLogRoutes } from './audit-log.routes.ts';
import { AuditLogService } from './audit-log.service.ts';

export interface AuditLogModule {
  auditLogs: AuditLogService;
}

declare module 'fastify' {
  interface FastifyInstance {
    auditLog: AuditLogModule;
  }
}

export const auditLogModule = areaModule({
  name: 'audit-log',
  decorate: 'auditLog',
  dependencies: ['database', 'auth'],
  build(app) {
    const services: AuditLogModule = { auditLogs: new AuditLogService(app.database.db) };
    return services;
  },
  routes: [adminAuditLogRoutes],
});
