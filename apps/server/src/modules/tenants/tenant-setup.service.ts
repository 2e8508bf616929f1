import type { LicenseCountInput, LicenseCounts, StationType, StatutoryAssociation, StatutoryAssociationInput } from '@enviro/contracts/tenants';
import type { TenantType } from '@enviro/contracts/common';
import type { Kysely } from 'kysely';
import { assertCanReadTenant, assertSignedIn } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import type { Database } from '../../platform/database/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { recordTenantAudit } from '../audit-log/audit-log.service.ts';
import type { LicenseCountRepository } from './license-count.repository.ts';
import type { StatutoryRepository } from './statutory.repository.ts';

/**
 * What a site administrator sets up for a tenant beside its own fields: the statutory bodies it
 * reports to and its licensed station counts (the write routes declare `siteAdmin`). Anyone who
 * may read the tenant may read these.
 */
export class TenantSetupService {
  constructor(
    private readonly db: Db,
    private readonly statutory: StatutoryRepository,
    private readonly licenses: LicenseCountRepository,
  ) {}

  async statutoryOf(auth: Auth, tenantId: number): Promise<StatutoryAssociation> {
    assertCanReadTenant(assertSignedIn(auth), tenantId);
    return this.statutoryAssociation(this.db, tenantId);
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
      const before = await this.statutoryAssociation(trx, tenantId);
      await this.statutory.replace(trx, tenantId, ids);
      const after = await this.statutoryAssociation(trx, tenantId);
      await recordTenantAudit(trx, user, tenantId, 'statutory', before, after);
      return after;
    });
  }

  async licenseCounts(auth: Auth, tenantId: number): Promise<LicenseCounts> {
    assertCanReadTenant(assertSignedIn(auth), tenantId);
    return this.counts(this.db, tenantId);
  }

  /** Sets the licensed counts of the types named; the others keep theirs. Audited. */
  async setLicenseCounts(auth: Auth, tenantId: number, input: LicenseCountInput): Promise<LicenseCounts> {
    const user = assertSignedIn(auth);
    assertCanReadTenant(user, tenantId);
    return this.db.transaction().execute(async (trx) => {
      const before = await this.counts(trx, tenantId);
      await this.licenses.upsert(trx, tenantId, input.counts);
      const after = await this.counts(trx, tenantId);
      await recordTenantAudit(trx, user, tenantId, 'licenseCount', before, after);
      return after;
    });
  }

  private async statutoryAssociation(trx: Kysely<Database>, tenantId: number): Promise<StatutoryAssociation> {
    const bodies = await this.statutory.bodiesOf(trx, tenantId);
    // The tenant table's CHECK constraint holds type to the contract's values.
    return { tenantId, statutory: bodies.map((b) => ({ id: b.id, name: b.name, type: b.type as TenantType })) };
  }

  private async counts(trx: Kysely<Database>, tenantId: number): Promise<LicenseCounts> {
    const rows = await this.licenses.counts(trx, tenantId);
    return {
      tenantId,
      // The CHECK constraints of license_count and entity hold the type to the contract's values.
      counts: rows.map((r) => ({ stationType: r.station_type as StationType, licensed: r.licensed, used: r.used })),
    };
  }
}

