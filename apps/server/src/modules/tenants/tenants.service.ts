import type { TenantStatus, TenantType } from '@enviro/contracts/common';
import type { TenantInfo } from '@enviro/contracts/tenants';
import { tenantDisplayId } from '@enviro/domain/display-id';
import { assertCanReadTenant } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import type { TenantRow } from '../../platform/database/tenant-columns.ts';
import { notFound } from '../../platform/errors.ts';
import { TenantRepository } from './tenants.repository.ts';

/** A tenant as anyone who may read it sees it, the public portal and API keys included. */
export class TenantService {
  private readonly tenants: TenantRepository;

  constructor(db: Db) {
    this.tenants = new TenantRepository(db);
  }

  /** The caller's own tenant: the API key's, or the one named by the public portal's header. */
  async info(auth: Auth): Promise<TenantInfo> {
    return this.byId(auth, auth.kind === 'public' ? auth.publicTenantId : auth.tenantId);
  }

  async byId(auth: Auth, tenantId: number): Promise<TenantInfo> {
    assertCanReadTenant(auth, tenantId);
    const row = await this.tenants.findById(tenantId);
    if (!row) throw notFound(`No tenant with id= ${tenantId} exists`);
    return toTenantInfo(row);
  }
}

/** A tenant row as the contract; other modules listing tenants (a corporate's, a partner's) answer with it too. */
export function toTenantInfo(row: TenantRow): TenantInfo {
  return {
    id: row.id,
    name: row.name,
    // The table's CHECK constraints hold these to the contract's values.
    status: row.status as TenantStatus,
    type: row.type as TenantType,
    monitoredUnits: row.monitored_units,
    corporate: row.corporate_id === null ? null : { id: row.corporate_id, name: row.corporate_name ?? '' },
    corporateId: row.corporate_id,
    displayId: tenantDisplayId(row.id),
    state: row.state,
    city: row.city,
    industryCategory: row.industry_category,
  };
}
