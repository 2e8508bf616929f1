import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { tenantRows } from '../tenants/tenants.queries.ts';

/** What login needs to decide, found by the lower-cased user name. */
export interface LoginRow {
  tenant_id: number;
  id: string;
  password_hash: string | null;
  status: string;
  tenant_status: string;
}

/** A user as the API shows it to themself and to administrators. */
export interface ProfileRow {
  tenant_id: number;
  id: string;
  name: string;
  user_name: string;
  phone: string | null;
  user_type: string;
  role: string;
  status: string;
  email_verified: boolean;
  phone_verified: boolean;
  tenant_name: string;
  tenant_type: string;
  corporate_id: number | null;
  corporate_name: string | null;
}

/** A user as administrators see it: the profile, with invite, corporate role, times and entity access. */
export interface AdminUserRow extends ProfileRow {
  invite_pending: boolean;
  primary_user: boolean;
  created_at: Date;
  last_login_at: Date | null;
  entity_ids: string[];
}

/** What confirming a user's addresses and setting their password need to know about them. */
export interface VerifiableUser {
  tenant_id: number;
  id: string;
  name: string;
  user_name: string;
  phone: string | null;
  status: string;
  password_hash: string | null;
  email_verified: boolean;
  phone_verified: boolean;
  tenant_name: string;
}

export interface NewUserRow {
  tenantId: number;
  name: string;
  userName: string;
  phone: string | null;
  userType: string;
  role: string;
  passwordHash: string | null;
  corporateId: number | null;
}

