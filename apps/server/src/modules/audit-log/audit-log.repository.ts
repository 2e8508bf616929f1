import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { tenantRows } from '../tenants/tenants.queries.ts';

export interface AuditLogRow {
  tenant_id: number;
  tenant_name: string;
  id: string;
  actor: string;
  actor_user_id: string | null;
  /** The acting user's name, when the reader reads their tenant. */
  actor_name: string | null;
  at: Date;
  action: string;
  entity: string;
  /** The changed user's, tenant's or corporate's name, when the reader reads it. */
  entity_name: string | null;
  before: unknown;
  after: unknown;
}

/** The id of `entity` ('<table>:<id>') when it names a row of `table`, else NULL (never a failed cast). */
const idOf = <Id extends number | string>(table: string) => sql<Id>`CASE WHEN a.entity ~ ${`^${table}:[0-9]{1,15}$`} THEN split_part(a.entity, ':', 2)::bigint END`;

/** The audit log of every tenant (platform/audit appends it), read newest first. */
export class AuditLogRepository extends Repository {
  /**
   * The changes of `tenantIds`, newest first, with how many match over all pages. Names are
   * resolved within `readable` (every tenant the reader reads) only: a user of another tenant stays
   * nameless, as does a corporate owning none of them.
   */
  async list(filter: {
    tenantIds: readonly number[];
    readable: readonly number[];
    entity?: string | undefined;
    offset: number;
    limit: number;
  }): Promise<{ rows: AuditLogRow[]; total: number }> {
    const { tenantIds } = filter;
    if (tenantIds.length === 0) return { rows: [], total: 0 };
    // One array parameter, however many tenants a site administrator reads.
    const readable = (column: string) => sql<boolean>`${sql.ref(column)} = ANY(${sql.val([...filter.readable])}::int[])`;
    const base = this.db
      .selectFrom('audit_log as a')
      .where('a.tenant_id', 'in', tenantIds)
      .$if(filter.entity !== undefined, (q) => q.where('a.entity', '=', filter.entity!));
    const page = base
      .select(['a.tenant_id', 'a.id', 'a.actor', 'a.actor_user_id', 'a.at', 'a.action', 'a.entity', 'a.before', 'a.after'])
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit);
    // The page first, then its names: each name table is read once for the page, not once per row.
    const [rows, count] = await Promise.all([
      this.db
        .with('a', () => page)
        .selectFrom('a')
        .innerJoin(tenantRows(this.db).as('t'), 't.id', 'a.tenant_id')
        .leftJoin('app_user as au', (j) => j.onRef('au.id', '=', 'a.actor_user_id').on(readable('au.tenant_id')))
        .leftJoin('app_user as eu', (j) => j.on('eu.id', '=', idOf<string>('app_user')).on(readable('eu.tenant_id')))
        .leftJoin(tenantRows(this.db).as('et'), (j) => j.on('et.id', '=', idOf<number>('tenant')).on(readable('et.id')))
        .leftJoin('corporate as c', (j) =>
          j
            .on('c.id', '=', idOf<number>('corporate'))
            .on((eb) => eb.exists(eb.selectFrom(tenantRows(this.db).as('ct')).select('ct.id').whereRef('ct.corporate_id', '=', 'c.id').where(readable('ct.id')))),
        )
        .selectAll('a')
        .select((eb) => ['t.name as tenant_name', 'au.name as actor_name', eb.fn.coalesce('eu.name', 'et.name', 'c.name').as('entity_name')])
        .orderBy('a.at', 'desc')
        .orderBy('a.id', 'desc')
        .execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: count.n };
  }
}
