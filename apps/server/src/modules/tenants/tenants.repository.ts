import type { Db } from '../../platform/database/database.ts';

/** The columns of a TenantRow; the query must join corporate (left join when it may be absent). */
export const TENANT_COLUMNS = [
  'tenant.id',
  'tenant.name',
  'tenant.status',
  'tenant.type',
  'tenant.monitored_units',
  'tenant.corporate_id',
  'corporate.name as corporate_name',
  'tenant.state',
  'tenant.city',
  'tenant.industry_category',
] as const;

export interface TenantRow {
  id: number;
  name: string;
  status: string;
  type: string;
  monitored_units: number;
  corporate_id: number | null;
  corporate_name: string | null;
  state: string | null;
  city: string | null;
  industry_category: string | null;
}

export class TenantRepository {
  constructor(private readonly db: Db) {}

  /** The tenant with its corporate's name; callers check access before asking. */
  async findById(id: number): Promise<TenantRow | undefined> {
    return this.db
      .selectFrom('tenant')
      .leftJoin('corporate', 'corporate.id', 'tenant.corporate_id')
      .select(TENANT_COLUMNS)
      .where('tenant.id', '=', id)
      .executeTakeFirst();
  }
}
