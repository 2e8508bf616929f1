import { sql, type Kysely } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { Database } from '../../platform/database/schema.ts';

export type CodePurpose = 'invite' | 'email' | 'phone';

/** What verification needs to know about a user. */
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

export interface CodeRow {
  tenant_id: number;
  id: string;
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  target: string;
  created_at: Date;
  expires_at: Date;
  attempts: number;
  used_at: Date | null;
  /** Whether expires_at has passed, by the database's clock. */
  expired: boolean;
}

export interface NewCode {
  tenantId: number;
  userId: number;
  purpose: CodePurpose;
  codeHash: string;
  target: string;
  validMs: number;
}

type Tx = Kysely<Database>;

const CODE_COLUMNS = [
  'c.tenant_id', 'c.id', 'c.user_id', 'c.purpose', 'c.code_hash', 'c.target', 'c.created_at', 'c.expires_at',
  'c.attempts', 'c.used_at',
] as const;
const isExpired = sql<boolean>`c.expires_at <= now()`.as('expired');

/**
 * One-time codes and invite links with the user columns they confirm: the codes have no life
 * apart from their user (they go with it), so they are one aggregate with the user's address and
 * password state.
 */
export class VerificationRepository {
  constructor(private readonly db: Db) {}

  /** The user, when their tenant is one of `tenantIds` (another tenant's user is not found). */
  async findUser(db: Tx, tenantIds: readonly number[], userId: number, lock = false): Promise<VerifiableUser | undefined> {
    if (tenantIds.length === 0) return undefined;
    return db
      .selectFrom('app_user as u')
      .innerJoin('tenant as t', 't.id', 'u.tenant_id')
      .select([
        'u.tenant_id', 'u.id', 'u.name', 'u.user_name', 'u.phone', 'u.status', 'u.password_hash', 'u.email_verified',
        'u.phone_verified', 't.name as tenant_name',
      ])
      .where('u.tenant_id', 'in', tenantIds)
      .where('u.id', '=', String(userId))
      .$if(lock, (q) => q.forUpdate('u'))
      .executeTakeFirst();
  }

  /** How many codes of the purpose the user was sent since `sinceMs` ago, and when the last one went. */
  async recentSends(db: Tx, tenantId: number, userId: number, purpose: CodePurpose, sinceMs: number): Promise<{ count: number; lastAgoMs: number | null }> {
    const row = await db
      .selectFrom('verification_code')
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<number | null>`(extract(epoch FROM now() - max(created_at)) * 1000)::float8`.as('last_ago_ms'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', String(userId))
      .where('purpose', '=', purpose)
      .where('created_at', '>', sql<Date>`now() - ${sinceMs} * interval '1 millisecond'`)
      .executeTakeFirstOrThrow();
    return { count: row.count, lastAgoMs: row.last_ago_ms };
  }

  /** Ends the user's open codes of the purpose, then stores the new one; answers its id and expiry. */
  async replaceCode(trx: Tx, code: NewCode): Promise<{ id: string; expiresAt: Date }> {
    await trx
      .updateTable('verification_code')
      .set({ expires_at: sql`greatest(created_at, least(expires_at, now()))` })
      .where('tenant_id', '=', code.tenantId)
      .where('user_id', '=', String(code.userId))
      .where('purpose', '=', code.purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .execute();
    const row = await trx
      .insertInto('verification_code')
      .values({
        tenant_id: code.tenantId,
        user_id: code.userId,
        purpose: code.purpose,
        code_hash: code.codeHash,
        target: code.target,
        expires_at: sql`now() + ${code.validMs} * interval '1 millisecond'`,
      })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, expiresAt: row.expires_at };
  }

  async addInviteToken(trx: Tx, tokenHash: string, tenantId: number, codeId: string): Promise<void> {
    await trx.insertInto('invite_token').values({ token_hash: tokenHash, tenant_id: tenantId, verification_code_id: codeId }).execute();
  }

  /** A code that was stored but could not be delivered: gone, so it neither works nor counts toward the resend limit. */
  async deleteCode(tenantId: number, id: string): Promise<void> {
    await this.db.deleteFrom('verification_code').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** The user's newest code of the purpose, locked for the rest of the transaction. */
  async newestCode(trx: Tx, tenantId: number, userId: number, purpose: CodePurpose): Promise<CodeRow | undefined> {
    return trx
      .selectFrom('verification_code as c')
      .select([...CODE_COLUMNS, isExpired])
      .where('c.tenant_id', '=', tenantId)
      .where('c.user_id', '=', String(userId))
      .where('c.purpose', '=', purpose)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The invite an invite link's token opens, with its user; locked when `trx` is a transaction that will change it. */
  async findInvite(db: Tx, tokenHash: string, lock = false): Promise<{ code: CodeRow; user: VerifiableUser } | undefined> {
    const row = await db
      .selectFrom('invite_token as i')
      .innerJoin('verification_code as c', (j) => j.onRef('c.tenant_id', '=', 'i.tenant_id').onRef('c.id', '=', 'i.verification_code_id'))
      .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'c.tenant_id').onRef('u.id', '=', 'c.user_id'))
      .innerJoin('tenant as t', 't.id', 'u.tenant_id')
      .select([
        ...CODE_COLUMNS, isExpired, 'u.name', 'u.user_name', 'u.phone', 'u.status', 'u.password_hash', 'u.email_verified',
        'u.phone_verified', 't.name as tenant_name',
      ])
      .where('i.token_hash', '=', tokenHash)
      .$if(lock, (q) => q.forUpdate(['c', 'u']))
      .executeTakeFirst();
    if (!row) return undefined;
    const { name, user_name, phone, status, password_hash, email_verified, phone_verified, tenant_name, ...code } = row;
    return {
      code,
      user: { tenant_id: code.tenant_id, id: code.user_id, name, user_name, phone, status, password_hash, email_verified, phone_verified, tenant_name },
    };
  }

  async countWrongAttempt(trx: Tx, tenantId: number, id: string): Promise<number> {
    const row = await trx
      .updateTable('verification_code')
      .set({ attempts: sql`attempts + 1` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return row.attempts;
  }

  async markUsed(trx: Tx, tenantId: number, id: string): Promise<void> {
    await trx.updateTable('verification_code').set({ used_at: sql`now()` }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** Sets flags and the password hash of a user. */
  async updateUser(
    trx: Tx,
    tenantId: number,
    userId: number,
    set: Partial<{ password_hash: string; email_verified: boolean; phone_verified: boolean; user_name: string }>,
  ): Promise<void> {
    await trx
      .updateTable('app_user')
      .set({ ...set, updated_at: sql`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(userId))
      .execute();
  }

  /** Moves the user's login name; a name taken by another account fails on user_login's key (23505). */
  async changeUserName(trx: Tx, tenantId: number, userId: number, userName: string): Promise<void> {
    await this.updateUser(trx, tenantId, userId, { user_name: userName, email_verified: false });
    await trx
      .updateTable('user_login')
      .set({ user_name: userName.toLowerCase() })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', String(userId))
      .execute();
  }

  /** Ends every session of the user but `keepSessionId`; answers how many ended. */
  async endOtherSessions(trx: Tx, tenantId: number, userId: number, keepSessionId: string): Promise<number> {
    const result = await trx
      .deleteFrom('user_session')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', String(userId))
      .where('id', '!=', keepSessionId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
