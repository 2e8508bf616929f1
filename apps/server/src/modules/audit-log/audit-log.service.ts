import type { AuditLogPage, AuditLogQuery } from '@enviro/contracts/audit-log';
import { assertSignedIn, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { toPage } from '../../platform/http/paging.ts';
import { AuditLogRepository, type AuditEntry } from './audit-log.repository.ts';

export type { AuditEntry } from './audit-log.repository.ts';

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

// How other modules record their changes: inside the transaction that makes the change (so no
// change goes unrecorded), which is why these take it rather than a service instance.

/** Records one change in `trx`, the transaction of the change itself. */
export function recordAudit(trx: Db, entry: AuditEntry): Promise<void> {
  return new AuditLogRepository(trx).record(entry);
}

/** Who made a change, as the audit log records it: 'user:<id>' with the user, or 'system', 'cli'. */
export interface AuditActor {
  name: string;
  userId: number | null;
}

/** A signed-in user as the actor of a change. */
export function userActor(user: { userId: number }): AuditActor {
  return { name: `user:${user.userId}`, userId: user.userId };
}

/** Records a change to a user's account (the row 'app_user:<id>') in the log of `tenantId`. */
export function recordUserAudit(
  trx: Db,
  actor: AuditActor,
  tenantId: number,
  userId: number,
  action: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  return recordAudit(trx, { tenantId, actor: actor.name, actorUserId: actor.userId, action, entity: `app_user:${userId}`, before, after });
}

/** Records a change a signed-in user made to a tenant's settings (the tenant itself, its links, licences). */
export function recordTenantAudit(trx: Db, user: { userId: number }, tenantId: number, action: string, before: unknown, after: unknown): Promise<void> {
  return recordAudit(trx, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action, entity: `tenant:${tenantId}`, before, after });
}
