import type { AuditLogPage, AuditLogQuery } from '@enviro/contracts/admin';
import { assertSignedIn, scopeTenantIds } from '../access/access.ts';
import type { Auth } from '../access/auth.ts';
import type { Db } from '../db/database.ts';
import { forbidden } from '../errors.ts';
import { listAudit } from '../repositories/audit-log.repository.ts';

/** Roles that may read the audit log of the tenants they may read. */
const AUDIT_READER_ROLES: readonly string[] = ['admin', 'site'];

/** The audit log, read by administrators within the tenants they may read. */
export class AuditLogService {
  constructor(private readonly db: Db) {}

  async list(auth: Auth, query: AuditLogQuery): Promise<AuditLogPage> {
    const user = assertSignedIn(auth);
    if (!AUDIT_READER_ROLES.includes(user.role)) throw forbidden('only administrators read the audit log');
    const tenantIds = scopeTenantIds(user, query.tenantId === undefined ? undefined : [query.tenantId]);
    const { rows, total } = await listAudit(this.db, {
      tenantIds,
      entity: query.entity,
      offset: query.page * query.size,
      limit: query.size,
    });
    return {
      items: rows.map((r) => ({
        id: Number(r.id),
        tenantId: r.tenant_id,
        actor: r.actor,
        actorUserId: r.actor_user_id === null ? null : Number(r.actor_user_id),
        at: r.at.toISOString(),
        action: r.action,
        entity: r.entity,
        before: r.before,
        after: r.after,
      })),
      total,
      page: query.page,
      size: query.size,
    };
  }
}
