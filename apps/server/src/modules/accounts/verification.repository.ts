import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';

export type CodePurpose = 'invite' | 'email' | 'phone';

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

const CODE_COLUMNS = [
  'c.tenant_id', 'c.id', 'c.user_id', 'c.purpose', 'c.code_hash', 'c.target', 'c.created_at', 'c.expires_at',
  'c.attempts', 'c.used_at',
] as const;
const isExpired = sql<boolean>`c.expires_at <= now()`.as('expired');

/**
 * One-time codes (`verification_code`) and the invite links that open invite codes
 * (`invite_token`): hashed, they confirm a user's address or first password. Writes run in the
 * transaction that holds the user's row lock (see VerificationService).
 */
export class VerificationCodeRepository extends Repository {
  /** How long ago each code of the purpose sent to the user in the last `sinceMs` went, newest first. */
  async recentSends(tenantId: number, userId: number, purpose: CodePurpose, sinceMs: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('verification_code')
      .select(sql<number>`(extract(epoch FROM now() - created_at) * 1000)::float8`.as('ago_ms'))
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', String(userId))
      .where('purpose', '=', purpose)
      .where('created_at', '>', sql<Date>`now() - ${sinceMs} * interval '1 millisecond'`)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((r) => r.ago_ms);
  }

  /** Ends the user's open codes of the purpose, then stores the new one; answers its id and expiry. */
  async replace(code: NewCode): Promise<{ id: string; expiresAt: Date }> {
    await this.db
      .updateTable('verification_code')
      .set({ expires_at: sql`greatest(created_at, least(expires_at, now()))` })
      .where('tenant_id', '=', code.tenantId)
      .where('user_id', '=', String(code.userId))
      .where('purpose', '=', code.purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .execute();
    const row = await this.db
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

  async addInviteToken(tokenHash: string, tenantId: number, codeId: string): Promise<void> {
    await this.db.insertInto('invite_token').values({ token_hash: tokenHash, tenant_id: tenantId, verification_code_id: codeId }).execute();
  }

  /** A code that was stored but could not be delivered: gone, so it neither works nor counts toward the resend limit. */
  async delete(tenantId: number, id: string): Promise<void> {
    // Not left to the foreign key's cascade: invite_token is a global lookup, whose key to a
    // distributed table goes on Citus (docs/STORAGE.md, "Distribution by tenant").
    await this.db.deleteFrom('invite_token').where('tenant_id', '=', tenantId).where('verification_code_id', '=', id).execute();
    await this.db.deleteFrom('verification_code').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** The user's newest code of the purpose, locked for the rest of the transaction. */
  async newest(tenantId: number, userId: number, purpose: CodePurpose): Promise<CodeRow | undefined> {
    return this.db
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

  /** The invite code an invite link's token opens; `lock` holds it for the rest of the transaction. */
  async findInvite(tokenHash: string, lock = false): Promise<CodeRow | undefined> {
    return this.db
      .selectFrom('invite_token as i')
      .innerJoin('verification_code as c', (j) => j.onRef('c.tenant_id', '=', 'i.tenant_id').onRef('c.id', '=', 'i.verification_code_id'))
      .select([...CODE_COLUMNS, isExpired])
      .where('i.token_hash', '=', tokenHash)
      .$if(lock, (q) => q.forUpdate('c'))
      .executeTakeFirst();
  }

  async countWrongAttempt(tenantId: number, id: string): Promise<number> {
    const row = await this.db
      .updateTable('verification_code')
      .set({ attempts: sql`attempts + 1` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return row.attempts;
  }

  async markUsed(tenantId: number, id: string): Promise<void> {
    await this.db.updateTable('verification_code').set({ used_at: sql`now()` }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }
}
