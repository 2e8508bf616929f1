import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { Database } from '../../platform/database/schema.ts';
import type { ProfileRow } from '../accounts/accounts.repository.ts';

/** A user as administrators see it: the profile, with invite, corporate role, times and entity access. */
export interface AdminUserRow extends ProfileRow {
  invite_pending: boolean;
  primary_user: boolean;
  created_at: Date;
  last_login_at: Date | null;
  entity_ids: string[];
}

/** Which users a list shows, already narrowed to what the caller may read. */
export interface UserListFilter {
  tenantIds: readonly number[];
  /** Only this user (a caller who may read only themself). */
  userId?: number | undefined;
  search?: string | undefined;
  userType?: string | undefined;
  role?: string | undefined;
  status?: string | undefined;
  corporateId?: number | undefined;
  sort: keyof typeof SORT_COLUMNS;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** The columns of a user an administrator edits. */
export interface UserValues {
  name: string;
  phone: string | null;
  role: string;
  corporate_id: number | null;
  primary_user: boolean;
}

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

const SORT_COLUMNS = {
  id: 'u.id',
  name: 'u.name',
  userName: 'u.user_name',
  userType: 'u.user_type',
  role: 'u.role',
  status: 'u.status',
  createdAt: 'u.created_at',
  lastLoginAt: 'u.last_login_at',
} as const;

/** The user's entity access as ids (bigint arrives as text). */
const entityIds = sql<string[]>`coalesce((
  SELECT array_agg(a.entity_id ORDER BY a.entity_id)::text[] FROM user_entity_access a
  WHERE a.tenant_id = u.tenant_id AND a.user_id = u.id), '{}')`;

/** Records a successful sign-in: the user's last login time and a row of their activity. */
export async function recordLogin(
  db: Db,
  login: { tenantId: number; userId: number; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('app_user')
      .set({ last_login_at: sql`now()` })
      .where('tenant_id', '=', login.tenantId)
      .where('id', '=', String(login.userId))
      .execute();
    await trx
      .insertInto('user_login_event')
      .values({ tenant_id: login.tenantId, user_id: login.userId, ip: login.ip, user_agent: login.userAgent })
      .execute();
  });
}

/**
 * Users as administrators list and change them, their entity access and activity. Every read
 * takes the tenants the caller may see; writes take the transaction that also records the audit row.
 */
export class UserAdminRepository {
  constructor(private readonly db: Db) {}

  private base(db: Kysely<Database>) {
    return db
      .selectFrom('app_user as u')
      .innerJoin('tenant as t', 't.id', 'u.tenant_id')
      .leftJoin('corporate as c', 'c.id', 'u.corporate_id');
  }

  private columns(db: Kysely<Database>) {
    return this.base(db).select([
      'u.tenant_id', 'u.id', 'u.name', 'u.user_name', 'u.phone', 'u.user_type', 'u.role', 'u.status',
      'u.email_verified', 'u.phone_verified', 'u.primary_user', 'u.created_at', 'u.last_login_at',
      't.name as tenant_name', 't.type as tenant_type', 'u.corporate_id', 'c.name as corporate_name',
      sql<boolean>`u.password_hash IS NULL`.as('invite_pending'),
      entityIds.as('entity_ids'),
    ]);
  }

