import { createHash } from 'node:crypto';
import { ALERT_SEVERITIES, defaultNotificationChannels, type AlertSeverity } from '@enviro/contracts/alerts';
import { formatInstant } from '@enviro/domain/format-date';
import { formatPhone } from '@enviro/domain/format-phone';
import { escapeHtml } from '../../platform/mail/templates.ts';
import type { Db } from '../../platform/database/database.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import type { WebhookSender } from '../../platform/webhook/webhook-sender.ts';
import { alertNotice, noticeFacts, webhookFacts, worstSeverity, type AlertNoticeFacts } from './alert-notice.ts';
import { AlertEpisodeRepository } from './alerts.repository.ts';
import { NotificationRepository, type OutboxRow } from './notifications.repository.ts';

const MINUTE = 60_000;

/** Attempts before a notification is given up (FAILED); waits between them double from 1 minute. */
export const MAX_ATTEMPTS = 5;

/** Channels of a user who chose none for a severity (an unknown severity: the most severe's). */
const defaultChannels = (severity: string): string[] =>
  defaultNotificationChannels((ALERT_SEVERITIES as readonly string[]).includes(severity) ? (severity as AlertSeverity) : 'CRITICAL');

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

/**
 * Pictures to attach to an alert's mail: the cameras module's snapshots of the alert's station
 * (given late through `AlertsModule.showSnapshotsFrom`, so alerts never import cameras).
 */
export interface AlertAttachments {
  snapshots(alerts: readonly { tenantId: number; alertId: string }[]): Promise<{ alertId: string; camera: string; takenAt: Date; jpeg: Buffer }[]>;
}

export interface NotifierDeps {
  mailer: Mailer;
  sms: SmsProvider;
  webhooks: WebhookSender;
  /** Camera snapshots attached to mails; unset, none. */
  attachments?: AlertAttachments;
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
              // Only to a number its owner confirmed: a mistyped one would tell a stranger.
              if (channel === 'SMS') return u.phone && u.phoneVerified ? [{ ...who, channel, address: u.phone }] : [];
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

