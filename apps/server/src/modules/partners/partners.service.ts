import type { PartnerTenants } from '@enviro/contracts/partners';
import type { Kysely } from 'kysely';
import { assertCanReadTenant, assertSignedIn } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import type { Database } from '../../platform/database/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { recordTenantAudit } from '../audit-log/audit-log.service.ts';
import type { PartnerTenantRepository } from './partners.repository.ts';
import { toTenantInfo } from '../tenants/tenants.service.ts';

/**
 * Which industries a partner serves. A linked industry's data is readable by the partner's users,
 * who may act for it in manage mode (see access/session.ts). Site administrators link and unlink
 * (declared by the routes); each change is audited in the partner's log and in the industry's.
 */
export class PartnerService {
  constructor(
    private readonly db: Db,
    private readonly links: PartnerTenantRepository,
  ) {}

  /** The partner's industries among those the caller may read. */
  async tenants(auth: Auth, partnerId: number): Promise<PartnerTenants> {
    const user = assertSignedIn(auth);
    assertCanReadTenant(user, partnerId);
    await this.assertPartner(this.db, partnerId);
    return this.linked(this.db, partnerId, user.tenantIds);
  }

  async link(auth: Auth, partnerId: number, tenantId: number): Promise<PartnerTenants> {
    const user = assertSignedIn(auth);
    return this.change(user, partnerId, tenantId, 'partnerLink', (trx) => this.links.link(trx, partnerId, tenantId));
  }

  async unlink(auth: Auth, partnerId: number, tenantId: number): Promise<PartnerTenants> {
    const user = assertSignedIn(auth);
    return this.change(user, partnerId, tenantId, 'partnerUnlink', (trx) => this.links.unlink(trx, partnerId, tenantId));
  }

  /** Applies a link change under the partner's row lock; records it only when something changed. */
  private async change(
    user: UserAuth,
    partnerId: number,
    tenantId: number,
    action: string,
    apply: (trx: Kysely<Database>) => Promise<boolean>,
  ): Promise<PartnerTenants> {
    assertCanReadTenant(user, partnerId);
    assertCanReadTenant(user, tenantId);
    return this.db.transaction().execute(async (trx) => {
      await this.assertPartner(trx, partnerId, true);
      const industry = await this.links.kindOf(trx, tenantId);
      if (!industry || industry.status === 'DELETED') throw notFound(`No tenant with id= ${tenantId} exists`);
      if (industry.type !== 'tenant') throw badRequest('tenantId', `tenant ${tenantId} is no industry: partners serve tenants of type tenant`);
      const before = await this.linked(trx, partnerId, user.tenantIds);
      const partnersBefore = await this.links.partnerIdsOf(trx, tenantId);
      if (!(await apply(trx))) return before;
      const after = await this.linked(trx, partnerId, user.tenantIds);
      const partnersAfter = await this.links.partnerIdsOf(trx, tenantId);
      const summary = (p: PartnerTenants) => ({ partnerId, tenantIds: p.tenants.map((t) => t.id) });
      await recordTenantAudit(trx, user, partnerId, action, summary(before), summary(after));
      await recordTenantAudit(trx, user, tenantId, action, { tenantId, partnerIds: partnersBefore }, { tenantId, partnerIds: partnersAfter });
      return after;
    });
  }

  private async assertPartner(trx: Kysely<Database>, partnerId: number, lock = false): Promise<void> {
    const partner = await this.links.kindOf(trx, partnerId, lock);
    if (!partner || partner.status === 'DELETED' || partner.type !== 'partner') throw notFound(`No partner with id= ${partnerId} exists`);
  }

  private async linked(trx: Kysely<Database>, partnerId: number, readable: readonly number[]): Promise<PartnerTenants> {
    const rows = await this.links.tenantsOf(trx, partnerId);
    return { partnerId, tenants: rows.filter((r) => readable.includes(r.id)).map(toTenantInfo) };
  }
}
