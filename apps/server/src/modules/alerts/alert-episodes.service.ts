import { ALERT_STATE_CODES, type AlertCondition, type AlertCountSummary, type AlertDataByTenant, type AlertDetail, type AlertFillLoss, type AlertItem, type AlertNotificationDetails, type AlertPage, type AlertSeverity, type AlertStatus } from '@enviro/contracts/alerts';
import { assertCanReadTenant, assertCanWrite, assertSignedIn, scopeDataTenantIds, scopeTenantIds } from '../../platform/access/access.ts';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { AlertEpisodeRepository, type AlertListScope, type AlertRow } from './alerts.repository.ts';
import { NotificationRepository } from './notifications.repository.ts';

const DAY = 86_400_000;
const EARLIEST = Date.UTC(2000, 0, 31);
const LATEST = Date.UTC(9999, 0, 1);

export interface AlertListFilters {
  tenantId?: number | undefined;
  corporateId?: number | undefined;
  stationId?: number | undefined;
  paramName?: string | undefined;
  status?: AlertStatus[] | undefined;
  severity?: AlertSeverity[] | undefined;
  type?: AlertCondition[] | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  page: number;
  size: number;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function toAlertItem(r: AlertRow): AlertItem {
  const status = r.status as AlertStatus;
  return {
    id: Number(r.id),
    tenantId: r.tenant_id,
    tenantName: r.tenant_name,
    ruleId: Number(r.rule_id),
    ruleName: r.rule_name,
    stationId: r.entity_id === null ? null : Number(r.entity_id),
    stationName: r.entity_name,
    deviceId: r.device_id === null ? null : Number(r.device_id),
    deviceName: r.device_name,
    paramName: r.param_name,
    paramLabel: r.param_label,
    unit: r.unit,
    type: r.type as AlertCondition,
    severity: r.severity as AlertSeverity,
    status,
    state: ALERT_STATE_CODES[status],
    startedAt: r.started_at.toISOString(),
    endedAt: iso(r.ended_at),
    peak: r.peak,
    limitMin: r.limit_min,
    limitMax: r.limit_max,
    slotCount: r.slot_count,
    message: r.message,
    acknowledgedAt: iso(r.ack_at),
    acknowledgedBy: r.ack_by,
    closedAt: iso(r.closed_at),
    createdAt: r.created_at.toISOString(),
  };
}

/**
 * Alerts (episodes) as people read and handle them: lists for industries, boards, corporates and
 * quasi-regulators, one alert with its transitions and notifications, acknowledge and close (which
 * stop escalation), counts and fill/loss. Every read is scoped to the caller's tenants and, for a
 * user limited to some stations, to those.
 */
export class AlertEpisodeService {
  private readonly alerts: AlertEpisodeRepository;
  private readonly notifications: NotificationRepository;

  constructor(
    private readonly db: Db,
    private readonly access: TenantDirectory,
    private readonly entities: EntityService,
    private readonly now: () => number = Date.now,
  ) {
    this.alerts = new AlertEpisodeRepository(db);
    this.notifications = new NotificationRepository(db);
  }

  /**
   * Exceedance alerts started since `from`, per industry among `tenantIds`; `limited`: a user
   * limited to some stations of one tenant counts only theirs. No caller: the oversight overview
   * (dashboards module) asks for the tenants its caller reads.
   */
  exceedancesSince(tenantIds: readonly number[], from: Date, limited: { tenantId: number; entityIds: readonly string[] } | null): Promise<{ tenant_id: number; n: number }[]> {
    return this.alerts.exceedancesSince(tenantIds, from, limited);
  }

  /**
   * Exceedance alerts opened since `since`, every tenant's, oldest first (at most `limit`). No caller:
   * the cameras module takes a snapshot of each station's cameras within a minute of one opening.
   */
  exceedancesOpened(since: Date, limit = 500): Promise<{ tenant_id: number; id: string; entity_id: string | null; created_at: Date }[]> {
    return this.alerts.exceedancesOpened(since, limit);
  }

  /** POST /api/alerts. */
  async list(auth: Auth, f: AlertListFilters): Promise<AlertPage> {
    const tenantIds = scopeTenantIds(auth, f.tenantId === undefined ? undefined : [f.tenantId]);
    return this.page(auth, tenantIds, f);
  }

