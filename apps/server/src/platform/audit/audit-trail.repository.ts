import { Repository } from '../database/repository.ts';

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

/** The audit trail: one row appended per change, in the transaction of the change. */
export class AuditTrailRepository extends Repository {
  async record(entry: AuditEntry): Promise<void> {
    await this.recordMany([entry]);
  }

  /** Several changes of one transaction in one statement (a batch of settlements). */
  async recordMany(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .insertInto('audit_log')
      .values(
        entries.map((entry) => ({
          tenant_id: entry.tenantId,
          actor: entry.actor,
          actor_user_id: entry.actorUserId,
          action: entry.action,
          entity: entry.entity,
          before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
          after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
        })),
      )
      .execute();
  }
}
