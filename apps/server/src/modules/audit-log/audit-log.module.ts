/**
 * Audit log: every change to a tenant's settings and users, with who made it and the row before and after.
 * SPEC 1 (admin features), 7 (Tenants: audit logs).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

export const auditLogModule = fp(
  async function auditLog(app: FastifyInstance) {
    const services: AuditLogModule = { auditLogs: new AuditLogService(app.database.db) };
    app.decorate('auditLog', services);
    await app.register(adminAuditLogRoutes, services);
  },
  { name: 'audit-log', dependencies: ['database', 'auth'] },
);
