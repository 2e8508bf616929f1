import { APP_PATHS } from '@enviro/domain/app-paths';
import { REMINDER_DAYS, daysLeft, reminderStep } from '@enviro/domain/consent-validity';
import { DEFAULT_TIME_ZONE, addDays, dayOf } from '@enviro/domain/time-zone';
import type { Db } from '../../platform/database/database.ts';
import { startPollingWorker, type PollingWorker } from '../../platform/jobs/polling-worker.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { consentExpiryMail } from '../../platform/mail/templates.ts';
import type { UserAccountService } from '../users/user-accounts.service.ts';
import { ConsentRepository } from './consents.repository.ts';

export interface ReminderDeps {
  db: Db;
  users: UserAccountService;
  mailer: Mailer;
  publicUrl: string;
  now?: () => number;
}

/**
 * One pass of the consent reminders: for each consent in force that has reached a step (60, 30 or 7
 * days before its expiry, or expired) with no reminder of that step or a nearer one yet, mails the
 * industry's administrators. The step is claimed by a row inserted in the transaction that sends
 * the mails, so it is mailed once however many servers run this, and again on the next pass if the
 * mail server refused it (the row is rolled back). Answers how many steps it mailed.
 */
export async function sendConsentReminders({ db, users, mailer, publicUrl, now = Date.now }: ReminderDeps): Promise<number> {
  const today = dayOf(now(), DEFAULT_TIME_ZONE);
  const consents = new ConsentRepository(db);
  let sent = 0;
  for (const c of await consents.nearingExpiry(addDays(today, REMINDER_DAYS[0]))) {
    const days = daysLeft(c.expires_on, today);
    const step = reminderStep(days);
    if (step === null || c.sent_steps.some((s) => s <= step)) continue;
    const mailed = await db.transaction().execute(async (trx) => {
      const admins = await users.in(trx).administrators(c.tenant_id);
      if (!(await consents.in(trx).claimReminder(c.tenant_id, Number(c.id), step, admins.length))) return false;
      const [consent] = await consents.in(trx).list([c.tenant_id], null, { id: Number(c.id) });
      const link = `${publicUrl}${APP_PATHS.app.documents}?tab=consents&tenant=${c.tenant_id}`;
      for (const admin of admins) {
        await mailer.send(
          consentExpiryMail(admin.email, { name: admin.name, industry: consent!.tenant_name, kind: consent!.kind, number: consent!.number, station: consent!.entity_name, expiresOn: c.expires_on, daysLeft: days, link }),
        );
      }
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}

/** The reminders' background job: a pass every 10 minutes on each server (the claims keep them from mailing twice). */
export function startConsentReminderWorker(deps: ReminderDeps, log: { error(obj: object, msg: string): void }): PollingWorker {
  return startPollingWorker(
    async () => {
      await sendConsentReminders(deps);
      return false;
    },
    { idleMs: 10 * 60_000, onError: (error) => log.error({ err: error }, 'consent reminders failed') },
  );
}
