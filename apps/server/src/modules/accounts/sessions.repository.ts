import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { Database } from '../../platform/database/schema.ts';

/** What login needs to decide, found by the lower-cased user name. */
export interface LoginRow {
  tenant_id: number;
  id: string;
  password_hash: string | null;
  status: string;
  tenant_status: string;
}

/** A live session with what the caller's access is computed from. */
export interface SessionRow {
  tenant_id: number;
  user_id: string;
  last_seen_at: Date;
  user_type: string;
  role: string;
  user_status: string;
  corporate_id: number | null;
  tenant_type: string;
  tenant_status: string;
  /** The corporate of the user's own tenant, or null. */
  tenant_corporate_id: number | null;
}

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

export interface NewSessionRow {
  id: string;
  tenantId: number;
  userId: number;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

/** Tenant statuses whose users may not sign in, and whose sessions stop working. */
export const CLOSED_TENANT_STATUSES = ['DISABLED', 'DELETED'] as const;

/** Users, their login names and their sessions: one aggregate, since none outlives the user. */
export class UserRepository {
  constructor(private readonly db: Db) {}

  async findForLogin(userNameKey: string): Promise<LoginRow | undefined> {
    return this.db
      .selectFrom('user_login as l')
      .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'l.tenant_id').onRef('u.id', '=', 'l.user_id'))
      .innerJoin('tenant as t', 't.id', 'u.tenant_id')
      .select(['u.tenant_id', 'u.id', 'u.password_hash', 'u.status', 't.status as tenant_status'])
      .where('l.user_name', '=', userNameKey)
      .executeTakeFirst();
  }

  async findProfile(tenantId: number, userId: number): Promise<ProfileRow | undefined> {
    return this.db
      .selectFrom('app_user as u')
      .innerJoin('tenant as t', 't.id', 'u.tenant_id')
      .leftJoin('corporate as c', 'c.id', 'u.corporate_id')
      .select([
        'u.tenant_id', 'u.id', 'u.name', 'u.user_name', 'u.phone', 'u.user_type', 'u.role', 'u.status',
        'u.email_verified', 'u.phone_verified', 't.name as tenant_name', 't.type as tenant_type',
        'u.corporate_id', 'c.name as corporate_name',
      ])
      .where('u.tenant_id', '=', tenantId)
      .where('u.id', '=', String(userId))
      .executeTakeFirst();
  }

  /** Inserts the user and its login name; a taken name fails on user_login's key (23505). */
  async create(trx: Kysely<Database>, user: NewUserRow): Promise<string> {
    const { id } = await trx
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
    await trx
      .insertInto('user_login')
      .values({ user_name: user.userName.toLowerCase(), tenant_id: user.tenantId, user_id: id })
      .execute();
    return id;
  }

  async createSession(session: NewSessionRow): Promise<void> {
    await this.db
      .insertInto('user_session')
      .values({
        id: session.id,
        tenant_id: session.tenantId,
        user_id: session.userId,
        expires_at: session.expiresAt,
        ip: session.ip,
        user_agent: session.userAgent,
      })
      .execute();
  }

  /** The session and its user, unless expired. */
  async findSession(id: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('user_session as s')
      .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 's.tenant_id').onRef('u.id', '=', 's.user_id'))
      .innerJoin('tenant as t', 't.id', 's.tenant_id')
      .select([
        's.tenant_id', 's.user_id', 's.last_seen_at', 'u.user_type', 'u.role', 'u.status as user_status',
        'u.corporate_id', 't.type as tenant_type', 't.status as tenant_status', 't.corporate_id as tenant_corporate_id',
      ])
      .where('s.id', '=', id)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
  }

  /** Marks the session seen and slides its expiry, never past its absolute end. */
  async touchSession(id: string, idleMs: number, maxMs: number): Promise<void> {
    await this.db
      .updateTable('user_session')
      .set({
        last_seen_at: sql`now()`,
        expires_at: sql`least(now() + ${idleMs} * interval '1 millisecond', created_at + ${maxMs} * interval '1 millisecond')`,
      })
      .where('id', '=', id)
      .execute();
  }

  async deleteSession(id: string): Promise<void> {
    await this.db.deleteFrom('user_session').where('id', '=', id).execute();
  }

  /** Drops a user's expired sessions; called at login so they do not pile up. */
  async deleteExpiredSessions(tenantId: number, userId: number): Promise<void> {
    await this.db
      .deleteFrom('user_session')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', String(userId))
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
  }

  /** Every tenant that is not deleted: what a site user may act for. */
  async allTenantIds(): Promise<number[]> {
    const rows = await this.db.selectFrom('tenant').select('id').where('status', '!=', 'DELETED').orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  /** The industries associated with a statutory body, not deleted. */
  async associatedTenantIds(statutoryId: number): Promise<number[]> {
    return this.notDeleted(this.db.selectFrom('statutory_association').select('tenant_id').where('statutory_id', '=', statutoryId));
  }

  /** The tenants of a corporate, not deleted. */
  async corporateTenantIds(corporateId: number): Promise<number[]> {
    return this.notDeleted(this.db.selectFrom('tenant').select('id as tenant_id').where('corporate_id', '=', corporateId));
  }

  /** The industries linked to a partner, not deleted. */
  async partnerTenantIds(partnerId: number): Promise<number[]> {
    return this.notDeleted(this.db.selectFrom('partner_tenant').select('tenant_id').where('partner_id', '=', partnerId));
  }

  /** The tenants among `tenantIds` that are not deleted, in id order. */
  private async notDeleted(tenantIds: SelectQueryBuilder<Database, keyof Database, { tenant_id: number }>): Promise<number[]> {
    const rows = await this.db.selectFrom('tenant').select('id').where('id', 'in', tenantIds).where('status', '!=', 'DELETED').orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  async tenantType(tenantId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('tenant').select('type').where('id', '=', tenantId).executeTakeFirst();
    return row?.type;
  }

  async corporateExists(corporateId: number): Promise<boolean> {
    const row = await this.db.selectFrom('corporate').select('id').where('id', '=', corporateId).executeTakeFirst();
    return row !== undefined;
  }
}
