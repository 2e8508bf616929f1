import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../database/database.ts';
import { unauthorized } from '../errors.ts';
import { UserRepository } from '../../modules/accounts/accounts.repository.ts';
import { PUBLIC_TENANT_STATUSES, type Auth } from './auth.ts';
import { resolveSession } from './session.ts';

export interface AuthHeaders {
  authorization?: string | undefined;
  portal?: string | undefined;
  publicTenantId?: string | undefined;
  /** The session cookie's token. */
  sessionToken?: string | undefined;
  /** TENANT-ID: the tenant a signed-in user acts for. */
  tenantId?: string | undefined;
  /** CORPORATE-ID: the corporate whose tenants a signed-in user's request is narrowed to. */
  corporateId?: string | undefined;
}

/**
 * Bearer API key first; else the public portal headers (`portal: PUBLIC`, `public-tenant-id`);
 * else the session cookie of a signed-in user, scoped by TENANT-ID and CORPORATE-ID (which API
 * keys and the portal ignore: their tenants are fixed). The portal headers come before the cookie
 * so the public pages look the same whether or not the browser is signed in.
 * A statutory body's public id opens its associated industries; an industry's opens itself only.
 */
export async function resolveAuth(db: Db, headers: AuthHeaders): Promise<Auth> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
  if (bearer) {
    const row = await db
      .selectFrom('api_key')
      .innerJoin('tenant', 'tenant.id', 'api_key.tenant_id')
      .select('tenant.id')
      .where('api_key.key_hash', '=', hashApiKey(bearer))
      .where('tenant.status', '!=', 'DELETED')
      .executeTakeFirst();
    if (!row) throw unauthorized('invalid API key');
    return { kind: 'apiKey', tenantId: row.id, tenantIds: [row.id] };
  }
  if (headers.portal?.toUpperCase() === 'PUBLIC') {
    const id = Number(headers.publicTenantId);
    if (!Number.isSafeInteger(id) || id <= 0) throw unauthorized('public-tenant-id header must be a tenant id');
    return { kind: 'public', publicTenantId: id, tenantIds: await publicTenantIds(db, id) };
  }
  if (headers.sessionToken) {
    return resolveSession(new UserRepository(db), headers.sessionToken, {
      tenantId: headers.tenantId,
      corporateId: headers.corporateId,
    });
  }
  throw unauthorized();
}

async function publicTenantIds(db: Db, publicTenantId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tenant as t')
    .select('t.id')
    .where('t.status', 'in', PUBLIC_TENANT_STATUSES)
    .where((eb) =>
      eb.or([
        eb('t.id', '=', publicTenantId),
        eb(
          't.id',
          'in',
          eb
            .selectFrom('statutory_association as sa')
            .innerJoin('tenant as s', 's.id', 'sa.statutory_id')
            .select('sa.tenant_id')
            .where('sa.statutory_id', '=', publicTenantId)
            .where('s.status', 'in', PUBLIC_TENANT_STATUSES),
        ),
      ]),
    )
    .orderBy(sql`t.id = ${publicTenantId}`, 'desc')
    .execute();
  return rows.map((r) => r.id);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
