import { APP_PATHS } from '@enviro/domain/app-paths';
import type { Db } from '../../platform/database/database.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { regulatorStoppedMail } from '../../platform/mail/templates.ts';
import type { MappingStopped } from './outbox.ts';
import { errorMeanings } from './regulator-logs.service.ts';
import { RegulatorStopsRepository } from './regulator-stops.repository.ts';

/**
 * Mails the administrators of an industry (and the site administrators) that a configuration error
 * the regulator answered stopped the industry on a connection, with the code, the regulator's words,
 * what it means and the page to fix it on. A mail that fails is logged; the stop stays shown on the
 * pages whatever the mail did.
 */
export function regulatorStopNotifier(db: Db, mailer: Mailer, publicUrl: string, log: { error(obj: object, msg: string): void }): (stop: MappingStopped) => Promise<void> {
  const repo = new RegulatorStopsRepository(db);
  return async (stop) => {
    const meaning = errorMeanings()[stop.code] ?? 'not a known code of this protocol';
    const link = `${publicUrl}${APP_PATHS.app.regulatorIndustry.replace(':tenantId', String(stop.tenantId))}`;
    for (const r of await repo.recipients(stop.tenantId, stop.connectionId)) {
      const message = regulatorStoppedMail(r.email, { name: r.name, industry: r.industry, connection: r.connection, code: stop.code, message: stop.message, meaning, device: stop.regulatorDeviceId, link });
      await mailer.send(message).catch((error: unknown) => log.error({ err: error, to: r.email }, 'regulator stop mail failed'));
    }
  };
}