  /** POST /api/quasi-alerts: the industries (tenants of type tenant) the caller reads. */
  async quasiAlerts(auth: Auth, f: AlertListFilters): Promise<AlertPage> {
    const tenantIds = scopeTenantIds(auth, f.tenantId === undefined ? undefined : [f.tenantId]);
    return this.page(auth, await this.alerts.industryIds(tenantIds), f);
  }

  /** POST /api/corp-alerts: the tenants of a corporate (the body's, else the caller's scope) the caller reads. */
  async corpAlerts(auth: Auth, f: AlertListFilters): Promise<AlertPage> {
    assertSignedIn(auth);
    const corporateId = f.corporateId ?? (auth.kind === 'user' ? (auth.corporateId ?? (await this.alerts.corporateOfUser(auth.homeTenantId, auth.userId))) : null);
    if (corporateId === null || corporateId === undefined) throw badRequest('body.corporateId', 'name the corporate: the caller belongs to none');
    const tenantIds = await scopeDataTenantIds(this.access, auth, { tenantIds: f.tenantId === undefined ? undefined : [f.tenantId], corporateId });
    return this.page(auth, tenantIds, f);
  }

  private async scope(auth: Auth, tenantIds: readonly number[], f: Partial<AlertListFilters>): Promise<AlertListScope> {
    const restricted = new Map<number, string[]>();
    for (const tenantId of tenantIds) {
      const ids = await this.entities.visibleIds(auth, tenantId);
      if (ids !== null) restricted.set(tenantId, ids);
    }
    let entityIds: string[] | undefined;
    if (f.stationId !== undefined) {
      if (tenantIds.length !== 1) {
        // The station names its tenant: find it among the caller's.
        const owner = await this.alerts.entityTenant(f.stationId, tenantIds);
        if (owner === undefined) throw notFound(`No entity with id= ${f.stationId} exists`);
        entityIds = await this.entities.subtreeIds(auth, owner, f.stationId);
      } else entityIds = await this.entities.subtreeIds(auth, tenantIds[0]!, f.stationId);
    }
    return {
      tenantIds,
      restricted,
      entityIds,
      paramName: f.paramName,
      status: f.status,
      severity: f.severity,
      type: f.type,
      from: f.startDate === undefined ? undefined : new Date(f.startDate),
      to: f.endDate === undefined ? undefined : new Date(f.endDate),
    };
  }

  private async page(auth: Auth, tenantIds: readonly number[], f: AlertListFilters): Promise<AlertPage> {
    const scope = await this.scope(auth, tenantIds, f);
    const { rows, total } = await this.alerts.list(scope, f);
    return { items: rows.map(toAlertItem), total, page: f.page, size: f.size };
  }

  /** GET /api/alert/{id}. */
  async detail(auth: Auth, id: number): Promise<AlertDetail> {
    const row = await this.visible(auth, id);
    const transitions = await this.alerts.transitions(row.tenant_id, id);
    return {
      ...toAlertItem(row),
      ackComment: row.ack_comment,
      closedBy: row.closed_by,
      closeReason: row.close_reason,
      mergedInto: row.merged_into === null ? null : Number(row.merged_into),
      transitions: transitions.map((t) => ({
        from: t.from_status as AlertStatus | null,
        to: t.to_status as AlertStatus,
        at: t.at.toISOString(),
        by: t.user_id === null ? null : (t.name ?? 'a user of another tenant'),
        comment: t.comment,
      })),
    };
  }

  /** An alert the caller may read (its tenant and, when limited, its station), else 404. */
  private async visible(auth: Auth, id: number): Promise<AlertRow> {
    scopeTenantIds(auth);
    const row = await this.alerts.byId(auth.tenantIds, id);
    if (!row) throw notFound(`No alert with id= ${id} exists`);
    const ids = await this.entities.visibleIds(auth, row.tenant_id);
    if (ids !== null && (row.entity_id === null || !ids.includes(row.entity_id))) throw notFound(`No alert with id= ${id} exists`);
    return row;
  }