/** The columns of a user that change after creation (the login name changes through changeUserName). */
export interface UserValues {
  name: string;
  phone: string | null;
  role: string;
  corporate_id: number | null;
  primary_user: boolean;
  status: string;
  phone_verified: boolean;
  email_verified: boolean;
  password_hash: string;
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

/**
 * Users and their login names (`user_login`, the key that keeps a name to one account). Reads that
 * take `tenantIds` never answer a user outside them.
 */
export class UserRepository extends Repository {
  async findForLogin(userNameKey: string): Promise<LoginRow | undefined> {
    return this.db
      .selectFrom('user_login as l')
      .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'l.tenant_id').onRef('u.id', '=', 'l.user_id'))
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'u.tenant_id')
      .select(['u.tenant_id', 'u.id', 'u.password_hash', 'u.status', 't.status as tenant_status'])
      .where('l.user_name', '=', userNameKey)
      .executeTakeFirst();
  }

  async findProfile(tenantId: number, userId: number): Promise<ProfileRow | undefined> {
    return this.withTenant()
      .select([
        'u.tenant_id', 'u.id', 'u.name', 'u.user_name', 'u.phone', 'u.user_type', 'u.role', 'u.status',
        'u.email_verified', 'u.phone_verified', 't.name as tenant_name', 't.type as tenant_type',
        'u.corporate_id', 'c.name as corporate_name',
      ])
      .where('u.tenant_id', '=', tenantId)
      .where('u.id', '=', String(userId))
      .executeTakeFirst();
  }

  /** The user, when their tenant is one of `tenantIds`; `lock` holds the row for the transaction. */
  async findVerifiable(tenantIds: readonly number[], userId: number, lock = false): Promise<VerifiableUser | undefined> {
    if (tenantIds.length === 0) return undefined;
    return this.db
      .selectFrom('app_user as u')
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'u.tenant_id')
      .select([
        'u.tenant_id', 'u.id', 'u.name', 'u.user_name', 'u.phone', 'u.status', 'u.password_hash', 'u.email_verified',
        'u.phone_verified', 't.name as tenant_name',
      ])
      .where('u.tenant_id', 'in', tenantIds)
      .where('u.id', '=', String(userId))
      .$if(lock, (q) => q.forUpdate('u'))
      .executeTakeFirst();
  }

  async list(filter: UserListFilter): Promise<{ rows: AdminUserRow[]; total: number }> {
    if (filter.tenantIds.length === 0) return { rows: [], total: 0 };
    const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = <Q extends ReturnType<UserRepository['withTenant']>>(q: Q): Q =>
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
      where(this.adminColumns())
        // Never-signed-in users sort after the rest whichever the direction.
        .orderBy(sql`${sql.ref(SORT_COLUMNS[filter.sort])} ${direction} nulls last`)
        .orderBy('u.id', filter.order)
        .offset(filter.offset)
        .limit(filter.limit)
        .execute(),
      where(this.withTenant()).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: count.n };
  }

  /** The user if it belongs to one of `tenantIds`; `lock` holds the row for the transaction. */
  async findById(tenantIds: readonly number[], id: number, lock = false): Promise<AdminUserRow | undefined> {
    if (tenantIds.length === 0) return undefined;
    return this.adminColumns()
      .where('u.tenant_id', 'in', tenantIds)
      .where('u.id', '=', String(id))
      .$if(lock, (q) => q.forUpdate('u'))
      .executeTakeFirst();
  }

  /** The corporate's primary users among the users of `tenantIds`, by name. */
  async primaryUsers(corporateId: number, tenantIds: readonly number[], userId?: number): Promise<AdminUserRow[]> {
    if (tenantIds.length === 0) return [];
    return this.adminColumns()
      .where('u.tenant_id', 'in', tenantIds)
      .where('u.corporate_id', '=', corporateId)
      .where('u.primary_user', '=', true)
      .$if(userId !== undefined, (q) => q.where('u.id', '=', String(userId)))
      .orderBy('u.name')
      .orderBy('u.id')
      .execute();
  }

  /** The enabled administrators of a tenant, with the address they sign in with, by name. */
  async administrators(tenantId: number): Promise<{ email: string; name: string }[]> {
    return this.db
      .selectFrom('app_user')
      .select(['user_name as email', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('role', '=', 'admin')
      .where('status', '=', 'ENABLED')
      .orderBy('name')
      .execute();
  }

  /** Ids and statuses of a tenant's users, locked for a status change of them all. */
  async lockTenantUsers(tenantId: number): Promise<{ id: string; status: string }[]> {
    return this.db.selectFrom('app_user').select(['id', 'status']).where('tenant_id', '=', tenantId).orderBy('id').forUpdate().execute();
  }

  /** Inserts the user and its login name; a taken name fails on user_login's key (23505). Run it in a transaction. */
  async create(user: NewUserRow): Promise<string> {
    const { id } = await this.db
      .insertInto('app_user')
      .values({
        tenant_id: user.tenantId,
        name: user.name,
        user_name: user.userName,
        phone: user.phone,
        user_type: user.userType,
        role: user.role,
        password_hash: user.passwordHash,
        corporate_id: user.corporateId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('user_login')
      .values({ user_name: user.userName.toLowerCase(), tenant_id: user.tenantId, user_id: id })
      .execute();
    return id;
  }

  async update(tenantId: number, id: number, values: Partial<UserValues>): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({ ...values, updated_at: sql`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .execute();
  }

  /**
   * Moves the user's login name, unconfirmed; a name taken by another account fails on
   * user_login's key (23505). Run it in a transaction.
   */
  async changeUserName(tenantId: number, userId: number, userName: string): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({ user_name: userName, email_verified: false, updated_at: sql`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(userId))
      .execute();
    await this.db
      .updateTable('user_login')
      .set({ user_name: userName.toLowerCase() })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', String(userId))
      .execute();
  }

  /** Marks the user's latest sign-in. */
  async markSignedIn(tenantId: number, userId: number): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({ last_login_at: sql`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(userId))
      .execute();
  }

  private withTenant() {
    return this.db
      .selectFrom('app_user as u')
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'u.tenant_id')
      .leftJoin('corporate as c', 'c.id', 'u.corporate_id');
  }

  private adminColumns() {
    return this.withTenant().select([
      'u.tenant_id', 'u.id', 'u.name', 'u.user_name', 'u.phone', 'u.user_type', 'u.role', 'u.status',
      'u.email_verified', 'u.phone_verified', 'u.primary_user', 'u.created_at', 'u.last_login_at',
      't.name as tenant_name', 't.type as tenant_type', 'u.corporate_id', 'c.name as corporate_name',
      sql<boolean>`u.password_hash IS NULL`.as('invite_pending'),
      entityIds.as('entity_ids'),
    ]);
  }
}
