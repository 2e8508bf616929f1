import { createHash } from 'node:crypto';
import { MAX_INT4_ID } from '@enviro/contracts/common';
import { unauthorized } from '../errors.ts';
import type { AccessStores } from './access-stores.ts';
import type { Auth } from './auth.ts';
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
export async function resolveAuth(stores: AccessStores, headers: AuthHeaders): Promise<Auth> {
  const access = stores.directory;
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
  if (bearer) {
    const tenantId = await access.apiKeyTenantId(hashApiKey(bearer));
    if (tenantId === undefined) throw unauthorized('invalid API key');
    return { kind: 'apiKey', tenantId, tenantIds: [tenantId] };
  }
  if (headers.portal?.toUpperCase() === 'PUBLIC') {
    const id = Number(headers.publicTenantId);
    if (!Number.isInteger(id) || id <= 0 || id > MAX_INT4_ID) throw unauthorized('public-tenant-id header must be a tenant id');
    return { kind: 'public', publicTenantId: id, tenantIds: await access.publicTenantIds(id) };
  }
  if (headers.sessionToken) {
    return resolveSession(stores.sessions, access, headers.sessionToken, {
      tenantId: headers.tenantId,
      corporateId: headers.corporateId,
    });
  }
  throw unauthorized();
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
