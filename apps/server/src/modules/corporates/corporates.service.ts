import type { Corporate, CorporateDetail, CorporateForTenant, CorporateInput, CorporateListQuery, CorporatePage, CorporatePageQuery } from '@enviro/contracts/corporates';
import type { TenantInfo } from '@enviro/contracts/tenants';
import { assertCanReadTenant, assertSignedIn } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { toPage } from '../../platform/http/paging.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import { CorporateRepository, type CorporateFilter, type CorporateRow, type CorporateValues } from './corporates.repository.ts';
import { toTenantInfo } from '../tenants/tenants.service.ts';

/**
 * Corporates as a caller sees them: a site user (outside manage mode and corporate scope) every
 * corporate, anyone else the corporates owning a tenant they may read. Tenant counts and lists
 * stay within the caller's tenants. Creating and editing are for site administrators (declared by
 * the routes); each change is audited in its own transaction.
 */
export class CorporateService {
  private readonly corporates: CorporateRepository;

  constructor(private readonly db: Db) {
    this.corporates = new CorporateRepository(db);
  }

  async list(auth: Auth, query: Partial<CorporateListQuery> = {}): Promise<Corporate[]> {
    const user = assertSignedIn(auth);
    return (await this.corporates.list(filterOf(user, query))).map(toCorporate);
  }

  async page(auth: Auth, query: CorporatePageQuery): Promise<CorporatePage> {
    const user = assertSignedIn(auth);
    const filter = filterOf(user, query);
    const [rows, total] = await Promise.all([
      this.corporates.list(filter, { offset: query.page * query.size, limit: query.size }),
      this.corporates.count(filter),
    ]);
    return toPage(rows.map(toCorporateDetail), total, query);
  }

  async get(auth: Auth, id: number): Promise<CorporateDetail> {
    const user = assertSignedIn(auth);
    const [row] = await this.corporates.list({ ...filterOf(user, {}), corporateId: id });
    if (!row) throw notFound(`No corporate with id= ${id} exists`);
    return toCorporateDetail(row);
  }

  async create(auth: Auth, input: CorporateInput): Promise<CorporateDetail> {
    const user = assertSignedIn(auth);
    return this.write(async (trx, corporates) => {
      const id = await corporates.create(valuesOf(input));
      const after = await load(corporates, user, id);
      await recordCorporateAudit(trx, user, id, 'create', null, after);
      return after;
    });
  }

  async update(auth: Auth, id: number, input: CorporateInput): Promise<CorporateDetail> {
    const user = assertSignedIn(auth);
    return this.write(async (trx, corporates) => {
      const before = await corporates.findById(id, user.tenantIds, true);
      if (!before) throw notFound(`No corporate with id= ${id} exists`);
      await corporates.update(id, valuesOf(input));
      const after = await load(corporates, user, id);
      await recordCorporateAudit(trx, user, id, 'update', toCorporateDetail(before), after);
      return after;
    });
  }

  async tenants(auth: Auth, corporateId: number): Promise<TenantInfo[]> {
    const user = assertSignedIn(auth);
    const [corporate] = await this.corporates.list({ ...filterOf(user, {}), corporateId });
    if (!corporate) throw notFound(`No corporate with id= ${corporateId} exists`);
    return (await this.corporates.tenants(corporateId, user.tenantIds)).map(toTenantInfo);
  }

  async forTenant(auth: Auth, tenantId: number): Promise<CorporateForTenant> {
    const user = assertSignedIn(auth);
    assertCanReadTenant(user, tenantId);
    const corporateId = await this.corporates.corporateIdOf(tenantId);
    if (corporateId === null) return { tenantId, corporate: null };
    const [corporate] = await this.corporates.list({ tenantIds: user.tenantIds, all: true, corporateId });
    return { tenantId, corporate: corporate ? toCorporate(corporate) : null };
  }

  /** Runs a write in a transaction; a name another corporate has in any case answers 409 naming the field. */
  private async write<T>(apply: (trx: Db, corporates: CorporateRepository) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute((trx) => apply(trx, this.corporates.in(trx)));
    } catch (error) {
      if ((error as { code?: string; constraint?: string }).constraint === 'corporate_name_key') {
        throw conflict('name', 'another corporate has this name');
      }
      throw error;
    }
  }
}

async function load(corporates: CorporateRepository, user: UserAuth, id: number): Promise<CorporateDetail> {
  const row = await corporates.findById(id, user.tenantIds);
  if (!row) throw notFound(`No corporate with id= ${id} exists`);
  return toCorporateDetail(row);
}

/**
 * The caller's view of the corporates: a site user sees every one unless acting for a tenant;
 * a CORPORATE-ID header narrows anyone's view to that corporate.
 */
function filterOf(user: UserAuth, query: Partial<CorporateListQuery>): CorporateFilter {
  return {
    tenantIds: user.tenantIds,
    all: user.userType === 'site' && !user.manage,
    corporateId: user.corporateId ?? undefined,
    search: query.searchString || undefined,
    sort: query.sort,
    order: query.order,
  };
}

/**
 * A corporate belongs to no tenant; its changes are recorded in the log of the administrator's
 * own tenant (the platform operator's), as the row 'corporate:<id>'.
 */
function recordCorporateAudit(trx: Db, user: UserAuth, id: number, action: string, before: unknown, after: unknown) {
  return recordAudit(trx, {
    tenantId: user.homeTenantId,
    actor: `user:${user.userId}`,
    actorUserId: user.userId,
    action,
    entity: `corporate:${id}`,
    before,
    after,
  });
}

function valuesOf(input: CorporateInput): CorporateValues {
  return { name: input.name, contact_email: input.contactEmail, contact_phone: input.contactPhone };
}

function toCorporate(row: CorporateRow): Corporate {
  return { id: row.id, name: row.name, tenantCount: row.tenant_count };
}

function toCorporateDetail(row: CorporateRow): CorporateDetail {
  return { ...toCorporate(row), contactEmail: row.contact_email, contactPhone: row.contact_phone };
}
