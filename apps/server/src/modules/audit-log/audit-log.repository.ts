import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';

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

/** The audit log of every tenant: appended in the transaction of each change, read newest first. */
export class AuditLogRepository extends Repository {
  async record(entry: AuditEntry): Promise<void> {
    await this.db
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

  /** The changes of `tenantIds`, newest first, with how many match over all pages. */
  async list(filter: {
    tenantIds: readonly number[];
    entity?: string | undefined;
    offset: number;
    limit: number;
  }): Promise<{ rows: AuditLogRow[]; total: number }> {
    if (filter.tenantIds.length === 0) return { rows: [], total: 0 };
    const base = this.db
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
}
