import type { PartnerTenants } from '@enviro/contracts/partners';
import { assertCanReadTenant, assertSignedIn } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { recordTenantAudit } from '../../platform/audit/audit-trail.ts';
import { PartnerTenantRepository } from './partners.repository.ts';
import { toTenantInfo } from '../tenants/tenants.service.ts';

/**
 * Which industries a partner serves. A linked industry's data is readable by the partner's users,
 * who may act for it in manage mode (see access/session.ts). Site administrators link and unlink
 * (declared by the routes); each change is audited in the partner's log and in the industry's.
 */
export class PartnerService {
  private readonly links: PartnerTenantRepository;

  constructor(private readonly db: Db) {
    this.links = new PartnerTenantRepository(db);
  }

  /** The partner's industries among those the caller may read. */
  async tenants(auth: Auth, partnerId: number): Promise<PartnerTenants> {
    const user = assertSignedIn(auth);
    assertCanReadTenant(user, partnerId);
    await assertPartner(this.links, partnerId);
    return linked(this.links, partnerId, user.tenantIds);
  }

  async link(auth: Auth, partnerId: number, tenantId: number): Promise<PartnerTenants> {
    const user = assertSignedIn(auth);
    return this.change(user, partnerId, tenantId, 'partnerLink', (links) => links.link(partnerId, tenantId));
  }

  async unlink(auth: Auth, partnerId: number, tenantId: number): Promise<PartnerTenants> {
    const user = assertSignedIn(auth);
    return this.change(user, partnerId, tenantId, 'partnerUnlink', (links) => links.unlink(partnerId, tenantId));
  }

  /** Applies a link change under the partner's row lock; records it only when something changed. */
  private async change(
    user: UserAuth,
    partnerId: number,
    tenantId: number,
    action: string,
    apply: (links: PartnerTenantRepository) => Promise<boolean>,
  ): Promise<PartnerTenants> {
    assertCanReadTenant(user, partnerId);
    assertCanReadTenant(user, tenantId);
    return this.db.transaction().execute(async (trx) => {
      const links = this.links.in(trx);
      await assertPartner(links, partnerId, true);
      const industry = await links.kindOf(tenantId);
      if (!industry || industry.status === 'DELETED') throw notFound(`No tenant with id= ${tenantId} exists`);
      if (industry.type !== 'tenant') throw badRequest('tenantId', `tenant ${tenantId} is no industry: partners serve tenants of type tenant`);
      const before = await linked(links, partnerId, user.tenantIds);
      const partnersBefore = await links.partnerIdsOf(tenantId);
      if (!(await apply(links))) return before;
      const after = await linked(links, partnerId, user.tenantIds);
      const partnersAfter = await links.partnerIdsOf(tenantId);
      const summary = (p: PartnerTenants) => ({ partnerId, tenantIds: p.tenants.map((t) => t.id) });
      await recordTenantAudit(trx, user, partnerId, action, summary(before), summary(after));
      await recordTenantAudit(trx, user, tenantId, action, { tenantId, partnerIds: partnersBefore }, { tenantId, partnerIds: partnersAfter });
      return after;
    });
  }
}

/** `lock` holds the partner's row until the transaction ends: one link change of a partner at a time. */
async function assertPartner(links: PartnerTenantRepository, partnerId: number, lock = false): Promise<void> {
  const partner = await links.kindOf(partnerId, lock);
  if (!partner || partner.status === 'DELETED' || partner.type !== 'partner') throw notFound(`No partner with id= ${partnerId} exists`);
}

async function linked(links: PartnerTenantRepository, partnerId: number, readable: readonly number[]): Promise<PartnerTenants> {
  const rows = await links.tenantsOf(partnerId);
  return { partnerId, tenants: rows.filter((r) => readable.includes(r.id)).map(toTenantInfo) };
}