  /**
   * Sends the due outbox rows, one message per channel and address. Every message of the pass is
   * written from the alerts as they are now (read once); in-app notifications go last, so each says
   * what else was sent to its user in the pass.
   */
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
      const keys = [...new Map(rows.map((r) => [`${r.tenantId}:${r.alertId}`, { tenantId: r.tenantId, alertId: r.alertId }])).values()];
      const facts = new Map((await new AlertEpisodeRepository(trx).noticeRows(keys)).map((r) => [`${r.tenant_id}:${r.id}`, noticeFacts(r)]));
      const ordered = [...groups.values()].sort((a, b) => Number(a[0]!.channel === 'IN_APP') - Number(b[0]!.channel === 'IN_APP'));
      const outcomes: Outcome[] = [];
      let sent = 0;
      let failed = 0;
      for (const group of ordered) {
        // One alert listed once, even when two levels named the same person.
        const alerts = [...new Map(group.map((g) => [g.alertId, g])).values()];
        const ids = group.map((g) => ({ tenantId: g.tenantId, id: g.id }));
        const first = group[0]!;
        const outcome = { channel: first.channel, userKey: userKey(first), address: first.address, alertIds: alerts.map((a) => a.alertId), ok: true };
        try {
          const told = alerts.map((a) => {
            const f = facts.get(`${a.tenantId}:${a.alertId}`);
            if (!f) throw new Error(`alert ${a.alertId} or its rule, device or industry is gone`);
            return f;
          });
          const result = await this.deliver(repo, group, alerts, told, outcomes, now);
          await repo.markSent(ids, result, now);
          sent += group.length;
        } catch (error) {
          outcome.ok = false;
          const attempts = Math.max(...group.map((g) => g.attempts)) + 1;
          const next = attempts >= MAX_ATTEMPTS ? null : new Date(nowMs + MINUTE * 2 ** (attempts - 1));
          await repo.markFailed(ids, (error as Error).message.slice(0, 500), next);
          failed += group.length;
        }
        outcomes.push(outcome);
      }
      return { sent, failed };
    });
  }

  private async deliver(
    repo: NotificationRepository,
    group: readonly OutboxRow[],
    alerts: OutboxRow[],
    facts: readonly AlertNoticeFacts[],
    earlier: readonly Outcome[],
    now: Date,
  ): Promise<string> {
    const first = group[0]!;
    const notice = alertNotice(facts, this.deps.publicUrl);
    const worst = worstSeverity(alerts.map((a) => a.severity));
    const key = deliveryKey(group);
    switch (first.channel) {
      case 'EMAIL': {
        // Snapshots of the station's cameras (taken within a minute of the alert opening: a reminder carries them).
        const pictures = ((await this.deps.attachments?.snapshots(alerts.map((a) => ({ tenantId: a.tenantId, alertId: a.alertId })))) ?? []).slice(0, 4);
        const note = pictures.length ? `\nCamera snapshots attached: ${pictures.map((p) => `${p.camera} at ${formatInstant(p.takenAt)} IST`).join('; ')}.\n` : '';
        await this.deps.mailer.send({
          to: first.address,
          messageId: `<alerts.${key}@${this.deps.publicUrl ? new URL(this.deps.publicUrl).hostname : 'enviro.localhost'}>`,
          subject: notice.subject,
          text: notice.text + note,
          html: note ? notice.html.replace('</body>', `<p>${escapeHtml(note.trim())}</p></body>`) : notice.html,
          ...(pictures.length ? { attachments: pictures.map((p, i) => ({ filename: `alert-${p.alertId}-snapshot-${i + 1}.jpg`, content: p.jpeg, contentType: 'image/jpeg' })) } : {}),
        });
        return 'accepted by the SMTP server';
      }
      case 'SMS':
        await this.deps.sms.send(first.address, notice.sms);
        return 'accepted by the SMS gateway';
      case 'IN_APP': {
        const also = sentAlongside(earlier, userKey(first), alerts.map((a) => a.alertId));
        const body = also ? `${notice.body}\n${also}` : notice.body;
        await repo.insertInApp({ tenantId: first.userTenantId!, userId: first.userId!, alertIds: alerts.map((a) => a.alertId), severity: worst, title: notice.title, body, now });
        return 'shown in the app';
      }
      case 'WEBHOOK': {
        const status = await this.deps.webhooks.post(
          first.address,
          {
            event: 'alerts.opened',
            at: now.toISOString(),
            notificationIds: group.map((g) => Number(g.id)).sort((a, b) => a - b),
            alerts: alerts.map((a, i) => ({ id: Number(a.alertId), tenantId: a.tenantId, severity: a.severity, message: a.message, ...webhookFacts(facts[i]!, this.deps.publicUrl) })),
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

/** What one message of a pass did, for the in-app notification of the same user. */
interface Outcome {
  channel: string;
  userKey: string;
  address: string;
  alertIds: string[];
  ok: boolean;
}

const userKey = (r: Pick<OutboxRow, 'userTenantId' | 'userId'>) => `${r.userTenantId ?? ''}:${r.userId ?? ''}`;

/** 'Also sent to you by e-mail to … and SMS to ….': the mails and SMS of the pass to the user about these alerts. */
function sentAlongside(outcomes: readonly Outcome[], user: string, alertIds: readonly string[]): string {
  const parts = outcomes
    .filter((o) => o.userKey === user && (o.channel === 'EMAIL' || o.channel === 'SMS') && o.alertIds.some((id) => alertIds.includes(id)))
    .map((o) => `${o.channel === 'EMAIL' ? 'e-mail to' : 'SMS to'} ${o.channel === 'SMS' ? formatPhone(o.address) : o.address}${o.ok ? '' : ' (failed; retrying)'}`);
  return parts.length > 0 ? `Also sent to you by ${parts.join(' and ')}.` : '';
}

/**
 * The identity of one message: its tenant and outbox rows (notification ids). Sent again for the
 * same rows (a retry, or after a crash between the send and its record) it is the same, so a
 * webhook receiver de-duplicates on `Idempotency-Key` and a mail client on `Message-ID`.
 */
export function deliveryKey(group: readonly Pick<OutboxRow, 'tenantId' | 'id'>[]): string {
  const ids = group.map((g) => `${g.tenantId}:${g.id}`).sort();
  return createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 32);
}

