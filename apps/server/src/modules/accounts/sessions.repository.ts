import { sql } from 'kysely';
import type { SessionRow, SessionStore } from '../../platform/access/session.ts';
import { Repository } from '../../platform/database/repository.ts';
import { tenantRows } from '../tenants/tenants.queries.ts';

export interface NewSessionRow {
  id: string;
  tenantId: number;
  userId: number;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Users' sessions, by the SHA-256 of their token. The accounts module opens and ends them; the
 * platform's access rules resolve every request's caller from them (the SessionStore it is given).
 */
export class SessionRepository extends Repository implements SessionStore {
  async create(session: NewSessionRow): Promise<void> {
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
  async find(id: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('user_session as s')
      .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 's.tenant_id').onRef('u.id', '=', 's.user_id'))
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 's.tenant_id')
      .select([
        's.tenant_id', 's.user_id', 's.last_seen_at', 'u.user_type', 'u.role', 'u.status as user_status',
        'u.corporate_id', 't.type as tenant_type', 't.status as tenant_status', 't.corporate_id as tenant_corporate_id',
      ])
      .where('s.id', '=', id)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
  }

  /** A user and their tenant as a session row has them, for work done on the user's behalf without a session. */
  async findUser(userId: number): Promise<Omit<SessionRow, 'last_seen_at'> | undefined> {
    return this.db
      .selectFrom('app_user as u')
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'u.tenant_id')
      .select([
        'u.tenant_id', 'u.id as user_id', 'u.user_type', 'u.role', 'u.status as user_status',
        'u.corporate_id', 't.type as tenant_type', 't.status as tenant_status', 't.corporate_id as tenant_corporate_id',
      ])
      .where('u.id', '=', String(userId))
      .executeTakeFirst();
  }

  /** Marks the session seen and slides its expiry, never past its absolute end. */
  async touch(id: string, idleMs: number, maxMs: number): Promise<void> {
    await this.db
      .updateTable('user_session')
      .set({
        last_seen_at: sql`now()`,
        expires_at: sql`least(now() + ${idleMs} * interval '1 millisecond', created_at + ${maxMs} * interval '1 millisecond')`,
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('user_session').where('id', '=', id).execute();
  }

  /** Drops a user's expired sessions; called at login so they do not pile up. */
  async deleteExpired(tenantId: number, userId: number): Promise<void> {
    await this.db
      .deleteFrom('user_session')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', String(userId))
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
  }

  /** Ends every session of the user but `keepSessionId` (every one without it); answers how many ended. */
  async endAll(tenantId: number, userId: number, keepSessionId?: string): Promise<number> {
    const result = await this.db
      .deleteFrom('user_session')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', String(userId))
      .$if(keepSessionId !== undefined, (q) => q.where('id', '!=', keepSessionId!))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

