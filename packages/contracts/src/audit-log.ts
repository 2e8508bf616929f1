import { z } from 'zod';
import { TenantId, pageOf } from './common.ts';

/** Query of GET /api/auditLogs. */
export const AuditLogQuery = z.object({
  /** Only this tenant's changes; omitted: every tenant the caller may read. */
  tenantId: TenantId.optional(),
  /** Only changes of this row, e.g. 'tenant:12'. */
  entity: z.string().regex(/^[a-z_]+:\d+$/, "must be '<table>:<id>'").optional(),
  /** Page number, from 0. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Rows per page. */
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/** One recorded change. */
export const AuditLogEntry = z.object({
  /** Entry id. */
  id: z.number().int().positive(),
  /** The tenant whose data changed. */
  tenantId: z.number().int().positive(),
  /** Its name. */
  tenantName: z.string(),
  /** Who: 'user:<id>', 'cli' or 'apiKey'. */
  actor: z.string(),
  /** The signed-in user who made the change, or null. */
  actorUserId: z.number().int().positive().nullable(),
  /** That user's name; null for a user of a tenant the caller does not read (platform staff, say), or no user. */
  actorName: z.string().nullable(),
  /** When, ISO 8601 in UTC. */
  at: z.string(),
  /** What was done, e.g. 'create', 'update', 'status', 'delete'. */
  action: z.string(),
  /** The changed row as '<table>:<id>'. */
  entity: z.string(),
  /** The changed user's, tenant's or corporate's name as it is now; null when the caller does not read it or it is gone. */
  entityName: z.string().nullable(),
  /** The row before the change; null for a creation. */
  before: z.unknown(),
  /** The row after the change; null for a removal. */
  after: z.unknown(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

/** Answer of GET /api/auditLogs: newest first. */
export const AuditLogPage = pageOf(AuditLogEntry);
export type AuditLogPage = z.infer<typeof AuditLogPage>;
