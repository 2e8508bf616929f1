import type { AuditLogParams } from './get-audit-logs';

const AUDIT_LOGS = ['audit-logs'] as const;

/** The audit log's query keys. */
export const auditLogKeys = {
  all: AUDIT_LOGS,
  list: (params: AuditLogParams) => [...AUDIT_LOGS, params] as const,
};
