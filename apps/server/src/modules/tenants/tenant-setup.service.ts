import type { LicenseCountInput, LicenseCounts, StationType, StatutoryAssociation, StatutoryAssociationInput } from '@enviro/contracts/tenants';
import type { TenantType } from '@enviro/contracts/common';
import { assertCanReadTenant, assertSignedIn } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest } from '../../platform/errors.ts';
import { recordTenantAudit } from '../../platform/audit/audit-trail.ts';
import { LicenseCountRepository } from './license-count.repository.ts';
import { StatutoryRepository } from './statutory.repository.ts';

/**
 * What a site administrator sets up for a tenant beside its own fields: the statutory bodies it
 * reports to and its licensed station counts (the write routes declare `siteAdmin`). Anyone who
 * may read the tenant may read these.
 */
export class TenantSetupService {
  private readonly statutory: StatutoryRepository;
  private readonly licenses: LicenseCountRepository;

  constructor(private readonly db: Db) {
    this.statutory = new StatutoryRepository(db);
    this.licenses = new LicenseCountRepository(db);
  }

  async statutoryOf(auth: Auth, tenantId: number): Promise<StatutoryAssociation> {
    assertCanReadTenant(assertSignedIn(auth), tenantId);
    return statutoryAssociation(this.statutory, tenantId);
  }

  /** Replaces the industry's statutory bodies; every id must be a statutory or CGWA body. Audited. */
  async setStatutory(auth: Auth, tenantId: number, input: StatutoryAssociationInput): Promise<StatutoryAssociation> {
    const user = assertSignedIn(auth);
    assertCanReadTenant(user, tenantId);
    const ids = [...new Set(input.statutoryIds)];
    const existing = await this.statutory.existingBodies(ids);
    const missing = ids.find((id) => !existing.includes(id));
    if (missing !== undefined) throw badRequest('statutoryIds', `tenant ${missing} is no statutory body`);
    if (ids.includes(tenantId)) throw badRequest('statutoryIds', 'a tenant cannot report to itself');
    return this.db.transaction().execute(async (trx) => {
      const statutory = this.statutory.in(trx);
      const before = await statutoryAssociation(statutory, tenantId);
      await statutory.replace(tenantId, ids);
      const after = await statutoryAssociation(statutory, tenantId);
      await recordTenantAudit(trx, user, tenantId, 'statutory', before, after);
      return after;
    });
  }

  async licenseCounts(auth: Auth, tenantId: number): Promise<LicenseCounts> {
    assertCanReadTenant(assertSignedIn(auth), tenantId);
    return licenseCounts(this.licenses, tenantId);
  }

  /** Sets the licensed counts of the types named; the others keep theirs. Audited. */
  async setLicenseCounts(auth: Auth, tenantId: number, input: LicenseCountInput): Promise<LicenseCounts> {
    const user = assertSignedIn(auth);
    assertCanReadTenant(user, tenantId);
    return this.db.transaction().execute(async (trx) => {
      const licenses = this.licenses.in(trx);
      const before = await licenseCounts(licenses, tenantId);
      await licenses.upsert(tenantId, input.counts);
      const after = await licenseCounts(licenses, tenantId);
      await recordTenantAudit(trx, user, tenantId, 'licenseCount', before, after);
      return after;
    });
  }
}

async function statutoryAssociation(statutory: StatutoryRepository, tenantId: number): Promise<StatutoryAssociation> {
  const bodies = await statutory.bodiesOf(tenantId);
  // The tenant table's CHECK constraint holds type to the contract's values.
  return { tenantId, statutory: bodies.map((b) => ({ id: b.id, name: b.name, type: b.type as TenantType })) };
}

async function licenseCounts(licenses: LicenseCountRepository, tenantId: number): Promise<LicenseCounts> {
  const rows = await licenses.counts(tenantId);
  return {
    tenantId,
    // The CHECK constraints of license_count and entity hold the type to the contract's values.
    counts: rows.map((r) => ({ stationType: r.station_type as StationType, licensed: r.licensed, used: r.used })),
  };
}

