import type { Db } from '../database/database.ts';
import { AuditTrailRepository, type AuditEntry } from './audit-trail.repository.ts';

export type { AuditEntry } from './audit-trail.repository.ts';

// Every module records its changes here, inside the transaction that makes the change (so no
// change goes unrecorded), which is why these take it rather than a service instance.

/** Records one change in `trx`, the transaction of the change itself. */
export function recordAudit(trx: Db, entry: AuditEntry): Promise<void> {
  return new AuditTrailRepository(trx).record(entry);
}

/** Records several changes made in `trx` in one statement. */
export function recordAudits(trx: Db, entries: readonly AuditEntry[]): Promise<void> {
  return new AuditTrailRepository(trx).recordMany(entries);
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
