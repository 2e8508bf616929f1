import type { Corporate, CorporateForTenant } from '@enviro/contracts/admin';
import type { TenantInfo } from '@enviro/contracts/tenant';
import { assertCanReadTenant, assertSignedIn } from '../access/access.ts';
import type { Auth, UserAuth } from '../access/auth.ts';
import { notFound } from '../errors.ts';
import type { CorporateRepository, CorporateRow } from '../repositories/corporate.repository.ts';
import { toTenantInfo } from './tenant.service.ts';

/**
 * Corporates as a caller sees them: a site user (outside manage mode) every corporate, anyone else
 * the corporates owning a tenant they may read. Tenant counts and lists stay within the caller's
 * tenants.
 */
export class CorporateService {
  constructor(private readonly corporates: CorporateRepository) {}

  async list(auth: Auth): Promise<Corporate[]> {
    const user = assertSignedIn(auth);
    return (await this.corporates.list(user.tenantIds, seesAll(user))).map(toCorporate);
  }

  async tenants(auth: Auth, corporateId: number): Promise<TenantInfo[]> {
    const user = assertSignedIn(auth);
    const [corporate] = await this.corporates.list(user.tenantIds, seesAll(user), corporateId);
    if (!corporate) throw notFound(`No corporate with id= ${corporateId} exists`);
    return (await this.corporates.tenants(corporateId, user.tenantIds)).map(toTenantInfo);
  }

  async forTenant(auth: Auth, tenantId: number): Promise<CorporateForTenant> {
    const user = assertSignedIn(auth);
    assertCanReadTenant(user, tenantId);
    const corporateId = await this.corporates.corporateIdOf(tenantId);
    if (corporateId === null) return { tenantId, corporate: null };
    const [corporate] = await this.corporates.list(user.tenantIds, true, corporateId);
    return { tenantId, corporate: corporate ? toCorporate(corporate) : null };
  }
}

function seesAll(user: UserAuth): boolean {
  return user.userType === 'site' && !user.manage;
}

function toCorporate(row: CorporateRow): Corporate {
  return { id: row.id, name: row.name, tenantCount: row.tenant_count };
}
