import type { AlertSeverity, InAppNotification, NotificationList, NotificationPreferences, UserNotificationChannel } from '@enviro/contracts/alerts';
import { ALERT_SEVERITIES, defaultNotificationChannels } from '@enviro/contracts/alerts';
import { assertSignedIn } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest } from '../../platform/errors.ts';
import { NotificationRepository } from './notifications.repository.ts';

/** The signed-in user's in-app notifications (the bell) and channel choice per severity. */
export class NotificationService {
  private readonly notifications: NotificationRepository;

  constructor(
    db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.notifications = new NotificationRepository(db);
  }

  /** GET /api/notifications: the newest, and the unread count. */
  async list(auth: Auth, limit: number): Promise<NotificationList> {
    const user = assertSignedIn(auth);
    const [rows, unread] = await Promise.all([
      this.notifications.inApp(user.homeTenantId, user.userId, limit),
      this.notifications.unread(user.homeTenantId, user.userId),
    ]);
    const items: InAppNotification[] = rows.map((r) => ({
      id: Number(r.id),
      alertId: r.alert_ids[0] === undefined ? null : Number(r.alert_ids[0]),
      alertIds: r.alert_ids.map(Number),
      severity: r.severity as AlertSeverity,
      title: r.title,
      body: r.body,
      createdAt: r.created_at.toISOString(),
      readAt: r.read_at === null ? null : r.read_at.toISOString(),
    }));
    return { unread, items };
  }

  /** POST /api/notifications/read: some ids (others' ids change nothing) or all. */
  async read(auth: Auth, body: { ids?: number[] | undefined; all?: boolean | undefined }): Promise<NotificationList> {
    const user = assertSignedIn(auth);
    await this.notifications.markRead(user.homeTenantId, user.userId, body.all === true ? 'all' : (body.ids ?? []), new Date(this.now()));
    return { unread: await this.notifications.unread(user.homeTenantId, user.userId), items: [] };
  }

  /** GET /api/notificationPreferences: every severity, chosen or default. */
  async preferences(auth: Auth): Promise<NotificationPreferences> {
    const user = assertSignedIn(auth);
    const chosen = await this.notifications.preferences(user.homeTenantId, user.userId);
    return {
      preferences: ALERT_SEVERITIES.map((severity) => ({
        severity,
        channels: (chosen.find((c) => c.severity === severity)?.channels as UserNotificationChannel[] | undefined) ?? defaultNotificationChannels(severity),
      })),
    };
  }

  /** PUT /api/notificationPreferences: the severities given replace their choice; others go back to the default. */
  async putPreferences(auth: Auth, body: NotificationPreferences): Promise<NotificationPreferences> {
    const user = assertSignedIn(auth);
    const seen = new Set<string>();
    for (const [i, p] of body.preferences.entries()) {
      if (seen.has(p.severity)) throw badRequest(`body.preferences.${i}.severity`, `${p.severity} is given twice`);
      seen.add(p.severity);
    }
    await this.notifications.putPreferences(user.homeTenantId, user.userId, body.preferences.map((p) => ({ severity: p.severity, channels: [...new Set(p.channels)] })));
    return this.preferences(auth);
  }
}