  /** POST /api/alert/{id}/acknowledge: OPEN → ACKNOWLEDGED (who, when, comment); stops escalation. */
  async acknowledge(auth: Auth, id: number, comment: string | undefined): Promise<AlertDetail> {
    const user = assertSignedIn(auth);
    assertCanWrite(auth);
    const row = await this.visible(auth, id);
    await this.db.transaction().execute(async (trx) => {
      const alerts = this.alerts.in(trx);
      const status = await alerts.lockStatus(row.tenant_id, id);
      if (status !== 'OPEN') throw badRequest('id', `the alert is ${status}, only an OPEN alert can be acknowledged`);
      const now = new Date(this.now());
      await alerts.acknowledge(row.tenant_id, id, user.userId, comment ?? null, now);
      await alerts.stopEscalation(row.tenant_id, id);
      await alerts.transition({ tenantId: row.tenant_id, alertId: id, from: 'OPEN', to: 'ACKNOWLEDGED', at: now, userId: user.userId, comment: comment ?? null });
    });
    return this.detail(auth, id);
  }

  /** POST /api/alert/{id}/close: OPEN or ACKNOWLEDGED (or RESOLVED) → CLOSED with a reason. */
  async close(auth: Auth, id: number, reason: string): Promise<AlertDetail> {
    const user = assertSignedIn(auth);
    assertCanWrite(auth);
    const row = await this.visible(auth, id);
    await this.db.transaction().execute(async (trx) => {
      const alerts = this.alerts.in(trx);
      const status = await alerts.lockStatus(row.tenant_id, id);
      if (status === 'CLOSED') throw badRequest('id', 'the alert is already CLOSED');
      const now = new Date(this.now());
      await alerts.close(row.tenant_id, id, user.userId, reason, now);
      await alerts.stopEscalation(row.tenant_id, id);
      await alerts.transition({ tenantId: row.tenant_id, alertId: id, from: status!, to: 'CLOSED', at: now, userId: user.userId, comment: reason });
    });
    return this.detail(auth, id);
  }

  /** POST /api/alerts/acknowledge: every OPEN one of `ids`; any id the caller cannot read answers 404 and changes nothing. */
  async acknowledgeMany(auth: Auth, ids: readonly number[], comment: string | undefined): Promise<{ acknowledged: number }> {
    const user = assertSignedIn(auth);
    assertCanWrite(auth);
    const rows: AlertRow[] = [];
    for (const id of new Set(ids)) rows.push(await this.visible(auth, id));
    let acknowledged = 0;
    await this.db.transaction().execute(async (trx) => {
      const alerts = this.alerts.in(trx);
      const now = new Date(this.now());
      await alerts.lockTenants(rows.map((r) => r.tenant_id));
      for (const row of rows.toSorted((a, b) => Number(a.id) - Number(b.id))) {
        const id = Number(row.id);
        if ((await alerts.lockStatus(row.tenant_id, id)) !== 'OPEN') continue;
        await alerts.acknowledge(row.tenant_id, id, user.userId, comment ?? null, now);
        await alerts.stopEscalation(row.tenant_id, id);
        await alerts.transition({ tenantId: row.tenant_id, alertId: id, from: 'OPEN', to: 'ACKNOWLEDGED', at: now, userId: user.userId, comment: comment ?? null });
        acknowledged += 1;
      }
    });
    return { acknowledged };
  }

  /** GET /api/alertNotificationDetails/{id}. */
  async notificationDetails(auth: Auth, id: number): Promise<AlertNotificationDetails> {
    const row = await this.visible(auth, id);
    const items = await this.notifications.ofAlert(row.tenant_id, id);
    return {
      alertId: id,
      items: items.map((n) => ({
        id: Number(n.id),
        channel: n.channel as AlertNotificationDetails['items'][number]['channel'],
        level: n.level,
        recipient: n.recipient,
        address: n.address,
        status: n.status as 'PENDING' | 'SENT' | 'FAILED',
        attempts: n.attempts,
        result: n.result,
        createdAt: n.created_at.toISOString(),
        sentAt: iso(n.sent_at),
        nextAttemptAt: n.status === 'PENDING' ? n.next_attempt_at.toISOString() : null,
      })),
    };
  }

