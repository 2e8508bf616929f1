import { EXCEEDANCE_EPISODE_TYPES } from '@enviro/domain/figures';
import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { deviceRows } from '../devices/devices.queries.ts';
import { entityRows } from '../entities/entities.queries.ts';
import { isNotDeletedSql, tenantRows } from '../tenants/tenants.queries.ts';

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

/** Filters of an alert list, already scoped to the caller. */
export interface AlertListScope {
  tenantIds: readonly number[];
  /** Per tenant, the entities a restricted caller sees (tenants not listed: every entity). */
  restricted: ReadonlyMap<number, readonly string[]>;
  /** Only alerts of these entities (a station and its descendants). */
  entityIds?: readonly string[] | undefined;
  paramName?: string | undefined;
  status?: readonly string[] | undefined;
  severity?: readonly string[] | undefined;
  type?: readonly string[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface AlertRow {
  tenant_id: number;
  id: string;
  tenant_name: string;
  rule_id: string;
  rule_name: string;
  entity_id: string | null;
  entity_name: string | null;
  /** Null for an alert about a camera (device_name is then the camera's name). */
  device_id: string | null;
  device_name: string;
  param_name: string | null;
  param_label: string | null;
  unit: string | null;
  type: string;
  severity: string;
  status: string;
  started_at: Date;
  ended_at: Date | null;
  peak: number | null;
  limit_min: number | null;
  limit_max: number | null;
  slot_count: number;
  message: string;
  ack_at: Date | null;
  ack_by: string | null;
  ack_comment: string | null;
  closed_at: Date | null;
  closed_by: string | null;
  close_reason: string | null;
  merged_into: string | null;
  created_at: Date;
}

/** An alert as a notification tells it (AlertEpisodeRepository.noticeRows). */
export interface AlertNoticeRow extends AlertRow {
  last_breach_at: Date;
  duration_minutes: number | null;
  /** The rule's own thresholds (both null: the parameter's limits). */
  threshold_min: number | null;
  threshold_max: number | null;
  /** What the rule judged in the latest breaching slot: its average, or its extreme reading. */
  last_value: number | null;
}

/** The conditions whose alerts are exceedance episodes (docs/DEFINITIONS.md). */
const EXCEEDANCE_TYPES = [...EXCEEDANCE_EPISODE_TYPES];

/** Alert episodes: lists, one alert with its transitions, lifecycle writes, counts. */
export class AlertEpisodeRepository extends Repository {
  /**
   * The alerts `tenantIds` and `ids` name, with the names to show: the episodes are read first (a
   * materialized CTE, by primary key), then joined, so the plan starts from those few rows whatever
   * the statistics say about the tenant's rules and devices.
   */
  private base(tenantIds: readonly number[], ids: readonly string[]) {
    return this.db
      .with(
        (cte) => cte('a').materialized(),
        (db) => db.selectFrom('alert_episode').selectAll().where('tenant_id', 'in', tenantIds).where('id', 'in', ids),
      )
      .selectFrom('a')
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'a.tenant_id')
      .innerJoin('alert_rule as r', (j) => j.onRef('r.tenant_id', '=', 'a.tenant_id').onRef('r.id', '=', 'a.rule_id'))
      // An alert about a camera has no device: its subject names it (195).
      .leftJoin(deviceRows(this.db).as('d'), (j) => j.onRef('d.tenant_id', '=', 'a.tenant_id').onRef('d.id', '=', 'a.device_id'))
      .leftJoin(entityRows(this.db).as('e'), (j) => j.onRef('e.tenant_id', '=', 'a.tenant_id').onRef('e.id', '=', 'a.entity_id'))
      .leftJoin('std_param as sp', 'sp.id', 'a.std_param_id')
      .leftJoin('device_param as dp', (j) => j.onRef('dp.tenant_id', '=', 'a.tenant_id').onRef('dp.device_id', '=', 'a.device_id').onRef('dp.slot', '=', 'a.slot'))
      .leftJoin('app_user as au', (j) => j.onRef('au.tenant_id', '=', 'a.tenant_id').onRef('au.id', '=', 'a.ack_user_id'))
      .leftJoin('app_user as cu', (j) => j.onRef('cu.tenant_id', '=', 'a.tenant_id').onRef('cu.id', '=', 'a.closed_user_id'));
  }

  /**
   * Exceedance alerts (15-minute average, sustained, instantaneous) that started since `from`, per
   * tenant; `limited` keeps one tenant's to some stations (a user limited to them).
   */
  async exceedancesSince(tenantIds: readonly number[], from: Date, limited: { tenantId: number; entityIds: readonly string[] } | null): Promise<{ tenant_id: number; n: number }[]> {
    if (tenantIds.length === 0) return [];
    return this.db
      .selectFrom('alert_episode as a')
      .select(['a.tenant_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('a.tenant_id', '=', sql<number>`ANY(${sql.val([...tenantIds])}::int[])`)
      .where('a.started_at', '>=', from)
      .where('a.type', 'in', EXCEEDANCE_TYPES)
      .$if(limited !== null, (qb) =>
        qb.where((eb) =>
          eb.or([eb('a.tenant_id', '<>', limited!.tenantId), eb('a.entity_id', '=', sql<string>`ANY(${sql.val(limited!.entityIds.length ? [...limited!.entityIds] : ['0'])}::bigint[])`)]),
        ),
      )
      .groupBy('a.tenant_id')
      .execute()
      .then((rows) => rows.map((r) => ({ tenant_id: r.tenant_id, n: Number(r.n) })));
  }

  /** Exceedance alerts opened (created) since `since`, oldest first, of every tenant (the cameras' exceedance snapshots). */
  async exceedancesOpened(since: Date, limit: number): Promise<{ tenant_id: number; id: string; entity_id: string | null; created_at: Date }[]> {
    return this.db
      .selectFrom('alert_episode as a')
      .select(['a.tenant_id', 'a.id', 'a.entity_id', 'a.created_at'])
      .where('a.created_at', '>=', since)
      .where('a.type', 'in', EXCEEDANCE_TYPES)
      .orderBy('a.created_at')
      .orderBy('a.id')
      .limit(limit)
      .execute();
  }

  /** The scope's alerts, filtered on `alert_episode` alone (its indexes), for counts and pages. */
  private filtered(scope: AlertListScope) {
    return this.db
      .selectFrom('alert_episode as a')
      .where('a.tenant_id', 'in', scope.tenantIds)
      .$if(scope.restricted.size > 0, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('a.tenant_id', 'not in', [...scope.restricted.keys()]),
            ...[...scope.restricted].map(([tenantId, ids]) =>
              eb.and([eb('a.tenant_id', '=', tenantId), ids.length > 0 ? eb('a.entity_id', 'in', ids) : sql<boolean>`false`]),
            ),
          ]),
        ),
      )
      .$if(scope.entityIds !== undefined, (qb) => (scope.entityIds!.length > 0 ? qb.where('a.entity_id', 'in', scope.entityIds!) : qb.where(sql<boolean>`false`)))
      .$if(scope.paramName !== undefined, (qb) =>
        qb.where('a.std_param_id', '=', (eb) => eb.selectFrom('std_param').select('std_param.id').where('std_param.name', '=', scope.paramName!)),
      )
      .$if(scope.status !== undefined && scope.status.length > 0, (qb) => qb.where('a.status', 'in', scope.status!))
      .$if(scope.severity !== undefined && scope.severity.length > 0, (qb) => qb.where('a.severity', 'in', scope.severity!))
      .$if(scope.type !== undefined && scope.type.length > 0, (qb) => qb.where('a.type', 'in', scope.type!))
      .$if(scope.from !== undefined, (qb) => qb.where('a.started_at', '>=', scope.from!))
      .$if(scope.to !== undefined, (qb) => qb.where('a.started_at', '<', scope.to!));
  }

