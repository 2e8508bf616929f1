import { createHash } from 'node:crypto';
import { APP_PATHS } from '@enviro/domain/app-paths';
import type { Db } from '../../platform/database/database.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import type { WebhookSender } from '../../platform/webhook/webhook-sender.ts';
import { NotificationRepository, type OutboxRow } from './notifications.repository.ts';

const MINUTE = 60_000;

/** Attempts before a notification is given up (FAILED); waits between them double from 1 minute. */
export const MAX_ATTEMPTS = 5;

/** Channels of a user who chose none for a severity. */
export function defaultChannels(severity: string): string[] {
  return severity === 'CRITICAL' ? ['EMAIL', 'SMS', 'IN_APP'] : ['EMAIL', 'IN_APP'];
}

interface Level {
  delayMinutes: number;
  repeatMinutes: number | null;
  recipients: {
    industryRoles?: string[];
    corporateRoles?: string[];
    statutoryRoles?: string[];
    cpcb?: boolean;
    userIds?: number[];
    emails?: string[];
    phones?: string[];
    webhooks?: string[];
  };
}

export interface NotifierDeps {
  mailer: Mailer;
  sms: SmsProvider;
  webhooks: WebhookSender;
  /** Base of links in messages. */
  publicUrl?: string | undefined;
}

/**
 * Escalation and delivery, both kept in PostgreSQL so a restart or a second server loses and
 * repeats nothing:
 * - `escalate`: every level round that is due (`alert_escalation_state.next_at`) of an alert still
 *   OPEN queues one outbox row per recipient and channel, then moves to the next repeat (or stops);
 *   an acknowledged, resolved or closed alert stops.
 * - `dispatch`: due outbox rows are sent, those of one address together as one message (rows are due
 *   at the next whole minute, so a storm makes one message per recipient per minute); a failure is
 *   retried with doubling waits and shown in alertNotificationDetails.
 * The clock is injected, so tests run escalation on a fake one.
 */
export class AlertNotifier {
  constructor(
    private readonly db: Db,
    private readonly deps: NotifierDeps,
    private readonly now: () => number = Date.now,
  ) {}

  async tick(): Promise<{ queued: number; sent: number; failed: number }> {
    const queued = await this.escalate();
    const { sent, failed } = await this.dispatch();
    return { queued, sent, failed };
  }