  private range(r: { startDate?: string | undefined; endDate?: string | undefined }, where: 'body' | 'querystring') {
    const to = r.endDate === undefined ? this.now() : Date.parse(r.endDate);
    const from = r.startDate === undefined ? to - 30 * DAY : Date.parse(r.startDate);
    for (const [field, t] of [['endDate', to], ['startDate', from]] as const) {
      if (!(t >= EARLIEST && t <= LATEST)) throw badRequest(`${where}.${field}`, 'must lie between 2000 and 9999');
    }
    if (from >= to) throw badRequest(`${where}.startDate`, 'must be before endDate (default: now)');
    return { from, to };
  }

  /** GET /api/alertCounts. */
  async counts(auth: Auth, q: { startDate?: string | undefined; endDate?: string | undefined; tenantId?: number | undefined }): Promise<AlertCountSummary> {
    const tenantIds = scopeTenantIds(auth, q.tenantId === undefined ? undefined : [q.tenantId]);
    const { from, to } = this.range(q, 'querystring');
    const scope = { ...(await this.scope(auth, tenantIds, {})), from: new Date(from), to: new Date(to) };
    const [byStatus, bySeverity, byType, active] = await Promise.all([
      this.alerts.countsBy(scope, 'a.status'),
      this.alerts.countsBy(scope, 'a.severity'),
      this.alerts.countsBy(scope, 'a.type'),
      this.alerts.active(scope),
    ]);
    const n = (rows: { key: string; n: number }[], key: string) => rows.find((r) => r.key === key)?.n ?? 0;
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      open: n(byStatus, 'OPEN'),
      acknowledged: n(byStatus, 'ACKNOWLEDGED'),
      resolved: n(byStatus, 'RESOLVED'),
      closed: n(byStatus, 'CLOSED'),
      total: byStatus.reduce((s, r) => s + r.n, 0),
      active,
      bySeverity: Object.fromEntries(bySeverity.map((r) => [r.key, r.n])) as AlertCountSummary['bySeverity'],
      byType: Object.fromEntries(byType.map((r) => [r.key, r.n])) as AlertCountSummary['byType'],
    };
  }

  /** GET /api/alertFillLoss. */
  async fillLoss(auth: Auth, q: { startDate?: string | undefined; endDate?: string | undefined; tenantId?: number | undefined }): Promise<AlertFillLoss> {
    const tenantIds = scopeTenantIds(auth, q.tenantId === undefined ? undefined : [q.tenantId]);
    const { from, to } = this.range(q, 'querystring');
    const scope = { ...(await this.scope(auth, tenantIds, {})), from: new Date(from), to: new Date(to), type: ['DATA_LOSS', 'DATA_FILL'] };
    const [{ rows }, byType] = await Promise.all([this.alerts.list(scope, { page: 0, size: 500 }), this.alerts.countsBy(scope, 'a.type')]);
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      loss: byType.find((r) => r.key === 'DATA_LOSS')?.n ?? 0,
      fill: byType.find((r) => r.key === 'DATA_FILL')?.n ?? 0,
      items: rows.map(toAlertItem),
    };
  }

  /** POST /api/tenants/{tenantId}/alertDataByTenant: the tenant and every industry it reads (a board's), by status. */
  async dataByTenant(auth: Auth, tenantId: number, r: { startDate?: string | undefined; endDate?: string | undefined }): Promise<AlertDataByTenant> {
    assertCanReadTenant(auth, tenantId);
    const { from, to } = this.range(r, 'body');
    const tenantIds = await this.alerts.readByTenant(tenantId, auth.tenantIds);
    const scope = { ...(await this.scope(auth, tenantIds, {})), from: new Date(from), to: new Date(to) };
    const rows = await this.alerts.countsByTenant(scope);
    const tenants = new Map<number, AlertDataByTenant['tenants'][number]>();
    for (const row of rows) {
      const t = tenants.get(row.tenant_id) ?? { tenantId: row.tenant_id, tenantName: row.tenant_name, open: 0, acknowledged: 0, resolved: 0, closed: 0, total: 0 };
      const key = row.status.toLowerCase() as 'open' | 'acknowledged' | 'resolved' | 'closed';
      t[key] += row.n;
      t.total += row.n;
      tenants.set(row.tenant_id, t);
    }
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      tenants: [...tenants.values()].sort((a, b) => b.total - a.total || a.tenantName.localeCompare(b.tenantName)),
    };
  }
}
