import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { TENANT_COLUMNS, type TenantRow } from '../../platform/database/tenant-columns.ts';
import { isNotDeletedSql, tenantRows } from '../tenants/tenants.queries.ts';

export interface CorporateRow {
  id: number;
  name: string;
  contact_email: string | null;
  contact_phone: string | null;
  tenant_count: number;
}

/** Which corporates a list shows, already narrowed to what the caller may see. */
export interface CorporateFilter {
  /** Tenants the caller may read: only these are counted. */
  tenantIds: readonly number[];
  /** Also corporates owning none of `tenantIds` (a site user's view of the platform). */
  all: boolean;
  corporateId?: number | undefined;
  search?: string | undefined;
  sort?: 'id' | 'name' | 'tenantCount' | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** The editable columns of a corporate. */
export interface CorporateValues {
  name: string;
  contact_email: string | null;
  contact_phone: string | null;
}

const SORT_COLUMNS = { id: 'id', name: 'name', tenantCount: 'tenant_count' } as const;

/** Corporates and the tenants they own, counted and listed within the tenants a caller may read. */
export class CorporateRepository extends Repository {

  /**
   * Corporates with how many of `tenantIds` (not deleted) each owns; with `all` also those owning
   * none of them, else only those owning at least one.
   */
  async list(filter: CorporateFilter, page?: { offset: number; limit: number }): Promise<CorporateRow[]> {
    const order = filter.order ?? 'asc';
    return this.filtered(filter)
      .orderBy(SORT_COLUMNS[filter.sort ?? 'name'], order)
      .orderBy('id', order)
      .$if(page !== undefined, (q) => q.offset(page!.offset).limit(page!.limit))
      .execute();
  }

  /** How many corporates `list` would answer over all pages. */
  async count(filter: CorporateFilter): Promise<number> {
    const row = await this.db
      .selectFrom(this.filtered(filter).as('c'))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** One corporate with the tenants of `tenantIds` it owns counted; `lock` holds it for an update. */
  async findById(id: number, tenantIds: readonly number[], lock = false): Promise<CorporateRow | undefined> {
    if (lock) await this.db.selectFrom('corporate').select('id').where('id', '=', id).forUpdate().execute();
    const [row] = await this.filtered({ tenantIds, all: true, corporateId: id }).execute();
    return row;
  }

  /** Inserts the corporate; a name taken in any case fails on corporate_name_key (23505). */
  async create(values: CorporateValues): Promise<number> {
    const { id } = await this.db.insertInto('corporate').values(values).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, values: CorporateValues): Promise<void> {
    await this.db.updateTable('corporate').set({ ...values, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
  }

  /** The corporate's tenants among `tenantIds`, not deleted, by name. */
  async tenants(corporateId: number, tenantIds: readonly number[]): Promise<TenantRow[]> {
    if (tenantIds.length === 0) return [];
    return this.db
      .selectFrom(tenantRows(this.db).as('tenant'))
      .innerJoin('corporate', 'corporate.id', 'tenant.corporate_id')
      .select(TENANT_COLUMNS)
      .where('tenant.corporate_id', '=', corporateId)
      .where('tenant.id', 'in', tenantIds)
      .where(isNotDeletedSql('tenant'))
      .orderBy('tenant.name')
      .orderBy('tenant.id')
      .execute();
  }

  async corporateIdOf(tenantId: number): Promise<number | null> {
    const row = await this.db.selectFrom(tenantRows(this.db).as('tenant')).select('corporate_id').where('id', '=', tenantId).executeTakeFirst();
    return row?.corporate_id ?? null;
  }

  private filtered(filter: CorporateFilter) {
    const ids = filter.tenantIds.length === 0 ? [0] : filter.tenantIds;
    const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    return this.db
      .selectFrom('corporate as c')
      .leftJoin(tenantRows(this.db).as('t'), (j) => j.onRef('t.corporate_id', '=', 'c.id').on('t.id', 'in', ids).on(isNotDeletedSql('t')))
      .select(['c.id', 'c.name', 'c.contact_email', 'c.contact_phone', sql<number>`count(t.id)::int`.as('tenant_count')])
      .$if(filter.corporateId !== undefined, (q) => q.where('c.id', '=', filter.corporateId!))
      .$if(pattern !== undefined, (q) => q.where('c.name', 'ilike', pattern!))
      .groupBy('c.id')
      .$if(!filter.all, (q) => q.having(sql<number>`count(t.id)`, '>', 0));
  }
}