  private columns() {
    return [
      'a.tenant_id',
      'a.id',
      't.name as tenant_name',
      'a.rule_id',
      'r.name as rule_name',
      'a.entity_id',
      'e.name as entity_name',
      'a.device_id',
      sql<string>`coalesce(d.name, a.subject, '')`.as('device_name'),
      'sp.name as param_name',
      'sp.label as param_label',
      // An energy budget's peak and limit are the node's energy, in kWh (no parameter names a unit).
      sql<string | null>`coalesce(dp.unit, sp.unit, CASE WHEN a.type = 'ENERGY_BUDGET' THEN 'kWh' END)`.as('unit'),
      'a.type',
      'a.severity',
      'a.status',
      'a.started_at',
      'a.ended_at',
      'a.peak',
      'a.limit_min',
      'a.limit_max',
      'a.slot_count',
      'a.message',
      'a.ack_at',
      'au.name as ack_by',
      'a.ack_comment',
      'a.closed_at',
      'cu.name as closed_by',
      'a.close_reason',
      'a.merged_into',
      'a.created_at',
    ] as const;
  }

  /** One page, newest start first, and the count over all pages: the page's ids first, then their rows. */
  async list(scope: AlertListScope, page: { page: number; size: number }): Promise<{ rows: AlertRow[]; total: number }> {
    if (scope.tenantIds.length === 0) return { rows: [], total: 0 };
    const [ids, count] = await Promise.all([
      this.filtered(scope)
        .select(['a.tenant_id', 'a.id'])
        .orderBy('a.started_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(page.size)
        .offset(page.page * page.size)
        .execute(),
      this.filtered(scope).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    if (ids.length === 0) return { rows: [], total: count.n };
    const rows = (await this.base(
      [...new Set(ids.map((r) => r.tenant_id))],
      ids.map((r) => r.id),
    )
      .select(this.columns())
      .execute()) as AlertRow[];
    const at = new Map(ids.map((r, i) => [`${r.tenant_id}:${r.id}`, i]));
    rows.sort((a, b) => at.get(`${a.tenant_id}:${a.id}`)! - at.get(`${b.tenant_id}:${b.id}`)!);
    return { rows, total: count.n };
  }

  /** One alert of the caller's tenants, or undefined. */
  async byId(tenantIds: readonly number[], id: number): Promise<AlertRow | undefined> {
    if (tenantIds.length === 0) return undefined;
    const row = await this.base(tenantIds, [String(id)]).select(this.columns()).executeTakeFirst();
    return row as AlertRow | undefined;
  }

  /**
   * The alerts named, with what a notification says of each: besides the alert's row, the start of
   * its latest breaching slot, the value its rule judged there (`alert_slot`; null when the slot has
   * no row) and a sustained rule's duration.
   */
  async noticeRows(keys: readonly { tenantId: number; alertId: string }[]): Promise<AlertNoticeRow[]> {
    if (keys.length === 0) return [];
    const rows = (await this.base(
      [...new Set(keys.map((k) => k.tenantId))],
      [...new Set(keys.map((k) => k.alertId))],
    )
      .select([
        ...this.columns(),
        'a.last_breach_at',
        'r.duration_minutes',
        'r.threshold_min',
        'r.threshold_max',
        (eb) =>
          eb
            .selectFrom('alert_slot as s')
            .select('s.value')
            .whereRef('s.tenant_id', '=', 'a.tenant_id')
            .whereRef('s.rule_id', '=', 'a.rule_id')
            .whereRef('s.device_id', '=', 'a.device_id')
            .whereRef('s.slot', '=', 'a.slot')
            .whereRef('s.bucket', '=', 'a.last_breach_at')
            .as('last_value'),
      ])
      .execute()) as AlertNoticeRow[];
    const wanted = new Set(keys.map((k) => `${k.tenantId}:${k.alertId}`));
    return rows.filter((r) => wanted.has(`${r.tenant_id}:${r.id}`));
  }

  async transitions(tenantId: number, id: number) {
    return this.db
      .selectFrom('alert_transition as x')
      .leftJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'x.tenant_id').onRef('u.id', '=', 'x.user_id'))
      .select(['x.from_status', 'x.to_status', 'x.at', 'x.user_id', 'u.name', 'x.comment'])
      .where('x.tenant_id', '=', tenantId)
      .where('x.alert_id', '=', String(id))
      .orderBy('x.at')
      .orderBy('x.id')
      .execute();
  }

  /**
   * Takes the tenants' episode locks until the transaction ends, in ascending order: every
   * transaction that locks many of a tenant's alerts (an evaluation pass, a data-loss check, a bulk
   * acknowledge) takes its tenant's first. Two of them would otherwise lock the same alerts in
   * different orders and deadlock (seen with two evaluators: a server's worker beside the demo seed).
   */
  async lockTenants(tenantIds: readonly number[]): Promise<void> {
    if (tenantIds.length === 0) return;
    await sql`SELECT pg_advisory_xact_lock(hashtext('enviro.alert_episodes'), t) FROM unnest(${sql.val([...new Set(tenantIds)])}::int[]) t ORDER BY t`.execute(this.db);
  }

  /** Locks an alert for a lifecycle change; answers its status. */
  async lockStatus(tenantId: number, id: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('alert_episode').select('status').where('tenant_id', '=', tenantId).where('id', '=', String(id)).forUpdate().executeTakeFirst();
    return row?.status;
  }

  async acknowledge(tenantId: number, id: number, userId: number, comment: string | null, now: Date): Promise<void> {
    await this.db
      .updateTable('alert_episode')
      .set({ status: 'ACKNOWLEDGED', ack_user_id: String(userId), ack_at: now, ack_comment: comment, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .execute();
  }

  async close(tenantId: number, id: number, userId: number, reason: string, now: Date): Promise<void> {
    await this.db
      .updateTable('alert_episode')
      .set({ status: 'CLOSED', closed_user_id: String(userId), closed_at: now, close_reason: reason, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .execute();
  }

  /** Stops an alert's escalation (acknowledged, closed). */
  async stopEscalation(tenantId: number, id: number): Promise<void> {
    await this.db.updateTable('alert_escalation_state').set({ next_at: null }).where('tenant_id', '=', tenantId).where('alert_id', '=', String(id)).execute();
  }

  async transition(t: { tenantId: number; alertId: number; from: string | null; to: string; at: Date; userId: number | null; comment: string | null }): Promise<void> {
    await this.db
      .insertInto('alert_transition')
      .values({ tenant_id: t.tenantId, alert_id: String(t.alertId), from_status: t.from, to_status: t.to, at: t.at, user_id: t.userId === null ? null : String(t.userId), comment: t.comment })
      .execute();
  }

  /** Alerts that started in the scope's range, by status, severity and type. */
  async countsBy(scope: AlertListScope, column: 'a.status' | 'a.severity' | 'a.type'): Promise<{ key: string; n: number }[]> {
    if (scope.tenantIds.length === 0) return [];
    return this.filtered(scope).select([sql<string>`${sql.ref(column)}`.as('key'), sql<number>`count(*)::int`.as('n')]).groupBy(column).execute();
  }

  /** Per tenant, alerts by status. */
  async countsByTenant(scope: AlertListScope): Promise<{ tenant_id: number; tenant_name: string; status: string; n: number }[]> {
    if (scope.tenantIds.length === 0) return [];
    return this.filtered(scope)
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'a.tenant_id')
      .select(['a.tenant_id', 't.name as tenant_name', 'a.status', sql<number>`count(*)::int`.as('n')])
      .groupBy(['a.tenant_id', 't.name', 'a.status'])
      .execute();
  }

  /** Alerts active now (OPEN, ACKNOWLEDGED), whatever their start. */
  async active(scope: AlertListScope): Promise<number> {
    if (scope.tenantIds.length === 0) return 0;
    const row = await this.filtered({ ...scope, from: undefined, to: undefined, status: ['OPEN', 'ACKNOWLEDGED'] })
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** The industries (tenants of type tenant) among `tenantIds`. */
  async industryIds(tenantIds: readonly number[]): Promise<number[]> {
    if (tenantIds.length === 0) return [];
    const rows = await this.db.selectFrom(tenantRows(this.db).as('tenant')).select('id').where('id', 'in', tenantIds).where('type', '=', 'tenant').execute();
    return rows.map((r) => r.id);
  }

  /** The corporate of a user (their own, else their tenant's), or null. */
  async corporateOfUser(tenantId: number, userId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('app_user as u')
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'u.tenant_id')
      .select(sql<number | null>`coalesce(u.corporate_id, t.corporate_id)`.as('corporate_id'))
      .where('u.tenant_id', '=', tenantId)
      .where('u.id', '=', String(userId))
      .executeTakeFirst();
    return row?.corporate_id ?? null;
  }

  /** The tenant among `tenantIds` owning an entity. */
  async entityTenant(entityId: number, tenantIds: readonly number[]): Promise<number | undefined> {
    if (tenantIds.length === 0) return undefined;
    const row = await this.db.selectFrom(entityRows(this.db).as('entity')).select('tenant_id').where('id', '=', String(entityId)).where('tenant_id', 'in', tenantIds).executeTakeFirst();
    return row?.tenant_id;
  }

  /** A tenant and the industries it reads (a board's associated ones, a partner's linked ones), within `within`. */
  async readByTenant(tenantId: number, within: readonly number[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom(tenantRows(this.db).as('tenant'))
      .select('id')
      .where('id', 'in', within.length > 0 ? within : [-1])
      .where(isNotDeletedSql('tenant'))
      .where((eb) =>
        eb.or([
          eb('id', '=', tenantId),
          eb('id', 'in', eb.selectFrom('statutory_association').select('tenant_id').where('statutory_id', '=', tenantId)),
          eb('id', 'in', eb.selectFrom('partner_tenant').select('tenant_id').where('partner_id', '=', tenantId)),
        ]),
      )
      .execute();
    return rows.map((r) => r.id);
  }
}
