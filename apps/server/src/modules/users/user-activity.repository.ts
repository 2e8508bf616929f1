import { sql, type RawBuilder } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';

/** Activity of the users of `tenantIds` (or of one of them), newest first. */
export interface ActivityFilter {
  tenantIds: readonly number[];
  userId?: number | undefined;
  kind?: 'login' | 'change' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  offset: number;
  limit: number;
}

export interface ActivityRow {
  at: Date;
  kind: 'login' | 'change';
  user_id: string;
  action: string;
  tenant_id: number;
  entity: string | null;
  ip: string | null;
  name: string;
  user_name: string;
  user_tenant_id: number;
}

/**
 * Users' sign-ins (`user_login_event`), and their activity: the sign-ins with the changes they
 * made, which the audit log records. The two are read as one statement so a page of activity is
 * one ordered query rather than a merge of two.
 */
export class UserActivityRepository extends Repository {
  async recordLogin(login: { tenantId: number; userId: number; ip: string | null; userAgent: string | null }): Promise<void> {
    await this.db
      .insertInto('user_login_event')
      .values({ tenant_id: login.tenantId, user_id: login.userId, ip: login.ip, user_agent: login.userAgent })
      .execute();
  }

  /**
   * Sign-ins and recorded changes (audit_log rows the user made, in whichever tenant) of the users
   * of `tenantIds`, newest first, with how many match over all pages.
   */
  async activity(filter: ActivityFilter): Promise<{ rows: ActivityRow[]; total: number }> {
    if (filter.tenantIds.length === 0) return { rows: [], total: 0 };
    const users = sql`SELECT tenant_id, id, name, user_name FROM app_user
      WHERE tenant_id = ANY(${sql.val([...filter.tenantIds])}::int[])
      ${filter.userId === undefined ? sql`` : sql`AND id = ${String(filter.userId)}`}`;
    const time = (column: RawBuilder<unknown>) =>
      sql.join(
        [
          ...(filter.from ? [sql`${column} >= ${filter.from}`] : []),
          ...(filter.to ? [sql`${column} < ${filter.to}`] : []),
          sql`true`,
        ],
        sql` AND `,
      );
    const parts = [
      ...(filter.kind === 'login'
        ? []
        : [sql`SELECT a.at, 'change' AS kind, a.actor_user_id AS user_id, a.action, a.tenant_id, a.entity, NULL::text AS ip, a.id AS seq
            FROM audit_log a WHERE a.actor_user_id IN (SELECT id FROM scope_user)
              AND a.tenant_id = ANY(${sql.val([...filter.tenantIds])}::int[]) AND ${time(sql.ref('a.at'))}`]),
      ...(filter.kind === 'change'
        ? []
        : [sql`SELECT e.at, 'login' AS kind, e.user_id, 'login' AS action, e.tenant_id, NULL::text AS entity, e.ip, e.id AS seq
            FROM user_login_event e JOIN scope_user s ON s.tenant_id = e.tenant_id AND s.id = e.user_id WHERE ${time(sql.ref('e.at'))}`]),
    ];
    const activity = sql`WITH scope_user AS (${users}), act AS (${sql.join(parts, sql` UNION ALL `)})`;
    const [rows, count] = await Promise.all([
      sql<ActivityRow>`${activity}
        SELECT act.at, act.kind, act.user_id, act.action, act.tenant_id, act.entity, act.ip,
               s.name, s.user_name, s.tenant_id AS user_tenant_id
        FROM act JOIN scope_user s ON s.id = act.user_id
        ORDER BY act.at DESC, act.kind, act.seq DESC
        OFFSET ${filter.offset} LIMIT ${filter.limit}`.execute(this.db),
      sql<{ n: number }>`${activity} SELECT count(*)::int AS n FROM act`.execute(this.db),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
  }
}
