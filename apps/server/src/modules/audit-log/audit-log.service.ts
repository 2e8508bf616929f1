import type { AuditLogPage, AuditLogQuery } from '@enviro/contracts/audit-log';
import { assertSignedIn, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { listAudit } from './audit-log.repository.ts';

/** The audit log, read within the tenants the caller may read; the route admits administrators only. */
export class AuditLogService {
  constructor(private readonly db: Db) {}

  async list(auth: Auth, query: AuditLogQuery): Promise<AuditLogPage> {
    const user = assertSignedIn(auth);
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
