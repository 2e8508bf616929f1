import { sql } from 'kysely';
import { CONTAINER_TYPES } from '../../platform/database/entity-types.ts';
import { Repository } from '../../platform/database/repository.ts';
import { TENANT_COLUMNS, type TenantRow } from '../../platform/database/tenant-columns.ts';
import { entityRows } from '../entities/entities.queries.ts';

/** Filters of a tenant list, already narrowed to what the caller may read. */
export interface TenantListFilter {
  tenantIds: readonly number[];
  statuses: readonly string[];
  type?: string | undefined;
  search?: string | undefined;
  excludeId?: number | undefined;
  sort: 'id' | 'name' | 'status' | 'type';
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** The editable columns of a tenant. */
export interface TenantValues {
  name: string;
  corporate_id: number | null;
  monitored_units: number;
  industry_category: string | null;
  state: string | null;
  city: string | null;
}

/** A station's tenant and when it last reported. */
export interface StationAgeRow {
  tenant_id: number;
  id: string;
  last_data_at: Date | null;
}

/** A tenant as the operator's list shows it, with the bodies it reports to. */
export interface OperatorTenantRow {
  id: number;
  name: string;
  type: string;
  status: string;
  industryCategory: string | null;
  state: string | null;
  city: string | null;
  statutoryIds: number[];
}

/** Tenants, with their corporate's name, and their API keys. */
export class TenantRepository extends Repository {
  async list(filter: TenantListFilter): Promise<{ rows: TenantRow[]; total: number }> {
    if (filter.tenantIds.length === 0 || filter.statuses.length === 0) return { rows: [], total: 0 };
    const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const base = this.db
      .selectFrom('tenant')
      .leftJoin('corporate', 'corporate.id', 'tenant.corporate_id')
      .where('tenant.id', 'in', filter.tenantIds)
      .where('tenant.status', 'in', filter.statuses)
      .$if(filter.type !== undefined, (q) => q.where('tenant.type', '=', filter.type!))
      .$if(filter.excludeId !== undefined, (q) => q.where('tenant.id', '!=', filter.excludeId!))
      .$if(pattern !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('tenant.name', 'ilike', pattern!),
            eb('tenant.city', 'ilike', pattern!),
            eb('tenant.state', 'ilike', pattern!),
          ]),
        ),
      );
    const [rows, count] = await Promise.all([
      base
        .select(TENANT_COLUMNS)
        .orderBy(`tenant.${filter.sort}`, filter.order)
        .orderBy('tenant.id', filter.order)
        .offset(filter.offset)
        .limit(filter.limit)
        .execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: count.n };
  }

  /** The tenant, deleted or not; callers check access before asking and decide what a deleted one means to them. */
  async findById(id: number, lock = false): Promise<TenantRow | undefined> {
    return this.db
      .selectFrom('tenant')
      .leftJoin('corporate', 'corporate.id', 'tenant.corporate_id')
      .select(TENANT_COLUMNS)
      .where('tenant.id', '=', id)
      .$if(lock, (q) => q.forUpdate('tenant'))
      .executeTakeFirst();
  }

  async create(values: TenantValues & { type: string; status: string }): Promise<number> {
    const row = await this.db.insertInto('tenant').values({ ...values, address: null }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Partial<TenantValues & { status: string }>): Promise<void> {
    await this.db.updateTable('tenant').set({ ...values, updated_at: sql`now()` }).where('id', '=', id).execute();
  }

  /** The enabled stations (entities that are not groups or facilities) of the tenants. */
  async stationAges(tenantIds: readonly number[]): Promise<StationAgeRow[]> {
    if (tenantIds.length === 0) return [];
    return this.db
      .selectFrom(entityRows(this.db).as('entity'))
      .select(['tenant_id', 'id', 'last_data_at'])
      .where('tenant_id', 'in', tenantIds)
      .where('status', '=', 'ENABLED')
      .where('type', 'not in', CONTAINER_TYPES)
      .execute();
  }

  /** Names of the tenants that are not deleted, by id. */
  async names(tenantIds: readonly number[]): Promise<{ id: number; name: string }[]> {
    if (tenantIds.length === 0) return [];
    return this.db
      .selectFrom('tenant')
      .select(['id', 'name'])
      .where('id', 'in', tenantIds)
      .where('status', '!=', 'DELETED')
      .orderBy('id')
      .execute();
  }

  /** Every tenant of the type and status given (any when not), deleted ones too, by id. */
  async listForOperator(filter: { type?: string | undefined; status?: string | undefined }): Promise<OperatorTenantRow[]> {
    return this.db
      .selectFrom('tenant as t')
      .select([
        't.id',
        't.name',
        't.type',
        't.status',
        't.industry_category as industryCategory',
        't.state',
        't.city',
        sql<number[]>`coalesce((SELECT array_agg(a.statutory_id ORDER BY a.statutory_id) FROM statutory_association a
                                WHERE a.tenant_id = t.id), '{}')`.as('statutoryIds'),
      ])
      .$if(filter.type !== undefined, (q) => q.where('t.type', '=', filter.type!))
      .$if(filter.status !== undefined, (q) => q.where('t.status', '=', filter.status!))
      .orderBy('t.id')
      .execute();
  }

  /** Stores an API key of the tenant by its hash: the key itself is never stored. */
  async addApiKey(tenantId: number, name: string, keyHash: string): Promise<void> {
    await this.db.insertInto('api_key').values({ key_hash: keyHash, tenant_id: tenantId, name }).execute();
  }
}
