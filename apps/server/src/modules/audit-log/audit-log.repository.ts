import { sql, type Kysely } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { Database } from '../../platform/database/schema.ts';

/** One change: who made it, what it did to which row, and the row before and after. */
export interface AuditEntry {
  tenantId: number;
  /** 'user:<id>', 'cli' or 'apiKey'. */
  actor: string;
  actorUserId: number | null;
  action: string;
  /** '<table>:<id>'. */
  entity: string;
  before: unknown;
  after: unknown;
}

/** Written in the transaction of the change it records, so no change goes unrecorded. */
export async function recordAudit(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      tenant_id: entry.tenantId,
      actor: entry.actor,
      actor_user_id: entry.actorUserId,
      action: entry.action,
      entity: entry.entity,
      before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
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
  trx: Kysely<Database>,
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
export function recordTenantAudit(
  trx: Kysely<Database>,
  user: { userId: number },
  tenantId: number,
  action: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  return recordAudit(trx, {
    tenantId,
    actor: `user:${user.userId}`,
    actorUserId: user.userId,
    action,
    entity: `tenant:${tenantId}`,
    before,
    after,
  });
}

export interface AuditLogRow {
  tenant_id: number;
  id: string;
  actor: string;
  actor_user_id: string | null;
  at: Date;
  action: string;
  entity: string;
  before: unknown;
  after: unknown;
}

/** The changes of `tenantIds`, newest first, with how many match over all pages. */
export async function listAudit(
  db: Db,
  filter: { tenantIds: readonly number[]; entity?: string | undefined; offset: number; limit: number },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  if (filter.tenantIds.length === 0) return { rows: [], total: 0 };
  const base = db
    .selectFrom('audit_log')
    .where('tenant_id', 'in', filter.tenantIds)
    .$if(filter.entity !== undefined, (q) => q.where('entity', '=', filter.entity!));
  const [rows, count] = await Promise.all([
    base
      .select(['tenant_id', 'id', 'actor', 'actor_user_id', 'at', 'action', 'entity', 'before', 'after'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}
