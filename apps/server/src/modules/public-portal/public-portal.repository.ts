import { PUBLIC_TENANT_STATUSES } from '../../platform/access/auth.ts';
import { Repository } from '../../platform/database/repository.ts';
import { entityRows, isStationSql } from '../entities/entities.queries.ts';
import { tenantRows } from '../tenants/tenants.queries.ts';

/** One station of a public industry, or the industry alone (station columns null) when it has none. */
export interface IndustryStationRow {
  id: number;
  name: string;
  status: string;
  industry_category: string | null;
  city: string | null;
  state: string | null;
  /** The station (null when the tenant has none). */
  station_id: string | null;
  station_type: string | null;
  last_data_at: Date | null;
}

/** A statutory body as the public portal's directory lists it. */
export interface BoardRow {
  id: number;
  name: string;
  state: string | null;
  city: string | null;
}

/** The statutory bodies and their industries' stations, as the public portal lists them. */
export class PublicPortalRepository extends Repository {
  /** Statutory bodies in a public status; with `industryId`, those it reports to while it is public itself. */
  async findBoards(industryId?: number): Promise<BoardRow[]> {
    return this.db
      .selectFrom(tenantRows(this.db).as('t'))
      .select(['t.id', 't.name', 't.state', 't.city'])
      .where('t.type', '=', 'statutory')
      .where('t.status', 'in', PUBLIC_TENANT_STATUSES)
      .$if(industryId !== undefined, (q) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('statutory_association as sa')
              .innerJoin(tenantRows(this.db).as('i'), 'i.id', 'sa.tenant_id')
              .select('sa.tenant_id')
              .whereRef('sa.statutory_id', '=', 't.id')
              .where('sa.tenant_id', '=', industryId!)
              .where('i.status', 'in', PUBLIC_TENANT_STATUSES),
          ),
        ),
      )
      .execute();
  }

  /**
   * The industries among `tenantIds` that are the board itself or report to it, in a public status,
   * one row per ENABLED station.
   */
  async findIndustryStations(tenantIds: readonly number[], boardId: number): Promise<IndustryStationRow[]> {
    if (tenantIds.length === 0) return [];
    return this.db
      .selectFrom(tenantRows(this.db).as('t'))
      .leftJoin(entityRows(this.db).as('e'), (join) =>
        join
          .onRef('e.tenant_id', '=', 't.id')
          .on('e.status', '=', 'ENABLED')
          .on(isStationSql('e')),
      )
      .select([
        't.id',
        't.name',
        't.status',
        't.industry_category',
        't.city',
        't.state',
        'e.id as station_id',
        'e.type as station_type',
        'e.last_data_at',
      ])
      .where('t.id', 'in', tenantIds)
      .where('t.type', '=', 'tenant')
      .where('t.status', 'in', PUBLIC_TENANT_STATUSES)
      .where((eb) =>
        eb.or([
          eb('t.id', '=', boardId),
          eb.exists(
            eb
              .selectFrom('statutory_association as sa')
              .select('sa.tenant_id')
              .whereRef('sa.tenant_id', '=', 't.id')
              .where('sa.statutory_id', '=', boardId),
          ),
        ]),
      )
      .execute();
  }
}
