import { Repository } from '../platform/database/repository.ts';
import { sql } from 'kysely';

/** Demo alerts: queues the last slots for evaluation and walks a few alerts through their lifecycle. */
export class DemoAlertsRepository extends Repository {
  /** Queues every 15-minute slot of the tenants in [from, to) for the alert evaluation ('alerts'). */
  async queueSlots(tenantIds: readonly number[], from: Date, to: Date): Promise<number> {
    if (tenantIds.length === 0) return 0;
    const result = await sql`
      INSERT INTO slot_change (tenant_id, consumer, device_id, bucket)
      SELECT DISTINCT tenant_id, 'alerts', device_id, bucket FROM reading_15m
      WHERE tenant_id = ANY(${[...tenantIds]}::int[]) AND bucket >= ${from} AND bucket < ${to}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** A DATA_LOSS (60 min) and a DATA_FILL rule on every station of the tenants, and early warnings. */
  async addLossRules(tenantIds: readonly number[]): Promise<void> {
    if (tenantIds.length === 0) return;
    await sql`
      INSERT INTO alert_rule (tenant_id, name, entity_id, condition, duration_minutes, severity)
      SELECT DISTINCT d.tenant_id, x.name, d.entity_id, x.condition, x.minutes, x.severity
      FROM device d CROSS JOIN (VALUES ('No data for an hour', 'DATA_LOSS', 60, 'MINOR'), ('Data gap back-filled', 'DATA_FILL', NULL, 'WARNING')) AS x(name, condition, minutes, severity)
      WHERE d.tenant_id = ANY(${[...tenantIds]}::int[]) AND d.entity_id IS NOT NULL`.execute(this.db);
    // An early warning at 80 % of each upper limit, so the demo shows warnings beside exceedances.
    await sql`
      INSERT INTO alert_rule (tenant_id, name, entity_id, std_param_ids, condition, comparison, threshold_max, severity)
      SELECT DISTINCT d.tenant_id, sp.label || ' above 80 % of its limit (early warning)', d.entity_id, ARRAY[sp.id], 'AVG_15M', 'ABOVE', 0.8 * pl.max_value, 'WARNING'
      FROM param_limit pl
      JOIN device d ON d.tenant_id = pl.tenant_id AND d.id = pl.device_id AND d.entity_id IS NOT NULL
      JOIN device_param dp ON dp.tenant_id = pl.tenant_id AND dp.device_id = pl.device_id AND dp.slot = pl.slot
      JOIN std_param sp ON sp.id = dp.std_param_id
      WHERE pl.tenant_id = ANY(${[...tenantIds]}::int[]) AND pl.max_value IS NOT NULL`.execute(this.db);
  }

  /** A repeating escalation (every 15 minutes until acknowledged) as the first industry's default. */
  async repeatingEscalation(tenantId: number): Promise<void> {
    const levels = [
      { delayMinutes: 0, repeatMinutes: 15, recipients: { industryRoles: ['admin', 'user'], corporateRoles: [], statutoryRoles: ['admin', 'statutory', 'user'], cpcb: true, userIds: [], emails: [], phones: [], webhooks: [] } },
      { delayMinutes: 60, repeatMinutes: 60, recipients: { industryRoles: [], corporateRoles: [], statutoryRoles: ['admin'], cpcb: false, userIds: [], emails: [], phones: [], webhooks: [] } },
    ];
    await this.db.updateTable('alert_escalation').set({ is_default: false }).where('tenant_id', '=', tenantId).execute();
    await this.db
      .insertInto('alert_escalation')
      .values({ tenant_id: tenantId, name: 'Repeat every 15 minutes until acknowledged', is_default: true, levels: JSON.stringify(levels) })
      .execute();
  }

  /** Open alerts of the tenants with a user of their own tenant, oldest first. */
  async openAlerts(tenantIds: readonly number[]): Promise<{ tenantId: number; id: string; userId: string | null }[]> {
    if (tenantIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('alert_episode as a')
      .select(['a.tenant_id', 'a.id', sql<string | null>`(SELECT u.id::text FROM app_user u WHERE u.tenant_id = a.tenant_id ORDER BY u.id LIMIT 1)`.as('user_id')])
      .where('a.tenant_id', 'in', tenantIds)
      .where('a.status', '=', 'OPEN')
      .orderBy('a.started_at')
      .execute();
    return rows.map((r) => ({ tenantId: r.tenant_id, id: r.id, userId: r.user_id }));
  }

  async setStatus(a: { tenantId: number; id: string; userId: string | null }, to: 'ACKNOWLEDGED' | 'CLOSED', comment: string, at: Date): Promise<void> {
    await this.db
      .updateTable('alert_episode')
      .set(
        to === 'ACKNOWLEDGED'
          ? { status: to, ack_user_id: a.userId, ack_at: at, ack_comment: comment, updated_at: at }
          : { status: to, closed_user_id: a.userId, closed_at: at, close_reason: comment, updated_at: at },
      )
      .where('tenant_id', '=', a.tenantId)
      .where('id', '=', a.id)
      .execute();
    await this.db.updateTable('alert_escalation_state').set({ next_at: null }).where('tenant_id', '=', a.tenantId).where('alert_id', '=', a.id).execute();
    await this.db
      .insertInto('alert_transition')
      .values({ tenant_id: a.tenantId, alert_id: a.id, from_status: 'OPEN', to_status: to, at, user_id: a.userId, comment })
      .execute();
  }

  /**
   * A series of the tenant with an upper limit, on a station (not a device diagnostic): its device,
   * slot and limit. With `readingSince`, one that reported since then outside calibration and
   * maintenance windows, on a station not under maintenance.
   */
  async limitedSeries(tenantId: number, readingSince?: Date): Promise<{ deviceId: string; slot: number; max: number } | undefined> {
    const { rows } = await sql<{ device_id: string; slot: number; max_value: number }>`
      SELECT l.device_id, l.slot, l.max_value
      FROM param_limit l
      JOIN device d ON d.tenant_id = l.tenant_id AND d.id = l.device_id AND d.entity_id IS NOT NULL
      JOIN device_param dp ON dp.tenant_id = l.tenant_id AND dp.device_id = l.device_id AND dp.slot = l.slot
      JOIN std_param sp ON sp.id = dp.std_param_id
      WHERE l.tenant_id = ${tenantId} AND l.max_value > 0 AND sp.name NOT LIKE 'device\_%'
        ${
          readingSince
            ? sql`AND EXISTS (SELECT 1 FROM reading r WHERE r.tenant_id = l.tenant_id AND r.device_id = l.device_id AND r.ts >= ${readingSince} AND r.vals[l.slot] IS NOT NULL)
                  AND NOT EXISTS (SELECT 1 FROM suppression_window w WHERE w.tenant_id = l.tenant_id AND (w.device_id = l.device_id OR w.entity_id = d.entity_id)
                                  AND (w.ends_at IS NULL OR w.ends_at > ${readingSince}))
                  AND EXISTS (SELECT 1 FROM entity e WHERE e.tenant_id = d.tenant_id AND e.id = d.entity_id AND e.working_status IS DISTINCT FROM 'Maintenance')`
            : sql``
        }
      ORDER BY d.entity_id, l.device_id, l.slot
      LIMIT 1`.execute(this.db);
    const r = rows[0];
    return r && { deviceId: r.device_id, slot: r.slot, max: r.max_value };
  }

  /** The tenant's open alerts of a rule's 15-minute average. */
  async openExceedances(tenantId: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM alert_episode WHERE tenant_id = ${tenantId} AND type = 'AVG_15M' AND status = 'OPEN'`.execute(this.db);
    return rows[0]!.n;
  }

  /** Alerts of the tenant that late readings joined into another. */
  async mergedAlerts(tenantId: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM alert_episode WHERE tenant_id = ${tenantId} AND merged_into IS NOT NULL`.execute(this.db);
    return rows[0]!.n;
  }
}
