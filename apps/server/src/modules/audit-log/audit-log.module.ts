/**
 * Audit log: every change to a tenant's settings and users, with who made it and the row before and after.
 * SPEC 1 (admin features), 7 (Tenants: audit logs).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminAuditLogRoutes } from './audit-log.routes.ts';

export const auditLogModule = fp(
  async function auditLog(app: FastifyInstance) {
    await app.register(adminAuditLogRoutes);
  },
  { name: 'audit-log', dependencies: ['database', 'auth'] },
);
