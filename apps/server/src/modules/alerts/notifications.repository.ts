import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { isNotDeletedSql, tenantRows } from '../tenants/tenants.queries.ts';

/** An escalation level round that is due. */
export interface DueEscalation {
  tenantId: number;
  alertId: string;
  level: number;
  nextAt: Date;
  status: string;
  severity: string;
  message: string;
  escalationId: string | null;
}

/** A person or address a notification goes to. */
export interface RecipientUser {
  tenantId: number;
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  /** Whether its owner confirmed the phone (SMS go only to a confirmed one). */
  phoneVerified: boolean;
  channels: string[] | null;
}

export interface OutboxRow {
  tenantId: number;
  id: string;
  alertId: string;
  channel: string;
  userTenantId: number | null;
  userId: string | null;
  recipient: string;
  address: string;
  attempts: number;
  severity: string;
  message: string;
}

export interface RoleRecipients {
  industryRoles: string[];
  corporateRoles: string[];
  statutoryRoles: string[];
  cpcb: boolean;
  userIds: number[];
}

/** Escalation progress, the notification outbox, in-app notifications and channel preferences. */
export class NotificationRepository extends Repository {
  /** Level rounds due at `now`, locked so one server sends each round. */
  async dueEscalations(now: Date, limit: number): Promise<DueEscalation[]> {
    const rows = await this.db
      .selectFrom('alert_escalation_state as s')
      .innerJoin('alert_episode as a', (j) => j.onRef('a.tenant_id', '=', 's.tenant_id').onRef('a.id', '=', 's.alert_id'))
      .innerJoin('alert_rule as r', (j) => j.onRef('r.tenant_id', '=', 'a.tenant_id').onRef('r.id', '=', 'a.rule_id'))
      .select(['s.tenant_id', 's.alert_id', 's.level', 's.next_at', 'a.status', 'a.severity', 'a.message', 'r.escalation_id'])
      .where('s.next_at', 'is not', null)
      .where('s.next_at', '<=', now)
      .orderBy('s.next_at')
      .limit(limit)
      .forUpdate('s')
      .skipLocked()
      .execute();
    return rows.map((r) => ({
      tenantId: r.tenant_id,
      alertId: r.alert_id,
      level: r.level,
      nextAt: r.next_at!,
      status: r.status,
      severity: r.severity,
      message: r.message,
      escalationId: r.escalation_id,
    }));
  }

