import { randomBytes } from 'node:crypto';
import type { Gateway } from '@enviro/contracts/gateways';
import { liveStatus } from '@enviro/domain/live-status';
import { assertMayChangeFleet, fleetTenant, mayChangeFleet, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import { GatewayAdminRepository, type GatewayRow } from './gateways.repository.ts';

const gatewayNotFound = (id: number) => notFound(`No gateway with id= ${id} exists`);

/**
 * An industry's gateways (SPEC 7 gateways and gateway counts): read by whoever reads the industry,
 * changed by those who change its devices (assertMayChangeFleet), audited. A removed gateway's or an
 * old token stops at once on every server (CREDENTIAL_CHANNEL, as device tokens).
 */
export class GatewayService {
  private readonly gateways: GatewayAdminRepository;

  constructor(
    private readonly db: Db,
    private readonly forgetTokens: (tokens: readonly string[]) => void = () => undefined,
  ) {
    this.gateways = new GatewayAdminRepository(db);
  }

  async list(auth: Auth, tenantId: number | undefined): Promise<Gateway[]> {
    const tenantIds = scopeTenantIds(auth, tenantId === undefined ? undefined : [tenantId]);
    const now = Date.now();
    return (await this.gateways.list(tenantIds)).map((g) => toGateway(g, now, mayChangeFleet(auth, g.tenant_id)));
  }

  async create(auth: Auth, tenantId: number | undefined, name: string): Promise<Gateway> {
    const tenant = fleetTenant(auth, tenantId);
    const user = assertMayChangeFleet(auth, tenant);
    return this.db.transaction().execute(async (trx) => {
      const row = await this.gateways.in(trx).insert(tenant, name, newToken());
      await audit(trx, user, row, 'gateway.create', null, { name });
      return toGateway(row, Date.now(), true);
    });
  }

  async rename(auth: Auth, id: number, name: string): Promise<Gateway> {
    const { row: before, user } = await this.writable(auth, id);
    return this.db.transaction().execute(async (trx) => {
      const row = await this.gateways.in(trx).update(before.tenant_id, id, { name });
      await audit(trx, user, row, 'gateway.update', { name: before.name }, { name });
      return toGateway(row, Date.now(), true);
    });
  }

  /** A new token; the old one stops at once. */
  async rotateToken(auth: Auth, id: number): Promise<Gateway> {
    const { row: before, user } = await this.writable(auth, id);
    const row = await this.db.transaction().execute(async (trx) => {
      const gateways = this.gateways.in(trx);
      const row = await gateways.update(before.tenant_id, id, { accessToken: newToken() });
      await gateways.announce(before.access_token);
      await audit(trx, user, row, 'gateway.rotateToken', null, null);
      return row;
    });
    this.forgetTokens([before.access_token]);
    return toGateway(row, Date.now(), true);
  }

  async remove(auth: Auth, id: number): Promise<{ id: number }> {
    const { row, user } = await this.writable(auth, id);
    await this.db.transaction().execute(async (trx) => {
      const gateways = this.gateways.in(trx);
      await gateways.softDelete(row.tenant_id, id);
      await gateways.announce(row.access_token);
      await audit(trx, user, row, 'gateway.delete', { name: row.name }, null);
    });
    this.forgetTokens([row.access_token]);
    return { id };
  }

  /** Gateways in service and live: of the caller's tenants, or (site users only, SPEC 6) of a partner's industries. */
  async count(auth: Auth, partnerId: number | undefined): Promise<{ total: number; live: number }> {
    const tenantIds = scopeTenantIds(auth);
    if (partnerId === undefined) return this.gateways.count(tenantIds, Date.now());
    if (auth.kind !== 'user' || auth.userType !== 'site') throw badRequest('partnerId', 'only site users count the gateways of a partner');
    const linked = new Set(await this.gateways.partnerTenants(partnerId));
    return this.gateways.count(tenantIds.filter((id) => linked.has(id)), Date.now());
  }

  private async writable(auth: Auth, id: number): Promise<{ row: GatewayRow; user: UserAuth }> {
    const row = await this.gateways.find(scopeTenantIds(auth), id);
    if (!row) throw gatewayNotFound(id);
    return { row, user: assertMayChangeFleet(auth, row.tenant_id) };
  }
}

function newToken(): string {
  return randomBytes(15).toString('base64url');
}

function toGateway(g: GatewayRow, now: number, canEdit: boolean): Gateway {
  return {
    id: Number(g.id),
    tenantId: g.tenant_id,
    name: g.name,
    lastSeenAt: g.last_seen_at?.toISOString() ?? null,
    liveStatus: liveStatus(g.last_seen_at?.getTime(), now),
    accessToken: canEdit ? g.access_token : null,
  };
}

function audit(trx: Db, user: UserAuth, row: GatewayRow, action: string, before: unknown, after: unknown): Promise<void> {
  return recordAudit(trx, { tenantId: row.tenant_id, actor: `user:${user.userId}`, actorUserId: user.userId, action, entity: `gateway:${row.id}`, before, after });
}
