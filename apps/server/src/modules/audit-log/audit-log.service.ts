import type { AuditLogPage, AuditLogQuery } from '@enviro/contracts/audit-log';
import { assertSignedIn, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { toPage } from '../../platform/http/paging.ts';
import { AuditLogRepository } from './audit-log.repository.ts';

/** The audit log, read within the tenants the caller may read; the route admits administrators only. */
export class AuditLogService {
  private readonly auditLog: AuditLogRepository;

  constructor(db: Db) {
    this.auditLog = new AuditLogRepository(db);
  }

  async list(auth: Auth, query: AuditLogQuery): Promise<AuditLogPage> {
    const user = assertSignedIn(auth);
    const tenantIds = scopeTenantIds(user, query.tenantId === undefined ? undefined : [query.tenantId]);
    const { rows, total } = await this.auditLog.list({
      tenantIds,
      readable: user.tenantIds,
      entity: query.entity,
      offset: query.page * query.size,
      limit: query.size,
    });
    return toPage(
      rows.map((r) => ({
        id: Number(r.id),
        tenantId: r.tenant_id,
        tenantName: r.tenant_name,
        actor: r.actor,
        actorUserId: r.actor_user_id === null ? null : Number(r.actor_user_id),
        actorName: r.actor_name,
        at: r.at.toISOString(),
        action: r.action,
        entity: r.entity,
        entityName: r.entity_name,
        before: r.before,
        after: r.after,
      })),
      total,
      query,
    );
  }
}