  /** The levels of the policy of an alert: its rule's, else its tenant's default. */
  async policyLevels(tenantId: number, escalationId: string | null): Promise<unknown[]> {
    const row = await this.db
      .selectFrom('alert_escalation')
      .select('levels')
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'ENABLED')
      .$if(escalationId !== null, (qb) => qb.where('id', '=', escalationId!))
      .$if(escalationId === null, (qb) => qb.where('is_default', '=', true))
      .executeTakeFirst();
    return (row?.levels as unknown[] | undefined) ?? [];
  }

  async setNext(tenantId: number, alertId: string, level: number, nextAt: Date | null, sent: boolean): Promise<void> {
    await this.db
      .updateTable('alert_escalation_state')
      .set((eb) => ({ next_at: nextAt, ...(sent && { sent_count: eb('sent_count', '+', 1) }) }))
      .where('tenant_id', '=', tenantId)
      .where('alert_id', '=', alertId)
      .where('level', '=', level)
      .execute();
  }

  /**
   * Enabled users an escalation level names for an industry: its own users by role, its
   * corporate's users by role, the users of the statutory bodies it reports to by role, CPCB's
   * users (statutory tenants named CPCB or Central Pollution Control Board), and named users of
   * any of those tenants. With their channel choice for `severity` (null: the default).
   */
  async recipients(tenantId: number, r: RoleRecipients, severity: string): Promise<RecipientUser[]> {
    const rows = await this.db
      .selectFrom('app_user as u')
      .innerJoin(tenantRows(this.db).as('ut'), 'ut.id', 'u.tenant_id')
      .leftJoin('notification_preference as p', (j) =>
        j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.user_id', '=', 'u.id').on('p.severity', '=', severity),
      )
      .select(['u.tenant_id', 'u.id', 'u.name', 'u.user_name', 'u.phone', 'u.phone_verified', 'p.channels'])
      .where('u.status', '=', 'ENABLED')
      .where(isNotDeletedSql('ut'))
      .where((eb) => {
        const industry = eb.selectFrom(tenantRows(this.db).as('tenant')).select('corporate_id').where('id', '=', tenantId);
        const statutory = eb.selectFrom('statutory_association').select('statutory_id').where('tenant_id', '=', tenantId);
        const ors = [];
        if (r.industryRoles.length > 0) ors.push(eb.and([eb('u.tenant_id', '=', tenantId), eb('u.role', 'in', r.industryRoles)]));
        if (r.corporateRoles.length > 0)
          ors.push(eb.and([eb('u.user_type', '=', 'corporate_admin'), eb('u.corporate_id', '=', industry), eb('u.role', 'in', r.corporateRoles)]));
        if (r.statutoryRoles.length > 0) ors.push(eb.and([eb('u.tenant_id', 'in', statutory), eb('u.role', 'in', r.statutoryRoles)]));
        if (r.cpcb) ors.push(eb.and([eb('ut.type', '=', 'statutory'), sql<boolean>`(ut.name ILIKE 'CPCB%' OR ut.name ILIKE 'Central Pollution Control Board%')`]));
        if (r.userIds.length > 0)
          ors.push(
            eb.and([
              eb('u.id', 'in', r.userIds.map(String)),
              eb.or([eb('u.tenant_id', '=', tenantId), eb('u.tenant_id', 'in', statutory), eb('u.corporate_id', '=', industry)]),
            ]),
          );
        return ors.length > 0 ? eb.or(ors) : sql<boolean>`false`;
      })
      .orderBy('u.tenant_id')
      .orderBy('u.id')
      .execute();
    return rows.map((u) => ({ tenantId: u.tenant_id, userId: u.id, name: u.name, email: u.user_name, phone: u.phone, phoneVerified: u.phone_verified, channels: u.channels }));
  }

  async enqueue(rows: { tenantId: number; alertId: string; level: number; channel: string; userTenantId: number | null; userId: string | null; recipient: string; address: string; dueAt: Date; now: Date }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('notification_outbox')
      .values(
        rows.map((r) => ({
          tenant_id: r.tenantId,
          alert_id: r.alertId,
          level: r.level,
          channel: r.channel,
          user_tenant_id: r.userTenantId,
          user_id: r.userId,
          recipient: r.recipient,
          address: r.address,
          next_attempt_at: r.dueAt,
          created_at: r.now,
        })),
      )
      .execute();
  }

  /** Pending notifications due at `now`, locked (SKIP LOCKED: each is sent by one server). */
  async takeDue(now: Date, limit: number): Promise<OutboxRow[]> {
    const rows = await this.db
      .selectFrom('notification_outbox as o')
      .innerJoin('alert_episode as a', (j) => j.onRef('a.tenant_id', '=', 'o.tenant_id').onRef('a.id', '=', 'o.alert_id'))
      .select(['o.tenant_id', 'o.id', 'o.alert_id', 'o.channel', 'o.user_tenant_id', 'o.user_id', 'o.recipient', 'o.address', 'o.attempts', 'a.severity', 'a.message'])
      .where('o.status', '=', 'PENDING')
      .where('o.next_attempt_at', '<=', now)
      .orderBy('o.next_attempt_at')
      .limit(limit)
      .forUpdate('o')
      .skipLocked()
      .execute();
    return rows.map((r) => ({
      tenantId: r.tenant_id,
      id: r.id,
      alertId: r.alert_id,
      channel: r.channel,
      userTenantId: r.user_tenant_id,
      userId: r.user_id,
      recipient: r.recipient,
      address: r.address,
      attempts: r.attempts,
      severity: r.severity,
      message: r.message,
    }));
  }

  async markSent(ids: readonly { tenantId: number; id: string }[], result: string, now: Date): Promise<void> {
    for (const { tenantId, id } of ids) {
      await this.db
        .updateTable('notification_outbox')
        .set((eb) => ({ status: 'SENT', attempts: eb('attempts', '+', 1), result, sent_at: now }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    }
  }

  async markFailed(ids: readonly { tenantId: number; id: string }[], result: string, nextAttemptAt: Date | null): Promise<void> {
    for (const { tenantId, id } of ids) {
      await this.db
        .updateTable('notification_outbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          result,
          ...(nextAttemptAt === null ? { status: 'FAILED' } : { next_attempt_at: nextAttemptAt }),
        }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    }
  }

  async insertInApp(n: { tenantId: number; userId: string; alertIds: string[]; severity: string; title: string; body: string; now: Date }): Promise<void> {
    await this.db
      .insertInto('user_notification')
      .values({ tenant_id: n.tenantId, user_id: n.userId, alert_ids: n.alertIds, severity: n.severity, title: n.title, body: n.body, created_at: n.now })
      .execute();
  }

  // --- reads for the routes -----------------------------------------------------------------------

  async ofAlert(tenantId: number, alertId: number) {
    return this.db
      .selectFrom('notification_outbox')
      .select(['id', 'channel', 'level', 'recipient', 'address', 'status', 'attempts', 'result', 'created_at', 'sent_at', 'next_attempt_at'])
      .where('tenant_id', '=', tenantId)
      .where('alert_id', '=', String(alertId))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async inApp(tenantId: number, userId: number, limit: number) {
    return this.db
      .selectFrom('user_notification')
      .select(['id', 'alert_ids', 'severity', 'title', 'body', 'created_at', 'read_at'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', String(userId))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async unread(tenantId: number, userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('user_notification')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', String(userId))
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async markRead(tenantId: number, userId: number, ids: readonly number[] | 'all', now: Date): Promise<void> {
    await this.db
      .updateTable('user_notification')
      .set({ read_at: now })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', String(userId))
      .where('read_at', 'is', null)
      .$if(ids !== 'all', (qb) => qb.where('id', 'in', (ids as number[]).map(String)))
      .execute();
  }

  async preferences(tenantId: number, userId: number) {
    return this.db
      .selectFrom('notification_preference')
      .select(['severity', 'channels'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', String(userId))
      .execute();
  }

  async putPreferences(tenantId: number, userId: number, prefs: readonly { severity: string; channels: string[] }[]): Promise<void> {
    await this.db.deleteFrom('notification_preference').where('tenant_id', '=', tenantId).where('user_id', '=', String(userId)).execute();
    if (prefs.length === 0) return;
    await this.db
      .insertInto('notification_preference')
      .values(prefs.map((p) => ({ tenant_id: tenantId, user_id: String(userId), severity: p.severity, channels: p.channels })))
      .execute();
  }
}
