import { tenantsLookedAfter } from './tenants.queries.ts';
import type { NewTenant, TenantChanges, TenantListQuery, TenantLiveStatus, TenantPage, TenantPatch, TenantUpdate, TenantInfo } from '@enviro/contracts/tenants';
import { canManage } from '@enviro/domain/access-model';
import { liveStatus } from '@enviro/domain/live-status';
import { defaultListedStatuses } from '@enviro/domain/tenant-list';
import { assertSignedIn } from '../../platform/access/access.ts';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import { entityVisible } from '../../platform/access/entity-access.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { toPage } from '../../platform/http/paging.ts';
import { recordTenantAudit } from '../../platform/audit/audit-trail.ts';
import type { EventHub } from '../../platform/events/app-events.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { TenantRepository, type TenantValues } from './tenants.repository.ts';
import { toTenantInfo } from './tenants.service.ts';

/**
 * Tenant administration: site administrators create, edit, change the status of and delete any
 * tenant (the routes declare `siteAdmin`, so the route check alone decides who writes); every
 * signed-in user lists the tenants they may read. Each change is audited in its own transaction.
 */
export class TenantAdminService {
  private readonly tenants: TenantRepository;

  constructor(private readonly db: Db, private readonly access: TenantDirectory, private readonly entities: EntityService, private readonly events: EventHub) {
    this.tenants = new TenantRepository(db);
  }

  async list(auth: Auth, query: TenantListQuery): Promise<TenantPage> {
    const user = assertSignedIn(auth);
    if (query.manage && !canManage(user.userType)) throw forbidden('only site and partner users act for other tenants');
    const { rows, total } = await this.tenants.list({
      tenantIds: user.tenantIds,
      statuses: query.status ?? defaultListedStatuses(user.userType),
      // Manage mode acts as an industry, never as the user's own tenant.
      type: query.manage ? 'tenant' : query.type,
      excludeId: query.manage ? user.homeTenantId : undefined,
      search: query.searchString || undefined,
      sort: query.sort,
      order: query.order,
      offset: query.page * query.size,
      limit: query.size,
    });
    return toPage(rows.map(toTenantInfo), total, query);
  }

  async create(auth: Auth, input: NewTenant): Promise<TenantInfo> {
    const user = assertSignedIn(auth);
    await this.assertCorporate(input.corporateId);
    const created = await this.db.transaction().execute(async (trx) => {
      const tenants = this.tenants.in(trx);
      const id = await tenants.create({ ...valuesOf(input), type: input.type, status: input.status });
      const after = await load(tenants, id);
      await recordTenantAudit(trx, user, id, 'create', null, after);
      return after;
    });
    // An industry's template dashboards, one per station type it has; more come with its stations' devices.
    if (created.type === 'tenant') await this.events.emit('industry.created', { tenantId: created.id });
    return created;
  }

  async update(auth: Auth, id: number, input: TenantUpdate): Promise<TenantInfo> {
    const user = assertSignedIn(auth);
    await this.assertCorporate(input.corporateId);
    return this.change(user, id, 'update', (tenants) => tenants.update(id, valuesOf(input)));
  }

  /** Changes the fields given, keeping the others (POST /api/tenants/{id}); audited as an update. */
  async amend(auth: Auth, id: number, changes: TenantChanges): Promise<TenantInfo> {
    const user = assertSignedIn(auth);
    if (changes.corporateId !== undefined) await this.assertCorporate(changes.corporateId);
    const values = valuesOf(changes);
    const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<TenantValues>;
    return this.change(user, id, 'update', (tenants) => tenants.update(id, given));
  }

  /** Applies SET operations in order; only status may be set. */
  async patch(auth: Auth, id: number, ops: TenantPatch): Promise<TenantInfo> {
    const user = assertSignedIn(auth);
    const status = ops[ops.length - 1]!.value;
    return this.change(user, id, 'status', (tenants) => tenants.update(id, { status }));
  }

  /** Soft delete: the tenant becomes DELETED, its users can no longer sign in, its data stays. */
  async delete(auth: Auth, id: number): Promise<TenantInfo> {
    const user = assertSignedIn(auth);
    if (id === user.homeTenantId) throw badRequest('id', 'you may not delete your own tenant');
    return this.change(user, id, 'delete', (tenants) => tenants.update(id, { status: 'DELETED' }));
  }

  /**
   * Per tenant the caller looks after (tenantsLookedAfter: not its own board's, site's or partner's
   * tenant), how many stations are LIVE, DELAYED, OFFLINE or never reported; a user limited to some
   * entities counts only the stations they may see.
   */
  async liveStatus(auth: Auth, now = Date.now()): Promise<TenantLiveStatus[]> {
    const user = assertSignedIn(auth);
    const [tenants, stations, restriction] = await Promise.all([
      tenantsLookedAfter(this.db, user.tenantIds, user.homeTenantId),
      this.tenants.stationAges(user.tenantIds),
      this.entities.restriction(auth),
    ]);
    const counts = new Map(tenants.map((t) => [t.id, { tenantId: t.id, name: t.name, LIVE: 0, DELAYED: 0, OFFLINE: 0, UNKNOWN: 0 }]));
    for (const station of stations) {
      const row = entityVisible(restriction, station) ? counts.get(station.tenant_id) : undefined;
      if (row) row[liveStatus(station.last_data_at?.getTime(), now)] += 1;
    }
    return [...counts.values()];
  }

  /** Locks the tenant, applies the change and records before and after; a deleted tenant is not found. */
  private async change(user: UserAuth, id: number, action: string, apply: (tenants: TenantRepository) => Promise<void>): Promise<TenantInfo> {
    return this.db.transaction().execute(async (trx) => {
      const tenants = this.tenants.in(trx);
      const before = await tenants.findById(id, true);
      if (!before || before.status === 'DELETED') throw notFound(`No tenant with id= ${id} exists`);
      await apply(tenants);
      const after = await load(tenants, id);
      await recordTenantAudit(trx, user, id, action, toTenantInfo(before), after);
      return after;
    });
  }

  private async assertCorporate(corporateId: number | null): Promise<void> {
    if (corporateId !== null && !(await this.access.corporateExists(corporateId))) {
      throw badRequest('corporateId', `no corporate ${corporateId}`);
    }
  }
}

async function load(tenants: TenantRepository, id: number): Promise<TenantInfo> {
  const row = await tenants.findById(id);
  if (!row) throw notFound(`No tenant with id= ${id} exists`);
  return toTenantInfo(row);
}

function valuesOf(input: TenantUpdate): TenantValues;
function valuesOf(input: TenantChanges): Partial<TenantValues>;
function valuesOf(input: TenantChanges): Partial<TenantValues> {
  return {
    name: input.name,
    corporate_id: input.corporateId,
    monitored_units: input.monitoredUnits,
    industry_category: input.industryCategory,
    state: input.state,
    city: input.city,
  };
}

