import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';

/** Which alerts to count: one tenant's, in [from, to), of some types, optionally under some entities. */
export interface AlertScope {
  tenantId: number;
  from: number;
  to: number;
  types: readonly string[];
  /** Entities whose alerts count; null for the whole tenant. */
  entityIds: readonly string[] | null;
}

export interface ParameterCountRow {
  name: string;
  label: string;
  count: number;
}

export interface QuarterCountRow {
  /** Start of the alert's 15-minute slot, epoch ms. */
  quarter: number;
  count: number;
}

/** The alerts of every tenant, read as counts within one tenant's scope. */
export class AlertRepository extends Repository {

  private scoped(scope: AlertScope) {
    return this.db
      .selectFrom('alert')
      .where('alert.tenant_id', '=', scope.tenantId)
      .where('alert.ts', '>=', new Date(scope.from))
      .where('alert.ts', '<', new Date(scope.to))
      .where('alert.type', 'in', scope.types)
      .$if(scope.entityIds !== null, (qb) => qb.where('alert.entity_id', 'in', scope.entityIds!));
  }

  /** Alerts per parameter, most first. */
  async countByParameter(scope: AlertScope): Promise<ParameterCountRow[]> {
    if (scope.entityIds?.length === 0) return [];
    return this.scoped(scope)
      .innerJoin('std_param', 'std_param.id', 'alert.std_param_id')
      .select(['std_param.name', 'std_param.label', sql<number>`count(*)::int`.as('count')])
      .groupBy(['std_param.name', 'std_param.label'])
      .orderBy('count', 'desc')
      .orderBy('std_param.label')
      .execute();
  }

  /**
   * Alerts per 15-minute slot. Every bucket interval is a union of these slots in any zone whose
   * offset is a multiple of 15 minutes, so the service regroups them without reading every alert.
   */
  async countByQuarterHour(scope: AlertScope): Promise<QuarterCountRow[]> {
    if (scope.entityIds?.length === 0) return [];
    const rows = await this.scoped(scope)
      .select([sql<Date>`enviro_bucket15(alert.ts)`.as('quarter'), sql<number>`count(*)::int`.as('count')])
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute();
    return rows.map((r) => ({ quarter: r.quarter.getTime(), count: r.count }));
  }
}