  async list(filter: UserListFilter): Promise<{ rows: AdminUserRow[]; total: number }> {
    if (filter.tenantIds.length === 0) return { rows: [], total: 0 };
    const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = <Q extends ReturnType<UserAdminRepository['base']>>(q: Q): Q =>
      q
        .where('u.tenant_id', 'in', filter.tenantIds)
        .$if(filter.userId !== undefined, (w) => w.where('u.id', '=', String(filter.userId)))
        .$if(filter.userType !== undefined, (w) => w.where('u.user_type', '=', filter.userType!))
        .$if(filter.role !== undefined, (w) => w.where('u.role', '=', filter.role!))
        .$if(filter.status !== undefined, (w) => w.where('u.status', '=', filter.status!))
        .$if(filter.corporateId !== undefined, (w) =>
          w.where((eb) => eb.or([eb('u.corporate_id', '=', filter.corporateId!), eb('t.corporate_id', '=', filter.corporateId!)])),
        )
        .$if(pattern !== undefined, (w) =>
          w.where((eb) => eb.or([eb('u.name', 'ilike', pattern!), eb('u.user_name', 'ilike', pattern!), eb('u.phone', 'ilike', pattern!)])),
        ) as Q;
    const direction = filter.order === 'asc' ? sql`asc` : sql`desc`;
    const [rows, count] = await Promise.all([
      where(this.columns(this.db))
        // Never-signed-in users sort after the rest whichever the direction.
        .orderBy(sql`${sql.ref(SORT_COLUMNS[filter.sort])} ${direction} nulls last`)
        .orderBy('u.id', filter.order)
        .offset(filter.offset)
        .limit(filter.limit)
        .execute(),
      where(this.base(this.db)).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: count.n };
  }

  /** The user if it belongs to one of `tenantIds`; `lock` holds the row for the transaction. */
  async findById(db: Kysely<Database>, tenantIds: readonly number[], id: number, lock = false): Promise<AdminUserRow | undefined> {
    if (tenantIds.length === 0) return undefined;
    return this.columns(db)
      .where('u.tenant_id', 'in', tenantIds)
      .where('u.id', '=', String(id))
      .$if(lock, (q) => q.forUpdate('u'))
      .executeTakeFirst();
  }

  async setPrimary(trx: Kysely<Database>, tenantId: number, id: number, primary: boolean): Promise<void> {
    await trx.updateTable('app_user').set({ primary_user: primary }).where('tenant_id', '=', tenantId).where('id', '=', String(id)).execute();
  }

  async update(trx: Kysely<Database>, tenantId: number, id: number, values: Partial<UserValues & { status: string; phone_verified: boolean }>): Promise<void> {
    await trx
      .updateTable('app_user')
      .set({ ...values, updated_at: sql`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .execute();
  }

  /** Ends every session of the user at once. */
  async deleteSessions(trx: Kysely<Database>, tenantId: number, userId: number): Promise<void> {
    await trx.deleteFrom('user_session').where('tenant_id', '=', tenantId).where('user_id', '=', String(userId)).execute();
  }

  /** Ids and statuses of a tenant's users, locked for a status change of them all. */
  async lockTenantUsers(trx: Kysely<Database>, tenantId: number): Promise<{ id: string; status: string }[]> {
    return trx.selectFrom('app_user').select(['id', 'status']).where('tenant_id', '=', tenantId).orderBy('id').forUpdate().execute();
  }

  async tenant(id: number): Promise<{ id: number; type: string; status: string; corporate_id: number | null } | undefined> {
    return this.db.selectFrom('tenant').select(['id', 'type', 'status', 'corporate_id']).where('id', '=', id).executeTakeFirst();
  }

  async corporateExists(id: number): Promise<boolean> {
    return (await this.db.selectFrom('corporate').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** Whether the corporate exists and, unless `all`, owns one of `tenantIds`. */
  async corporateVisible(id: number, tenantIds: readonly number[], all: boolean): Promise<boolean> {
    if (all) return this.corporateExists(id);
    if (tenantIds.length === 0) return false;
    const row = await this.db
      .selectFrom('tenant')
      .select('id')
      .where('corporate_id', '=', id)
      .where('id', 'in', tenantIds)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The corporate's primary users among the users of `tenantIds`, by name. */
  async primaryUsers(corporateId: number, tenantIds: readonly number[], userId?: number): Promise<AdminUserRow[]> {
    if (tenantIds.length === 0) return [];
    return this.columns(this.db)
      .where('u.tenant_id', 'in', tenantIds)
      .where('u.corporate_id', '=', corporateId)
      .where('u.primary_user', '=', true)
      .$if(userId !== undefined, (q) => q.where('u.id', '=', String(userId)))
      .orderBy('u.name')
      .orderBy('u.id')
      .execute();
  }

  /** Of `ids`, those that are ENABLED entities of the tenant. */
  async enabledEntityIds(tenantId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('entity')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'ENABLED')
      .where('id', 'in', ids.map(String))
      .execute();
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** Replaces the user's entity access with `ids` (none: every entity of the tenant). */
  async replaceEntityAccess(trx: Kysely<Database>, tenantId: number, userId: number, ids: readonly number[]): Promise<void> {
    await trx.deleteFrom('user_entity_access').where('tenant_id', '=', tenantId).where('user_id', '=', String(userId)).execute();
    if (ids.length === 0) return;
    await trx
      .insertInto('user_entity_access')
      .values(ids.map((entityId) => ({ tenant_id: tenantId, user_id: userId, entity_id: entityId })))
      .execute();
  }

  /**
   * Sign-ins (user_login_event) and recorded changes (audit_log rows the user made, in whichever
   * tenant) of the users of `tenantIds`, newest first, with how many match over all pages.
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
