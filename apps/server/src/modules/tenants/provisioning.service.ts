import { randomBytes } from 'node:crypto';
import { CreateTenant } from '@enviro/contracts/tenants';
import { hashApiKey } from '../../platform/access/resolve-auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { StatutoryRepository } from './statutory.repository.ts';
import { TenantWatchRepository, WATCHER_TYPES } from './tenant-watch.repository.ts';
import { TenantRepository, type OperatorTenantRow } from './tenants.repository.ts';

/**
 * Tenants and their API keys as the operator sets them up outside any request (the admin CLI, the
 * demo seed, the benchmarks and the tests' builders, through src/operator-provisioning.ts). No
 * route reaches it, so it trusts its caller (no Auth to check) and records no audit rows; inputs
 * are parsed against the contracts whoever calls.
 */
export class ProvisioningService {
  private readonly tenants: TenantRepository;
  private readonly statutory: StatutoryRepository;
  private readonly watch: TenantWatchRepository;

  constructor(private readonly db: Db) {
    this.tenants = new TenantRepository(db);
    this.statutory = new StatutoryRepository(db);
    this.watch = new TenantWatchRepository(db);
  }

  async createTenant(input: CreateTenant): Promise<{ id: number }> {
    const t = CreateTenant.parse(input);
    return this.db.transaction().execute(async (trx) => {
      const id = await this.tenants.in(trx).create({
        name: t.name,
        type: t.type,
        status: t.status,
        corporate_id: t.corporateId ?? null,
        monitored_units: t.monitoredUnits,
        industry_category: t.industryCategory ?? null,
        state: t.state ?? null,
        city: t.city ?? null,
      });
      await this.statutory.in(trx).add(id, t.statutoryIds);
      return { id };
    });
  }

  /**
   * Puts industries on an investor's or quasi-regulator's watch list (its users then read them), or
   * takes them off. Throws naming the tenant that is not an investor or quasi-regulator, or not an
   * industry.
   */
  async setWatched(watcherId: number, tenantIds: readonly number[], watched = true): Promise<void> {
    if (!(await this.tenantExists(watcherId, WATCHER_TYPES))) throw new Error(`tenant ${watcherId} is not an investor or a quasi-regulator`);
    for (const id of tenantIds) {
      if (!(await this.tenantExists(id, ['tenant']))) throw new Error(`tenant ${id} is not an industry`);
    }
    await (watched ? this.watch.add(watcherId, tenantIds) : this.watch.remove(watcherId, tenantIds));
  }

  /** Adds statutory or CGWA bodies an industry reports to, beside those it has. */
  async addStatutoryBodies(tenantId: number, statutoryIds: readonly number[]): Promise<void> {
    await this.statutory.add(tenantId, statutoryIds);
  }

  /** Issues an API key for a tenant; only its hash is stored, so the key is shown once. */
  async createApiKey(tenantId: number, name: string): Promise<{ key: string }> {
    const key = `ek_${randomBytes(24).toString('base64url')}`;
    await this.tenants.addApiKey(tenantId, name, hashApiKey(key));
    return { key };
  }

  /** Whether the tenant exists, in any status (and, when types are given, is of one of them). */
  async tenantExists(id: number, types?: readonly string[]): Promise<boolean> {
    const tenant = await this.tenants.findById(id);
    return tenant !== undefined && (types === undefined || types.includes(tenant.type));
  }

  /** Every tenant of the type and status given, by id, with its statutory bodies. */
  listTenants(filter: { type?: string | undefined; status?: string | undefined }): Promise<OperatorTenantRow[]> {
    return this.tenants.listForOperator(filter);
  }
}