  /** Queues the due escalation rounds; answers how many outbox rows were queued. */
  async escalate(limit = 200): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new NotificationRepository(trx);
      const nowMs = this.now();
      const now = new Date(nowMs);
      // Due at the next whole minute: what opens within a minute goes out together.
      const dueAt = new Date(Math.ceil(nowMs / MINUTE) * MINUTE);
      let queued = 0;
      for (const due of await repo.dueEscalations(now, limit)) {
        if (due.status !== 'OPEN') {
          await repo.setNext(due.tenantId, due.alertId, due.level, null, false);
          continue;
        }
        const levels = (await repo.policyLevels(due.tenantId, due.escalationId)) as Level[];
        const level = levels[due.level - 1];
        if (!level) {
          await repo.setNext(due.tenantId, due.alertId, due.level, null, false);
          continue;
        }
        const r = level.recipients;
        const users = await repo.recipients(
          due.tenantId,
          { industryRoles: r.industryRoles ?? [], corporateRoles: r.corporateRoles ?? [], statutoryRoles: r.statutoryRoles ?? [], cpcb: r.cpcb ?? false, userIds: r.userIds ?? [] },
          due.severity,
        );
        const base = { tenantId: due.tenantId, alertId: due.alertId, level: due.level, dueAt, now };
        const rows = [
          ...users.flatMap((u) =>
            (u.channels ?? defaultChannels(due.severity)).flatMap((channel) => {
              const who = { ...base, userTenantId: u.tenantId, userId: u.userId, recipient: u.name };
              if (channel === 'EMAIL') return [{ ...who, channel, address: u.email }];
              if (channel === 'SMS') return u.phone ? [{ ...who, channel, address: u.phone }] : [];
              if (channel === 'IN_APP') return [{ ...who, channel, address: 'in-app' }];
              return [];
            }),
          ),
          ...(r.emails ?? []).map((address) => ({ ...base, channel: 'EMAIL', userTenantId: null, userId: null, recipient: address, address })),
          ...(r.phones ?? []).map((address) => ({ ...base, channel: 'SMS', userTenantId: null, userId: null, recipient: address, address })),
          ...(r.webhooks ?? []).map((address) => ({ ...base, channel: 'WEBHOOK', userTenantId: null, userId: null, recipient: 'webhook', address })),
        ];
        await repo.enqueue(rows);
        queued += rows.length;
        // The next repeat after now (a server down for a while does not send the missed ones at once).
        let next: Date | null = null;
        if (level.repeatMinutes !== null) {
          const step = level.repeatMinutes * MINUTE;
          let t = due.nextAt.getTime() + step;
          if (t <= nowMs) t += Math.ceil((nowMs - t + 1) / step) * step;
          next = new Date(t);
        }
        await repo.setNext(due.tenantId, due.alertId, due.level, next, true);
      }
      return queued;
    });
  }

  /** Sends the due outbox rows, one message per channel and address. */
  async dispatch(limit = 500): Promise<{ sent: number; failed: number }> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new NotificationRepository(trx);
      const nowMs = this.now();
      const now = new Date(nowMs);
      const rows = await repo.takeDue(now, limit);
      const groups = new Map<string, OutboxRow[]>();
      for (const row of rows) {
        const key = `${row.channel}\u0000${row.userTenantId ?? ''}:${row.userId ?? ''}\u0000${row.address}`;
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
      let sent = 0;
      let failed = 0;
      for (const group of groups.values()) {
        // One alert listed once, even when two levels named the same person.
        const alerts = [...new Map(group.map((g) => [g.alertId, g])).values()];
        const ids = group.map((g) => ({ tenantId: g.tenantId, id: g.id }));
        try {
          const result = await this.deliver(repo, group, alerts, now);
          await repo.markSent(ids, result, now);
          sent += group.length;
        } catch (error) {
          const attempts = Math.max(...group.map((g) => g.attempts)) + 1;
          const next = attempts >= MAX_ATTEMPTS ? null : new Date(nowMs + MINUTE * 2 ** (attempts - 1));
          await repo.markFailed(ids, (error as Error).message.slice(0, 500), next);
          failed += group.length;
        }
      }
      return { sent, failed };
    });
  }

  private async deliver(repo: NotificationRepository, group: readonly OutboxRow[], alerts: OutboxRow[], now: Date): Promise<string> {
    const first = group[0]!;
    const worst = alerts.map((a) => a.severity).sort((a, b) => SEVERITY_RANK.indexOf(a) - SEVERITY_RANK.indexOf(b))[0]!;
    const title = alerts.length === 1 ? `${worst} alert: ${alerts[0]!.message}` : `${alerts.length} alerts opened (${worst})`;
    // The alert's page of the web app (APP_PATHS.app.alert), where it is acknowledged.
    const link = (id: string) => (this.deps.publicUrl ? ` ${this.deps.publicUrl}${APP_PATHS.app.alert.replace(':id', id)}` : '');
    const lines = alerts.map((a) => `- [${a.severity}] ${a.message} (alert ${a.alertId})${link(a.alertId)}`);
    const text = `${lines.join('\n')}\n\nAcknowledge in Enviro to stop the reminders.`;
    const key = deliveryKey(group);
    switch (first.channel) {
      case 'EMAIL':
        await this.deps.mailer.send({
          to: first.address,
          messageId: `<alerts.${key}@${this.deps.publicUrl ? new URL(this.deps.publicUrl).hostname : 'enviro.localhost'}>`,
          subject: title.slice(0, 200),
          text,
          html: `<ul>${alerts.map((a) => `<li>[${escapeHtml(a.severity)}] ${escapeHtml(a.message)}</li>`).join('')}</ul><p>Acknowledge in Enviro to stop the reminders.</p>`,
        });
        return 'accepted by the SMTP server';
      case 'SMS':
        await this.deps.sms.send(first.address, alerts.length === 1 ? `Enviro ${worst}: ${alerts[0]!.message}`.slice(0, 300) : `Enviro: ${alerts.length} alerts opened, worst ${worst}`);
        return 'accepted by the SMS gateway';
      case 'IN_APP':
        await repo.insertInApp({ tenantId: first.userTenantId!, userId: first.userId!, alertIds: alerts.map((a) => a.alertId), severity: worst, title: title.slice(0, 300), body: lines.join('\n'), now });
        return 'shown in the app';
      case 'WEBHOOK': {
        const status = await this.deps.webhooks.post(
          first.address,
          {
            event: 'alerts.opened',
            at: now.toISOString(),
            notificationIds: group.map((g) => Number(g.id)).sort((a, b) => a - b),
            alerts: alerts.map((a) => ({ id: Number(a.alertId), tenantId: a.tenantId, severity: a.severity, message: a.message })),
          },
          { idempotencyKey: key },
        );
        return `webhook answered ${status}`;
      }
      default:
        throw new Error(`unknown channel ${first.channel}`);
    }
  }
}

const SEVERITY_RANK = ['CRITICAL', 'MAJOR', 'MINOR', 'WARNING'];

/**
 * The identity of one message: its tenant and outbox rows (notification ids). Sent again for the
 * same rows (a retry, or after a crash between the send and its record) it is the same, so a
 * webhook receiver de-duplicates on `Idempotency-Key` and a mail client on `Message-ID`.
 */
export function deliveryKey(group: readonly Pick<OutboxRow, 'tenantId' | 'id'>[]): string {
  const ids = group.map((g) => `${g.tenantId}:${g.id}`).sort();
  return createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 32);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
